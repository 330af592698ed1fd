import type { QuoteTracking, QuoteTrackingRequest } from '../../../api/schemas/quoteTracking';
import type { Principal } from '../../access/principal';
import type { Db } from '../../store/db';
import { appendToStream, type EventMetadata } from '../../store/eventStore';
import { Conflict } from '../domainErrors';
import { requireQuoteInScope } from './quoteQueries';
import {
  QUOTE_TRACKING_STREAM,
  quoteTracking,
  trackingRow,
  type QuoteTrackingSet,
} from './quoteTrackingRows';

// SPEC §6 quote_set_track_info (docs/quote-actions.md "Tracking information"): sets both parts at once (null clears one), recorded as quoteTracking.set with
// who set it and when, by the business clock. 404 outside the caller's scope, as every quote read.
export async function setQuoteTracking(
  actor: { db: Db; principal: Principal; metadata: EventMetadata },
  uuid: string,
  request: QuoteTrackingRequest,
): Promise<QuoteTracking> {
  const { db, principal, metadata } = actor;
  await db.transaction().execute(async (trx) => {
    await requireQuoteInScope(trx, principal, uuid);
    const current = (await trackingRow(trx, uuid))?.version ?? 0;
    if (request.version !== undefined && request.version !== current) {
      throw new Conflict('The tracking information was changed by someone else; load the quote again.');
    }
    const data: QuoteTrackingSet = { partner: request.partner_data, reference: request.reference_data };
    await appendToStream(
      trx,
      QUOTE_TRACKING_STREAM,
      uuid,
      current,
      [{ type: 'quoteTracking.set', data: { ...data } }],
      metadata,
    );
  });
  return quoteTracking(db, uuid);
}
