import { sql } from 'kysely';
import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';

// The fraud rule checked when checkout is submitted (docs/purchase.md "Fraud rule"). Each part looks only at
// facts the portal holds, so a test can trigger it on purpose; the agent sees the reason, which names nothing
// of another agency's customer.
export interface FraudSubject {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export interface FraudFlag {
  rule: 'disposable_email' | 'identity_mismatch' | 'repeated_declines';
  reason: string;
}

// Declined charges of the same e-mail or phone within a day that make the next purchase suspicious.
export const DECLINES_PER_DAY = 3;

const fullName = (s: FraudSubject) => `${s.firstName} ${s.lastName}`.trim().toLowerCase();

// `now`: the business clock's instant, which the declines' events were dated by.
export async function checkFraud(db: Db | Trx, subject: FraudSubject, now: Date): Promise<FraudFlag | null> {
  const email = subject.email.trim().toLowerCase();
  const domain = email.slice(email.lastIndexOf('@') + 1);
  // The domain or any parent of it (a subdomain of a throw-away service is one too).
  const parts = domain.split('.');
  const candidates = parts.slice(0, -1).map((_, i) => parts.slice(i).join('.'));
  if (candidates.length > 0) {
    const disposable = await db
      .selectFrom('disposable_email_domains')
      .select('domain')
      .where('domain', 'in', candidates)
      .executeTakeFirst();
    if (disposable) {
      return {
        rule: 'disposable_email',
        reason: `The e-mail address is at ${disposable.domain}, a disposable mailbox service.`,
      };
    }
  }

  const other = await db
    .selectFrom('customers')
    .select('id')
    .where((eb) => eb.or([eb(sql<string>`lower(email)`, '=', email), eb('phone', '=', subject.phone)]))
    .where(sql<string>`lower(first_name || ' ' || last_name)`, '<>', fullName(subject))
    .executeTakeFirst();
  if (other) {
    return {
      rule: 'identity_mismatch',
      reason: 'This e-mail address or phone number belongs to a policyholder with another name.',
    };
  }

  const declines = await db
    .selectFrom('events')
    .innerJoin('quotes', (join) => join.on(sql`quotes.uuid::text`, '=', sql.ref('events.stream_id')))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('events.stream_type', '=', 'quote')
    .where('events.type', '=', 'quote.purchaseFailed')
    .where('events.recorded_at', '>', new Date(now.getTime() - 24 * 3_600_000))
    .where((eb) =>
      eb.or([eb(sql<string>`lower(quotes.email)`, '=', email), eb('quotes.phone', '=', subject.phone)]),
    )
    .executeTakeFirstOrThrow();
  if (Number(declines.n) >= DECLINES_PER_DAY) {
    return {
      rule: 'repeated_declines',
      reason: `Payments for this e-mail address or phone number were declined ${declines.n} times in the last 24 hours.`,
    };
  }
  return null;
}
