import { sql, type RawBuilder } from 'kysely';
import { expect } from 'vitest';
import { EntityResponse } from '../../src/api/schemas/entities';
import { QuoteCommandAnswer } from '../../src/api/schemas/quoteCommands';
import { UserSearchResponse } from '../../src/api/schemas/users';
import type { Db } from '../../src/server/store/db';
import { runBounded, shuffled } from './burst';
import type { EntityApi } from './entityApi';
import type { ApiResponse } from './http';
import { ACCOUNTING, ADMIN, AGENT, HOUSE, INTERNAL, REPORTS, REVIEWER } from './personas';
import { newQuote, purchaseOf, quoteApi, quoteAtCheckout, tokenFor, uniqueCustomer } from './quoteApi';

// A burst of writes whose every acknowledged (2xx) answer is written down, so that after a crash the test
// can ask the restarted server and the database for each of them: entities created, users' phones
// changed, quotes started and pet purchases (whose charge must happen once however often it is sent).

export type Ack =
  | { kind: 'entity'; id: number; code: string }
  | { kind: 'phone'; userId: number; phone: string }
  | { kind: 'quote'; uuid: string }
  | { kind: 'purchase'; uuid: string; policyNumbers: string[] };

export interface Outcome {
  // Set when the answer was 2xx.
  ack?: Ack;
  // The HTTP status, or null when no answer came (connection refused or cut).
  status: number | null;
}

// A purchase at checkout, and the exact request that buys it (resent as it is after a crash).
export interface PendingPurchase {
  uuid: string;
  request: ReturnType<typeof purchaseOf>;
}

export interface WriteTargets {
  houseId: number;
  userIds: number[];
  purchases: PendingPurchase[];
}

const EDITED_USERS = [INTERNAL, REPORTS, REVIEWER, ACCOUNTING];

// What the burst writes to: the house (parent of new entities), users to edit, and quotes at checkout.
export async function prepareWrites(e: EntityApi, purchases: number): Promise<WriteTargets> {
  const house = await e.get(`/v2/entities?filter[entityCode]=${HOUSE}&limit=1`, ADMIN);
  expect(house.status, house.text).toBe(200);
  const houseId = (house.body as { data: { id: number }[] }).data[0]!.id;
  const userIds = [];
  for (const email of EDITED_USERS) {
    const found = await e.get(`/v2/users?filter[emailAddress]=${encodeURIComponent(email)}`, ADMIN);
    expect(found.status, found.text).toBe(200);
    userIds.push(UserSearchResponse.parse(found.body).data.find((u) => u.email === email)!.id);
  }
  const q = quoteApi(e);
  const pending: PendingPurchase[] = [];
  for (let i = 0; i < purchases; i++) {
    const quote = await quoteAtCheckout(q, { email: AGENT, pets: newQuote.pets.slice(0, 1) });
    pending.push({ uuid: quote.uuid, request: purchaseOf(quote, await tokenFor(e, AGENT)) });
  }
  return { houseId, userIds, purchases: pending };
}

// Fetch throws when the server is gone; that is an answer too (none).
async function answer(send: () => Promise<ApiResponse>): Promise<ApiResponse | null> {
  try {
    return await send();
  } catch {
    return null;
  }
}

export interface BurstCounts {
  entities: number;
  phones: number;
  quotes: number;
}

// One shuffled list of single-request writes; `tag` keeps the entity codes and phones of two bursts apart.
export function writeTasks(
  e: EntityApi,
  targets: WriteTargets,
  tag: number,
  counts: BurstCounts,
): (() => Promise<Outcome>)[] {
  const q = quoteApi(e);
  const entity = (i: number) => async (): Promise<Outcome> => {
    const code = `7${tag}${String(i).padStart(2, '0')}-4242-CS`;
    const r = await answer(() =>
      e.post('/v2/entities', ADMIN, {
        entity_code: code,
        entity_name: `Crash Test Agency ${tag}-${i}`,
        master_entity_id: targets.houseId,
        type_code: 'AGENCY',
      }),
    );
    if (r?.status !== 201) return { status: r?.status ?? null };
    return { status: 201, ack: { kind: 'entity', id: EntityResponse.parse(r.body).data.id, code } };
  };
  const phone = (i: number) => async (): Promise<Outcome> => {
    const userId = targets.userIds[i % targets.userIds.length]!;
    const value = `5125${tag}${String(i).padStart(5, '0')}`;
    const r = await answer(() => e.patch(`/v2/users/${userId}`, ADMIN, { phone: value }));
    if (r?.status !== 200) return { status: r?.status ?? null };
    return { status: 200, ack: { kind: 'phone', userId, phone: value } };
  };
  const quote = () => async (): Promise<Outcome> => {
    const r = await answer(() =>
      q.act('POST', 'createQuote', { ...newQuote, customer: uniqueCustomer() }, { email: AGENT }),
    );
    if (r?.status !== 200) return { status: r?.status ?? null };
    return { status: 200, ack: { kind: 'quote', uuid: QuoteCommandAnswer.parse(r.body).data.uuid } };
  };
  const purchase = (p: PendingPurchase) => async (): Promise<Outcome> => {
    const r = await answer(() => q.act('POST', 'purchase', p.request, { email: AGENT }));
    if (r?.status !== 200) return { status: r?.status ?? null };
    const bought = QuoteCommandAnswer.parse(r.body).data.quote;
    const policyNumbers = bought.policies.map((x) => x.policy_number);
    return { status: 200, ack: { kind: 'purchase', uuid: p.uuid, policyNumbers } };
  };
  const singles = shuffled([
    ...Array.from({ length: counts.entities }, (_, i) => entity(i)),
    ...Array.from({ length: counts.phones }, (_, i) => phone(i)),
    ...Array.from({ length: counts.quotes }, () => quote()),
  ]);
  // Purchases spread through the first half, so the crash finds some finished and some under way.
  targets.purchases.forEach((p, i) => {
    const at = Math.floor(((i + 1) * singles.length) / (2 * (targets.purchases.length + 1)));
    singles.splice(at, 0, purchase(p));
  });
  return singles;
}

