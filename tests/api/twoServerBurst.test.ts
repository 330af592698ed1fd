import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntityResponse } from '../../src/api/schemas/entities';
import { QuoteCommandAnswer } from '../../src/api/schemas/quoteCommands';
import { refundKey } from '../../src/server/domain/policies/cancellationRefundKey';
import { runBounded, shuffled } from '../support/burst';
import { statementApi, type StatementApi } from '../support/commissionStatementApi';
import { entityApi, type EntityApi } from '../support/entityApi';
import {
  eventsPerStream,
  expectRebuildReproducesReadTables,
  streamsWithGaps,
} from '../support/eventLogChecks';
import { apiFor, type ApiResponse } from '../support/http';
import {
  ACCOUNTING,
  ADMIN,
  AGENT,
  INTERNAL,
  LAKESIDE,
  NORTHWIND_DALLAS,
  PAWS_REFERRALS,
  REPORTS,
  REVIEWER,
  SUMMIT,
} from '../support/personas';
import { centralToday, issuePolicies } from '../support/policyFixtures';
import {
  newQuote,
  purchaseOf,
  quoteApi,
  quoteAtCheckout,
  tokenFor,
  uniqueCustomer,
} from '../support/quoteApi';
import { entityIdOf, userIdOf } from '../support/records';
import { startServerProcess, type ServerProcess } from '../support/serverProcess';
import { commitPetCancel } from '../support/previewedCommits';
import { startTestServer, testDatabases, type TestServer } from '../support/testServer';

// DESIGN.md "Scale": N server processes on one PostgreSQL agree because every decision is taken in the
// database. Two real server processes (src/server/main.ts, each with its own pool) share one schema and
// take a bounded burst of mixed writes, the contested ones sent to both at the same moment: the same
// policy cancelled twice, the same statement approved or paid twice, the same purchase submitted twice,
// the same entity version edited twice. An in-process server owns the schema (creates, seeds and drops
// it) and makes the fixtures; it takes no part in the burst.

const CONCURRENCY = 10;
const POLICIES = 10;
const STATEMENTS = 4;
const PURCHASES = 6;
const PLAIN_EDITS = 40;
const QUOTES = 100;
const RACED_ENTITIES = [LAKESIDE, SUMMIT, PAWS_REFERRALS, NORTHWIND_DALLAS];
const EDITED_USERS = [INTERNAL, REPORTS, REVIEWER, ACCOUNTING];
const PAIRS = POLICIES + 2 * STATEMENTS + PURCHASES + RACED_ENTITIES.length;
const REQUESTS = 2 * PAIRS + 2 * PLAIN_EDITS + QUOTES;

// One task of the burst: what it was, the record it wrote to, the answers (two for a contested pair) and,
// for edits, the value each answer's request set.
interface Sent {
  kind: 'cancel' | 'approve' | 'markPaid' | 'purchase' | 'racedEdit' | 'entityEdit' | 'userEdit' | 'quote';
  key: string;
  answers: ApiResponse[];
  values?: string[];
}

const statuses = (sent: Sent) => sent.answers.map((r) => r.status).sort();
const told = (sent: Sent) =>
  `${sent.kind} ${sent.key}: ${sent.answers.map((a) => `${a.status} ${a.text.slice(0, 200)}`).join(' | ')}`;

interface Fixtures {
  policies: { policyNumber: string; matterId: number }[];
  toApprove: { id: number; entity_id: number }[];
  toPay: { id: number; entity_id: number }[];
  agencyIds: number[];
  checkouts: { uuid: string; request: ReturnType<typeof purchaseOf> }[];
  raced: { id: number; version: number }[];
  userIds: number[];
}

// Through the owner: policies to cancel, pending statements to approve, approved ones (with a verified
// bank account) to pay, quotes at checkout, the versions of the entities to race on.
async function makeFixtures(owner: TestServer, e: EntityApi, st: StatementApi): Promise<Fixtures> {
  const db = owner.server.database.db;
  const policies = await issuePolicies(owner, POLICIES, { email: AGENT, prefix: 'Burst' });
  const agencies = [];
  for (let i = 0; i < 2 * STATEMENTS; i++) {
    const agency = await st.newAgency();
    await st.sellRenters(agency);
    agencies.push(agency);
  }
  await st.generate();
  const statements = [];
  for (const agency of agencies) statements.push(await st.statementOf(agency));
  const toPay = statements.slice(STATEMENTS);
  for (const s of toPay) {
    await st.verifyBankAccount(s.entity_id);
    await st.commandOk(s, 'approve', REVIEWER);
  }
  const q = quoteApi(e);
  const checkouts = [];
  for (let i = 0; i < PURCHASES; i++) {
    const quote = await quoteAtCheckout(q, { email: AGENT });
    checkouts.push({ uuid: quote.uuid, request: purchaseOf(quote, await tokenFor(e, AGENT)) });
  }
  const raced = [];
  for (const code of RACED_ENTITIES) {
    const id = await entityIdOf(db, code);
    const current = await e.get(`/v2/entities/${id}`, ADMIN);
    raced.push({ id, version: EntityResponse.parse(current.body).data.version });
  }
  return {
    policies,
    toApprove: statements.slice(0, STATEMENTS),
    toPay,
    agencyIds: agencies.map((a) => a.id),
    checkouts,
    raced,
    userIds: await Promise.all(EDITED_USERS.map((email) => userIdOf(db, email))),
  };
}

