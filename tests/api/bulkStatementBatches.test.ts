import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BulkStatementResponse, type BulkStatementResult } from '../../src/api/schemas/commissionStatements';
import type { StatementCommand } from '../../src/machines/commissionStatement';
import { statementAggregate } from '../../src/server/domain/commission/statementAggregate';
import { runOneByOne, type Target } from '../../src/server/domain/commission/bulkStatementCommands';
import { businessToday } from '../support/businessToday';
import { REPLAYED_HEADER } from '../../src/server/http/idempotency';
import { execute } from '../../src/server/store/aggregate';
import { projectStreams } from '../../src/server/store/bulkReplay';
import {
  toStoredEvent,
  type EventActor,
  type EventMetadata,
  type StoredEvent,
} from '../../src/server/store/eventStore';
import { codeGroup, statementApi, type CodeGroup } from '../support/commissionStatementApi';
import { entityApi, expectStatus } from '../support/entityApi';
import { expectRebuildReproducesReadTables } from '../support/eventLogChecks';
import { ACCOUNTING, REVIEWER } from '../support/personas';
import { userIdOf } from '../support/records';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// The seeded statements' history, as stored: who wrote it (its moment is each event's recorded_at).
const SEEDED_BY: EventActor = { userId: null, entityId: null, requestId: 'test' };

// Bulk statement commands by filter go a batch of statements per transaction (statementBatch.ts; issue 10).
// Over several batches of statements in every state, each command must leave the log and the read tables
// exactly as the one-statement-per-transaction path leaves a twin set of statements, answer the same
// refusals, and a rebuild must reproduce the tables. A concurrent writer in the middle of a batch sends the
// batch back to the one-by-one path, so its statements still end as if each had been alone.

const STREAM = statementAggregate.streamType;
const AGENCIES = 3;
// 3 × 360 statements: batches of 500, 500 and 80.
const MONTHS = 360;
const BATCHES = 3;