export interface CrashedBurst {
  outcomes: Outcome[];
  acks: Ack[];
  // Tasks the crash kept from ever starting (proof that it came mid-burst).
  neverSent: number;
}

// Runs the tasks `concurrency` at a time; once `crashAfter` writes are acknowledged it calls `crash` and
// starts no further task. Requests in flight at that moment end however the crash ends them.
export async function burstUntilCrash(
  tasks: (() => Promise<Outcome>)[],
  options: { concurrency: number; crashAfter: number; crash: () => Promise<void> },
): Promise<CrashedBurst> {
  let acked = 0;
  let crashed: Promise<void> | null = null;
  const watched = tasks.map((task) => async () => {
    const outcome = await task();
    if (outcome.ack && ++acked === options.crashAfter) crashed = options.crash();
    return outcome;
  });
  const results = await runBounded(watched, options.concurrency, () => crashed !== null);
  await crashed;
  const outcomes = results.filter((r): r is Outcome => r !== undefined);
  return {
    outcomes,
    acks: outcomes.flatMap((o) => (o.ack ? [o.ack] : [])),
    neverSent: results.length - outcomes.length,
  };
}

// Every purchase sent again with its own request: a purchase the crash interrupted is finished (charged
// once), one already done answers as it is. Answers the policy numbers of each.
export async function resendPurchases(e: EntityApi, targets: WriteTargets): Promise<Map<string, string[]>> {
  const q = quoteApi(e);
  const bought = new Map<string, string[]>();
  for (const p of targets.purchases) {
    const r = await q.act('POST', 'purchase', p.request, { email: AGENT });
    expect(r.status, r.text).toBe(200);
    const quote = QuoteCommandAnswer.parse(r.body).data.quote;
    expect(quote.step).toBe('thankYou');
    expect(quote.policies.length).toBeGreaterThan(0);
    bought.set(
      p.uuid,
      quote.policies.map((x) => x.policy_number),
    );
  }
  return bought;
}

// Each acknowledged entity, quote and purchase as the restarted server answers it (a phone may since have
// been overwritten by a later edit: expectAcksLogged finds each in the log).
export async function expectAcksServed(e: EntityApi, acks: Ack[], bought: Map<string, string[]>) {
  const q = quoteApi(e);
  for (const ack of acks) {
    if (ack.kind === 'entity') {
      const r = await e.get(`/v2/entities/${ack.id}`, ADMIN);
      expect(r.status, `entity ${ack.code}: ${r.text}`).toBe(200);
      expect(EntityResponse.parse(r.body).data.entity_code).toBe(ack.code);
    } else if (ack.kind === 'quote') {
      expect((await q.view(ack.uuid, AGENT)).uuid).toBe(ack.uuid);
    } else if (ack.kind === 'purchase') {
      expect(bought.get(ack.uuid), `policies of ${ack.uuid}`).toEqual(ack.policyNumbers);
    }
  }
}

const count = async (query: RawBuilder<{ n: number }>, db: Db) =>
  Number((await query.execute(db)).rows[0]!.n);

// Each acknowledged write as the log holds it (exactly once), and each purchase charged exactly once.
export async function expectAcksLogged(db: Db, acks: Ack[], targets: WriteTargets) {
  for (const ack of acks) {
    if (ack.kind === 'entity') {
      const n = sql<{ n: number }>`select count(*)::int as n from events
        where stream_type = 'entity' and stream_id = ${String(ack.id)} and type = 'entity.created'`;
      expect(await count(n, db), `entity.created of ${ack.code}`).toBe(1);
    } else if (ack.kind === 'phone') {
      const n = sql<{ n: number }>`select count(*)::int as n from events
        where stream_type = 'user' and stream_id = ${String(ack.userId)} and type = 'user.updated'
          and data->>'phone' = ${ack.phone}`;
      expect(await count(n, db), `user ${ack.userId} phone ${ack.phone}`).toBe(1);
    } else if (ack.kind === 'quote') {
      const n = sql<{ n: number }>`select count(*)::int as n from events
        where stream_type = 'quote' and stream_id = ${ack.uuid} and type = 'quote.started'`;
      expect(await count(n, db), `quote.started of ${ack.uuid}`).toBe(1);
    }
  }
  for (const p of targets.purchases) {
    const charges = sql<{ n: number }>`select count(*)::int as n from payment_charges
      where idempotency_key like ${`quote:${p.uuid}:%`} and outcome = 'ok'`;
    expect(await count(charges, db), `charges of ${p.uuid}`).toBe(1);
    const succeeded = sql<{ n: number }>`select count(*)::int as n from events
      where stream_type = 'quote' and stream_id = ${p.uuid} and type = 'quote.purchaseSucceeded'`;
    expect(await count(succeeded, db), `quote.purchaseSucceeded of ${p.uuid}`).toBe(1);
  }
}