// The burst's tasks, one per single write or contested pair; `clients` are the two servers.
function burstTasks(f: Fixtures, clients: EntityApi[], st: StatementApi): (() => Promise<Sent>)[] {
  const both = (send: (c: EntityApi, n: number) => Promise<ApiResponse>) => Promise.all(clients.map(send));
  const either = (i: number) => clients[i % clients.length]!;
  const cancel = { cancelDate: centralToday(), reason: 'CUSTOMER_REQUEST' };
  const racedName = (i: number, n: number) => `Raced ${i} on server ${n}`;
  return [
    ...f.policies.map((p) => async (): Promise<Sent> => ({
      kind: 'cancel',
      key: p.policyNumber,
      // Each server previews and commits its own cancellation of the policy (docs/decisions/013).
      answers: await both((c) => commitPetCancel(c, p.matterId, AGENT, cancel)),
    })),
    ...f.toApprove.map((s) => async (): Promise<Sent> => ({
      kind: 'approve',
      key: String(s.id),
      answers: await both((c) => c.post(st.path(s.entity_id, s.id, '/approve'), REVIEWER, { data: {} })),
    })),
    ...f.toPay.map((s) => async (): Promise<Sent> => ({
      kind: 'markPaid',
      key: String(s.id),
      answers: await both((c) => c.post(st.path(s.entity_id, s.id, '/mark-paid'), ACCOUNTING, { data: {} })),
    })),
    ...f.checkouts.map((p) => async (): Promise<Sent> => ({
      kind: 'purchase',
      key: p.uuid,
      answers: await both((c) => quoteApi(c).act('POST', 'purchase', p.request, { email: AGENT })),
    })),
    ...f.raced.map((r, i) => async (): Promise<Sent> => ({
      kind: 'racedEdit',
      key: String(r.id),
      values: clients.map((_, n) => racedName(i, n)),
      answers: await both((c, n) =>
        c.patch(`/v2/entities/${r.id}`, ADMIN, { entity_name: racedName(i, n), version: r.version }),
      ),
    })),
    // Plain edits (no version) go to other entities than the raced ones, whose versions must hold still.
    ...Array.from({ length: PLAIN_EDITS }, (_, i) => async (): Promise<Sent> => {
      const id = f.agencyIds[i % f.agencyIds.length]!;
      const name = `Plain edit ${i}`;
      const answer = await either(i).patch(`/v2/entities/${id}`, ADMIN, { entity_name: name });
      return { kind: 'entityEdit', key: String(id), values: [name], answers: [answer] };
    }),
    ...Array.from({ length: PLAIN_EDITS }, (_, i) => async (): Promise<Sent> => {
      const id = f.userIds[i % f.userIds.length]!;
      const phone = `51277${String(i).padStart(5, '0')}`;
      const answer = await either(i).patch(`/v2/users/${id}`, ADMIN, { phone });
      return { kind: 'userEdit', key: String(id), values: [phone], answers: [answer] };
    }),
    ...Array.from({ length: QUOTES }, (_, i) => async (): Promise<Sent> => {
      const data = { ...newQuote, customer: uniqueCustomer() };
      const answer = await quoteApi(either(i)).act('POST', 'createQuote', data, { email: AGENT });
      return { kind: 'quote', key: String(i), answers: [answer] };
    }),
  ];
}

