import type { Clock } from '../../../calendar';
import type { QuoteCommandResult, QuoteRefData } from '../../../api/schemas/quoteCommands';
import type { FraudWarningResult } from '../../../api/schemas/quotePurchase';
import type { Db } from '../../store/db';
import type { Principal } from '../../access/principal';
import { checkFraud } from './fraudRule';
import { quoteEvent } from './quoteEvents';
import { appendToQuote, requireWritableQuote, type QuoteActor } from './quoteExecution';
import { requireQuoteInScope } from './quoteQueries';

// Action `fraudWarning` (SPEC §7): whether the quote's customer is flagged. At the fraud warning step it is
// the warning the quote carries; once acknowledged, the quote is not flagged again; otherwise the rule
// (docs/purchase.md) is asked about the quote's customer as it stands. Writes nothing.
export async function fraudWarning(
  actor: { db: Db; principal: Principal; clock: Clock },
  uuid: string,
): Promise<FraudWarningResult> {
  await requireQuoteInScope(actor.db, actor.principal, uuid);
  const quote = await actor.db
    .selectFrom('quotes')
    .select([
      'journey_state',
      'fraud_warning',
      'fraud_acknowledged',
      'first_name',
      'last_name',
      'email',
      'phone',
    ])
    .where('uuid', '=', uuid)
    .executeTakeFirstOrThrow();
  if (quote.journey_state === 'fraudWarning') return { flagged: true, reason: quote.fraud_warning };
  if (quote.fraud_acknowledged || quote.email === null) return { flagged: false, reason: null };
  const flag = await checkFraud(
    actor.db,
    {
      firstName: quote.first_name ?? '',
      lastName: quote.last_name ?? '',
      email: quote.email,
      phone: quote.phone ?? '',
    },
    actor.clock.now(),
  );
  return { flagged: flag !== null, reason: flag?.reason ?? null };
}

// Action `acknowledgeFraud`: the agent read the warning and goes on to checkout; a later purchase of this
// quote is not flagged again.
export async function acknowledgeFraud(actor: QuoteActor, data: QuoteRefData): Promise<QuoteCommandResult> {
  await requireWritableQuote(actor, data.uuid);
  return actor.db
    .transaction()
    .execute((trx) => appendToQuote(trx, actor, data.uuid, [quoteEvent.fraudAcknowledged()], data.version));
}

// Action `abandonQuote`: the agent gives the flagged quote up. Final: every later action is refused.
export async function abandonQuote(actor: QuoteActor, data: QuoteRefData): Promise<QuoteCommandResult> {
  await requireWritableQuote(actor, data.uuid);
  return actor.db
    .transaction()
    .execute((trx) => appendToQuote(trx, actor, data.uuid, [quoteEvent.abandoned()], data.version));
}