const monthOf = (m: number) => `${1990 + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;

const lines = (count: number, cents: number) =>
  Array.from({ length: count }, (_, i) => ({
    eventId: 500 + i,
    policyNumber: `RNT-${String(i).padStart(6, '0')}`,
    eventCode: 'NEW',
    on: '2026-03-14',
    premiumCents: 30_000 + i,
    ruleId: null,
    amountCents: cents,
    explanation: `line ${i + 1}`,
  }));

// The history of the n-th statement of a group: pending, recalculated, downloaded, approved or paid.
function historyOf(n: number): { type: string; data: Record<string, unknown> }[] {
  const events: { type: string; data: Record<string, unknown> }[] = [];
  if (n % 5 === 1) {
    events.push({
      type: 'statement.recalculated',
      data: {
        statementOn: '2026-04-02',
        lines: lines(3, 700),
        amountCents: 2_100,
        previousAmountCents: 2_000,
      },
    });
  }
  if (n % 7 === 2) events.push({ type: 'statement.downloaded', data: { format: 'csv' } });
  if (n % 9 >= 6) events.push({ type: 'statement.approved', data: {} });
  if (n % 9 === 8) {
    events.push({
      type: 'statement.markedPaid',
      data: {
        bankAccountVerified: true,
        bankAccountId: null,
        paymentAmountCents: 2_000,
        paidOn: '2026-04-20',
      },
    });
  }
  return events;
}

interface Group extends CodeGroup {
  codes: string[];
  entityIds: number[];
}

describe.each(testDatabases())('bulk statement commands in batches on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const st = statementApi(e, () => s.t);
  const db = () => s.t.server.database.db;

  // A group of agencies, each with MONTHS statements in the states historyOf gives, written to the log and
  // projected as a bulk load would.
  async function seededGroup(agencies = AGENCIES, months = MONTHS): Promise<Group> {
    const group = codeGroup();
    const codes: string[] = [];
    const entityIds: number[] = [];
    for (let k = 0; k < agencies; k++) {
      const agency = await st.newAgency({ code: group.code(k), rules: false });
      codes.push(agency.code);
      entityIds.push(agency.id);
    }
    await db()
      .transaction()
      .execute(async (trx) => {
        const { rows: ids } = await sql<{ id: number }>`
          select nextval('commission_statement_id_seq')::int as id
          from generate_series(1, ${agencies * months})`.execute(trx);
        const values = ids.flatMap(({ id }, n) => {
          const entityId = entityIds[Math.floor(n / months)]!;
          const generated = {
            type: 'statement.generated',
            data: {
              id,
              entityId,
              month: monthOf(n % months),
              statementOn: '2026-04-01',
              lines: lines(2, 1_000),
              amountCents: 2_000,
            },
          };
          return [generated, ...historyOf(n)].map((event, i) => ({
            stream_type: STREAM,
            stream_id: String(id),
            version: i + 1,
            type: event.type,
            data: JSON.stringify(event.data),
            metadata: JSON.stringify(SEEDED_BY),
          }));
        });
        const streams = new Map<string, StoredEvent[]>();
        for (let i = 0; i < values.length; i += 1_000) {
          const rows = await trx
            .insertInto('events')
            .values(values.slice(i, i + 1_000))
            .returningAll()
            .execute();
          for (const event of rows.map(toStoredEvent)) {
            streams.set(event.streamId, [...(streams.get(event.streamId) ?? []), event]);
          }
        }
        await projectStreams(trx, STREAM, [...streams.values()]);
      });
    return { ...group, codes, entityIds };
  }

  // The group's statements as the one-by-one path takes them: by id.
  const targetsOf = (group: Group): Promise<Target[]> =>
    db()
      .selectFrom('commission_statements as s')
      .innerJoin('entities as e', 'e.id', 's.entity_id')
      .select(['s.id', 'e.entity_code', 's.month'])
      .where('e.entity_code', 'like', `${group.prefix}%`)
      .orderBy('s.id')
      .execute();

  const streamsOf = async (ids: readonly number[]) => {
    const rows = await db()
      .selectFrom('events')
      .selectAll()
      .where('stream_type', '=', STREAM)
      .where(
        'stream_id',
        'in',
        ids.map((id) => String(id)),
      )
      .orderBy('stream_id')
      .orderBy('version')
      .execute();
    const streams = new Map<number, StoredEvent[]>();
    for (const event of rows.map(toStoredEvent)) {
      const id = Number(event.streamId);
      streams.set(id, [...(streams.get(id) ?? []), event]);
    }
    return streams;
  };

  // Every statement of the group with its whole stream, keyed by agency and month rather than by ids, which
  // differ between two groups. Times differ too: each must be the time of the event that set it.
  async function snapshotOf(group: Group) {
    const rows = await db()
      .selectFrom('commission_statements as s')
      .innerJoin('entities as e', 'e.id', 's.entity_id')
      .selectAll('s')
      .select('e.entity_code')
      .where('e.entity_code', 'like', `${group.prefix}%`)
      .orderBy('e.entity_code')
      .orderBy('s.month')
      .execute();
    const streams = await streamsOf(rows.map((r) => r.id));
    const accounts = await db()
      .selectFrom('entity_bank_accounts')
      .select(['entity_id', 'id'])
      .where('entity_id', 'in', group.entityIds)
      .where('status', '=', 'active')
      .execute();
    const accountOf = new Map(accounts.map((a) => [a.entity_id, a.id]));
    // Each agency is paid into its own account: named as the agency's, once checked to be it.
    const dataOf = (event: StoredEvent, entityId: number) => {
      if (event.type === 'statement.generated')
        return { ...event.data, id: 'its id', entityId: 'its entity' };
      if (event.type !== 'statement.markedPaid' || event.data.bankAccountId === null) return event.data;
      expect(event.data.bankAccountId).toBe(accountOf.get(entityId));
      return { ...event.data, bankAccountId: 'its account' };
    };
    return rows.map((row) => {
      const stream = streams.get(row.id)!;
      const {
        id: _id,
        entity_id,
        entity_code,
        created_at,
        updated_at,
        reviewed_at,
        downloaded_at,
        ...rest
      } = row;
      expect(entity_id).toBe(group.entityIds[group.codes.indexOf(entity_code)]);
      expect(created_at).toEqual(stream[0]!.recordedAt);
      expect(updated_at).toEqual(stream.at(-1)!.recordedAt);
      const approval = stream.findLast((event) => event.type === 'statement.approved');
      expect(reviewed_at).toEqual(row.state === 'pending' ? null : approval!.recordedAt);
      const download = stream.findLast((event) => event.type === 'statement.downloaded');
      expect(downloaded_at).toEqual(download?.recordedAt ?? null);
      return {
        agency: group.codes.indexOf(entity_code),
        ...rest,
        events: stream.map((event) => ({
          type: event.type,
          version: event.version,
          data: dataOf(event, entity_id),
          metadata: event.metadata,
        })),
      };
    });
  }

  // An answer with each refusal named by agency and month, and the agency's code in a message by its place.
  const comparable = (
    group: Group,
    result: Omit<BulkStatementResult, 'matched' | 'total' | 'next_after_id'>,
  ) => ({
    affected: result.affected,
    refused: result.refused.map((r) => {
      const agency = group.codes.indexOf(r.entity_code);
      return [agency, r.statement_month, r.message.replaceAll(r.entity_code, `agency ${agency}`)];
    }),
  });

  // The newest event of the group's statements since `after`: what the bulk request appended, and with.
  const appendedSince = async (group: Group, after: string) => {
    const ids = (await targetsOf(group)).map((t) => String(t.id));
    const rows = await db()
      .selectFrom('events')
      .selectAll()
      .where('stream_type', '=', STREAM)
      .where('stream_id', 'in', ids)
      .where('position', '>', after)
      .orderBy('position')
      .execute();
    return rows.map(toStoredEvent);
  };
  const lastPosition = async () => {
    const row = await db()
      .selectFrom('events')
      .select((eb) => eb.fn.max('position').as('position'))
      .executeTakeFirstOrThrow();
    return String(row.position);
  };

  // The bulk command by filter over `batched` through the API, and the one-by-one path over `twin` with the
  // same metadata: the same answers, and the same statements and streams after.
  async function expectSameAsOneByOne(
    batched: Group,
    twin: Group,
    name: 'approve' | 'unapprove' | 'mark-paid' | 'mark-unpaid',
    command: StatementCommand,
    email: string,
    headers: Record<string, string> = {},
  ) {
    const before = await lastPosition();
    const response = await e.post(
      `/v2/commission-statements/${name}`,
      email,
      { filter: { entityCode: batched.prefix } },
      { headers },
    );
    expectStatus(response, 200);
    const answer = BulkStatementResponse.parse(response.body).data;
    expect(answer).toMatchObject({
      matched: AGENCIES * MONTHS,
      total: AGENCIES * MONTHS,
      next_after_id: null,
    });
    expect(answer.affected).toBeGreaterThan(0);
    expect(answer.refused.length).toBeGreaterThan(0);

    const appended = await appendedSince(batched, before);
    expect(appended).toHaveLength(answer.affected);
    // A transaction's events share its start time: one per batch, where one by one gives each its own.
    expect(new Set(appended.map((event) => event.recordedAt.getTime())).size).toBeLessThanOrEqual(BATCHES);
    const metadata = appended[0]!.metadata;
    for (const event of appended) expect(event.metadata).toEqual(metadata);

    const twinBefore = await lastPosition();
    // One by one, each statement's transaction is dated when it runs, as each request of its own would be.
    const eachDatedWhenRun: EventMetadata = {
      ...metadata,
      get at() {
        return new Date();
      },
    };
    const oneByOne = await runOneByOne(
      db(),
      await targetsOf(twin),
      command,
      businessToday(),
      eachDatedWhenRun,
    );
    expect(comparable(batched, answer)).toEqual(comparable(twin, oneByOne));
    const twinAppended = await appendedSince(twin, twinBefore);
    expect(new Set(twinAppended.map((event) => event.recordedAt.getTime())).size).toBeGreaterThan(BATCHES);
    expect(await snapshotOf(batched)).toEqual(await snapshotOf(twin));
    return { response, answer, metadata };
  }

  it(
    'leaves the log and read tables as one statement per transaction does, over several batches and every state',
    { timeout: 180_000 },
    async () => {
      const batched = await seededGroup();
      const twin = await seededGroup();
      expect(await snapshotOf(batched)).toEqual(await snapshotOf(twin));
      const reviewer = await db()
        .selectFrom('users')
        .select(['id', 'entity_id'])
        .where('email', '=', REVIEWER)
        .executeTakeFirstOrThrow();

      // Approve, sent with an Idempotency-Key: the events carry the user, the acting entity and the key, and
      // the retry answers the stored result without appending anything.
      const key = `bulk-batches-${database}-${Date.now()}`;
      const approved = await expectSameAsOneByOne(batched, twin, 'approve', 'approve', REVIEWER, {
        'Idempotency-Key': key,
      });
      expect(approved.metadata).toMatchObject({
        userId: reviewer.id,
        entityId: reviewer.entity_id,
        idempotencyKey: key,
      });
      expect(typeof approved.metadata.requestId).toBe('string');
      const before = await lastPosition();
      const replay = await e.post(
        '/v2/commission-statements/approve',
        REVIEWER,
        { filter: { entityCode: batched.prefix } },
        { headers: { 'Idempotency-Key': key } },
      );
      expectStatus(replay, 200);
      expect(replay.headers.get(REPLAYED_HEADER)).toBe('true');
      expect(replay.body).toEqual(approved.response.body);
      expect(await lastPosition()).toBe(before);

      // Paying needs a verified account: the third agency of each group has none.
      for (const group of [batched, twin]) {
        for (const entityId of group.entityIds.slice(0, 2)) await st.verifyBankAccount(entityId);
      }
      const paid = await expectSameAsOneByOne(batched, twin, 'mark-paid', 'markPaid', ACCOUNTING);
      expect(paid.metadata).toMatchObject({ userId: await userIdOf(db(), ACCOUNTING) });
      expect(paid.metadata).not.toHaveProperty('idempotencyKey');
      expect(paid.answer.refused.map((r) => r.message)).toContain(
        `${batched.codes[2]} has no verified bank account: verify one under Accounting → Bank Account Verification before marking its statement paid.`,
      );
      await expectSameAsOneByOne(batched, twin, 'unapprove', 'unapprove', REVIEWER);
      await expectSameAsOneByOne(batched, twin, 'mark-unpaid', 'markUnpaid', ACCOUNTING);

      await expectRebuildReproducesReadTables(db());
      expect(await snapshotOf(batched)).toEqual(await snapshotOf(twin));
    },
  );

  // Only PostgreSQL has a second writer: PGlite runs one transaction at a time.
  it.skipIf(database !== 'postgres')(
    'sends a batch a concurrent writer got into back to one statement per transaction',
    { timeout: 60_000 },
    async () => {
      const group = await seededGroup(2, 9);
      const targets = await targetsOf(group);
      const pending = (await snapshotOf(group)).filter((row) => row.state === 'pending');
      // The third pending statement is approved by another writer whose transaction is still open when the
      // bulk approve reads the batch: the batch's insert waits for it, then collides with its event.
      const contested = (await targetsOf(group)).filter(
        (t) => t.entity_code === group.codes[pending[2]!.agency] && t.month === pending[2]!.month,
      )[0]!;
      const writerActor: EventActor = { userId: null, entityId: null, requestId: 'concurrent writer' };
      const writer: EventMetadata = { ...writerActor, at: new Date() };
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let opened!: (xid: string) => void;
      const open = new Promise<string>((resolve) => (opened = resolve));
      const writing = db()
        .transaction()
        .execute(async (trx) => {
          await execute(
            trx,
            statementAggregate,
            String(contested.id),
            [{ type: 'statement.approved', data: {} }],
            writer,
          );
          const { rows } = await sql<{ xid: string }>`select pg_current_xact_id()::xid::text as xid`.execute(
            trx,
          );
          opened(rows[0]!.xid);
          await gate;
        });
      const xid = await open;
      const answering = st.bulk('approve', { filter: { entityCode: group.prefix } }, REVIEWER);
      const waitingSince = Date.now();
      for (;;) {
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from pg_locks
          where locktype = 'transactionid' and transactionid::text = ${xid} and not granted`.execute(db());
        if (rows[0]!.n > 0) break;
        expect(Date.now() - waitingSince, 'the batch waits for the writer').toBeLessThan(20_000);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      release();
      await writing;
      const response = await answering;
      expectStatus(response, 200);
      const answer = BulkStatementResponse.parse(response.body).data;

      expect(answer).toEqual({
        affected: pending.length - 1,
        matched: targets.length,
        total: targets.length,
        refused: targets
          .filter(
            (t) =>
              t.id === contested.id ||
              !pending.some((p) => group.codes[p.agency] === t.entity_code && p.month === t.month),
          )
          .map((t) => ({
            id: t.id,
            entity_code: t.entity_code,
            statement_month: t.month,
            message: 'Only a pending statement can be approved.',
          })),
        next_after_id: null,
      });
      const streams = await streamsOf(targets.map((t) => t.id));
      const contestedStream = streams.get(contested.id)!;
      expect(contestedStream.at(-1)).toMatchObject({ type: 'statement.approved', metadata: writerActor });
      expect(contestedStream.filter((event) => event.type === 'statement.approved')).toHaveLength(1);
      const reviewerId = await userIdOf(db(), REVIEWER);
      for (const p of pending) {
        const target = targets.find((t) => t.entity_code === group.codes[p.agency] && t.month === p.month)!;
        if (target.id === contested.id) continue;
        expect(streams.get(target.id)!.at(-1)).toMatchObject({
          type: 'statement.approved',
          version: p.version + 1,
          metadata: { userId: reviewerId },
        });
      }
      expect((await snapshotOf(group)).every((row) => row.state !== 'pending')).toBe(true);
      await expectRebuildReproducesReadTables(db());
    },
  );
});