describe.skipIf(!testDatabases().includes('postgres'))(
  'a write burst to two server processes on one PostgreSQL schema',
  () => {
    let owner: TestServer;
    let servers: ServerProcess[] = [];
    const dataDirs: string[] = [];
    let f: Fixtures;
    let sent: Sent[];
    const db = () => owner.server.database.db;
    const of = (...kinds: Sent['kind'][]) => sent.filter((r) => kinds.includes(r.kind));

    beforeAll(async () => {
      owner = await startTestServer('postgres');
      const postgres = { url: owner.databaseUrl!, schema: owner.schema! };
      const started = await Promise.allSettled(
        [0, 1].map(() => {
          const dataDir = mkdtempSync(join(tmpdir(), 'two-servers-'));
          dataDirs.push(dataDir);
          return startServerProcess({ dataDir, postgres, accessTokenSecret: owner.config.accessTokenSecret });
        }),
      );
      servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      for (const s of started) if (s.status === 'rejected') throw s.reason;

      const e = entityApi(() => apiFor(owner.url));
      const st = statementApi(e, () => owner);
      f = await makeFixtures(owner, e, st);
      // Tokens signed in on one server are honoured by the other (one secret, sessions in the database).
      const clients = servers.map((server) => entityApi(() => apiFor(server.url)));
      sent = (await runBounded(shuffled(burstTasks(f, clients, st)), CONCURRENCY)).map((r) => r!);
    }, 150_000);

    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await owner?.close();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    });

    it('sends the whole burst, and every uncontested write succeeds', () => {
      expect(sent.reduce((n, r) => n + r.answers.length, 0)).toBe(REQUESTS);
      for (const r of of('quote')) expect(r.answers[0]!.status, told(r)).toBe(200);
      // Edits of one record without a version, through both servers: applied, or refused as stale.
      for (const r of of('entityEdit', 'userEdit'))
        expect([200, 409], told(r)).toContain(r.answers[0]!.status);
      for (const kind of ['entityEdit', 'userEdit'] as const) {
        expect(of(kind).filter((r) => r.answers[0]!.status === 200).length, kind).toBeGreaterThan(0);
      }
    });

    it('lets exactly one of the two servers win each contested command', () => {
      for (const r of of('cancel', 'approve', 'markPaid', 'racedEdit')) {
        expect(statuses(r), told(r)).toEqual([200, 409]);
      }
    });

    it('answers a purchase submitted to both servers with its one outcome, charged once', async () => {
      for (const r of of('purchase')) {
        expect(statuses(r), told(r)).toEqual([200, 200]);
        const [x, y] = r.answers.map((a) => QuoteCommandAnswer.parse(a.body).data.quote);
        expect(x!.step).toBe('thankYou');
        expect(x!.policies).toHaveLength(newQuote.pets.length);
        expect(y!.policies.map((p) => p.policy_number)).toEqual(x!.policies.map((p) => p.policy_number));
      }
      for (const p of f.checkouts) {
        const { rows } = await sql<{ charges: number; succeeded: number; policies: number }>`
          select
            (select count(*)::int from payment_charges
              where idempotency_key like ${`quote:${p.uuid}:%`} and outcome = 'ok') as charges,
            (select count(*)::int from events where stream_type = 'quote' and stream_id = ${p.uuid}
              and type = 'quote.purchaseSucceeded') as succeeded,
            (select count(*)::int from policies where quote_uuid = ${p.uuid}) as policies`.execute(db());
        expect(rows[0], `purchase of ${p.uuid}`).toEqual({
          charges: 1,
          succeeded: 1,
          policies: newQuote.pets.length,
        });
      }
    });

    it('keeps every stream gapless and cancels, approves and pays each record once', async () => {
      expect(await streamsWithGaps(db())).toEqual([]);
      const cancelled = await eventsPerStream(db(), 'policy', 'policy.cancelled');
      expect(f.policies.map((p) => cancelled.get(p.policyNumber))).toEqual(f.policies.map(() => 1));
      expect(Math.max(...cancelled.values())).toBe(1);
      const approved = await eventsPerStream(db(), 'commission_statement', 'statement.approved');
      const statements = [...f.toApprove, ...f.toPay];
      expect(statements.map((s) => approved.get(String(s.id)))).toEqual(statements.map(() => 1));
      const paid = await eventsPerStream(db(), 'commission_statement', 'statement.markedPaid');
      expect(f.toPay.map((s) => paid.get(String(s.id)))).toEqual(f.toPay.map(() => 1));
      expect(Math.max(...paid.values())).toBe(1);
    });

    it('refunds each cancelled policy once, through the payment service', async () => {
      const numbers = f.policies.map((p) => p.policyNumber).sort();
      const refunds = await db()
        .selectFrom('policy_refunds')
        .select(['policy_number', 'reference'])
        .where('policy_number', 'in', numbers)
        .orderBy('policy_number')
        .execute();
      expect(refunds.map((r) => r.policy_number)).toEqual(numbers);
      const paidBack = await db()
        .selectFrom('payment_refunds')
        .select(['idempotency_key', 'refund_id', 'outcome'])
        .where('idempotency_key', 'in', numbers.map(refundKey))
        .orderBy('idempotency_key')
        .execute();
      expect(paidBack.map((r) => [r.idempotency_key, r.outcome])).toEqual(
        numbers.map((n) => [refundKey(n), 'ok']),
      );
      expect(refunds.map((r) => r.reference)).toEqual(paidBack.map((r) => r.refund_id));
    });

    it('logs every applied edit exactly once and no refused one', async () => {
      for (const r of of('entityEdit', 'racedEdit', 'userEdit')) {
        const [streamType, field] = r.kind === 'userEdit' ? ['user', 'phone'] : ['entity', 'entityName'];
        for (const [i, answer] of r.answers.entries()) {
          const { rows } = await sql<{ n: number }>`
            select count(*)::int as n from events
            where stream_type = ${streamType} and stream_id = ${r.key}
              and type = ${`${streamType}.updated`} and data->>${field} = ${r.values![i]!}`.execute(db());
          expect(rows[0]!.n, told(r)).toBe(answer.status === 200 ? 1 : 0);
        }
      }
    });

    // Last: it rebuilds the read tables in place (the servers are idle by now).
    it('leaves read tables that a rebuild from the log reproduces row for row', async () => {
      await expectRebuildReproducesReadTables(db());
    });
  },
);
