import { describe, expect, it } from 'vitest';
import { QuoteViewResponse } from '../../src/api/schemas/quoteCommands';
import type { Db } from '../../src/server/store/db';
import { rebuildProjections } from '../../src/server/projections';
import { entityApi, expectStatus, userWith } from '../support/entityApi';
import { expectError } from '../support/http';
import { ACCOUNTING, AGENT, INTERNAL, LAKESIDE, MANAGER, NORTHWIND_AUSTIN } from '../support/personas';
import { newQuote, quoteApi } from '../support/quoteApi';
import { entityIdOf } from '../support/records';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// Who sees a quote (docs/conventions.md "Scope"): the entity it was made for and the agencies above it,
// and staff; anyone else gets 404. And the read tables come back from the log alone.
async function quoteTables(db: Db) {
  return {
    quotes: await db.selectFrom('quotes').selectAll().orderBy('uuid').execute(),
    quote_pets: await db
      .selectFrom('quote_pets')
      .selectAll()
      .orderBy('quote_uuid')
      .orderBy('pet_id')
      .execute(),
  };
}

describe.each(testDatabases())('quote scope and projections on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const q = quoteApi(e);
  const db = () => s.t.server.database.db;

  it('shows a quote made for Northwind Austin to Northwind’s manager and to staff, not to Lakeside', async () => {
    const quote = await q.create();
    for (const email of [AGENT, MANAGER, INTERNAL]) {
      const response = await e.get(`/v2/quote/${quote.uuid}`, email);
      expectStatus(response, 200);
      expect(QuoteViewResponse.parse(response.body).data.uuid).toBe(quote.uuid);
    }
    expect((await q.view(quote.uuid, MANAGER)).entity_code).toBe(NORTHWIND_AUSTIN);

    const lakeside = await userWith(db(), {
      entityCode: LAKESIDE,
      userType: 'external',
      privilegeCodes: ['quote_new'],
    });
    expectError(await e.get(`/v2/quote/${quote.uuid}`, lakeside), 404);
    expectError(await q.act('GET', 'quoteView', { uuid: quote.uuid }, { email: lakeside }), 404);
    expectError(await q.act('POST', 'back', { uuid: quote.uuid }, { email: lakeside }), 404);
  });

  it('refuses users without a quoting privilege with 403', async () => {
    const quote = await q.create();
    expectError(await e.get(`/v2/quote/${quote.uuid}`, ACCOUNTING), 403);
    expectError(await q.act('POST', 'createQuote', newQuote, { email: ACCOUNTING }), 403);
  });

  it('quotes for another entity when staff act for it, by header or meta.agent.entityCode', async () => {
    const austinId = await entityIdOf(db(), NORTHWIND_AUSTIN);
    const byMeta = await q.create(newQuote, {
      email: INTERNAL,
      meta: { agent: { entityCode: NORTHWIND_AUSTIN } },
    });
    const byHeader = await q.create(newQuote, { email: INTERNAL, actingFor: NORTHWIND_AUSTIN });
    for (const quote of [byMeta, byHeader]) {
      expect(quote.entity_code).toBe(NORTHWIND_AUSTIN);
      const started = await db()
        .selectFrom('events')
        .select(['data', 'metadata'])
        .where('stream_type', '=', 'quote')
        .where('stream_id', '=', quote.uuid)
        .where('version', '=', 1)
        .executeTakeFirstOrThrow();
      expect(started.data).toMatchObject({ entityCode: NORTHWIND_AUSTIN, entityId: austinId });
      expect(started.metadata).toMatchObject({ entityId: austinId });
      // Made for Austin, so Austin's agent sees it.
      expect((await q.view(quote.uuid, AGENT)).uuid).toBe(quote.uuid);
    }
  });

  it('rebuilds the quote tables from the log', async () => {
    const quote = await q.create();
    await q.command('answerUnderwriting', await q.answers(quote, ['Tom']));
    await q.command('removePet', { uuid: quote.uuid, petId: quote.pets.find((p) => p.name === 'Tom')!.id });
    await q.command('chooseCoverage', { uuid: quote.uuid, pets: [{ petId: quote.pets[0]!.id }] });
    const before = await quoteTables(db());
    expect(before.quotes.length).toBeGreaterThan(0);
    await rebuildProjections(db());
    expect(await quoteTables(db())).toEqual(before);
    expect((await q.view(quote.uuid)).step).toBe('checkout');
  });
});
