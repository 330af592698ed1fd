import type { PartnerData, QuoteTracking, ReferenceData } from '../../../api/schemas/quoteTracking';
import type { Db } from '../../store/db';
import type { ProjectionSpec, StoredEvent, Trx } from '../../store/eventStore';
import { insertRows } from '../../store/insertRows';
import { centralTimestamp } from '../centralTime';

// A quote's tracking information (docs/quote-actions.md "Tracking information"): the partner it came through
// and the client's reference data. Bookkeeping beside the journey, not a step of it, so it has a stream of
// its own (stream id = the quote's uuid): the journey's machine ends at thankYou and abandoned and takes no
// event there, while tracking may be set at any step, a bought or abandoned quote's included.
export const QUOTE_TRACKING_STREAM = 'quoteTracking';

export interface QuoteTrackingSet {
  partner: PartnerData | null;
  reference: ReferenceData | null;
}

export async function trackingRow(db: Db | Trx, uuid: string) {
  return db.selectFrom('quote_tracking').selectAll().where('quote_uuid', '=', uuid).executeTakeFirst();
}

// The quote's tracking as the quote view and the policy show it; a quote never tracked has none.
export async function quoteTracking(db: Db | Trx, uuid: string): Promise<QuoteTracking> {
  const row = await trackingRow(db, uuid);
  return {
    quote_uuid: uuid,
    partner_data:
      row?.partner_code && row.partner_name ? { code: row.partner_code, name: row.partner_name } : null,
    reference_data:
      row && (row.reference !== null || row.reference_values !== null)
        ? { reference: row.reference, values: row.reference_values ?? {} }
        : null,
    version: row?.version ?? 0,
    updated_at: row ? centralTimestamp(row.updated_at) : null,
    updated_by: row?.updated_by ?? null,
  };
}

function rowOf(event: StoredEvent) {
  const { partner, reference } = event.data as unknown as QuoteTrackingSet;
  return {
    quote_uuid: event.streamId,
    partner_code: partner?.code ?? null,
    partner_name: partner?.name ?? null,
    reference: reference?.reference ?? null,
    reference_values: reference ? JSON.stringify(reference.values) : null,
    updated_at: event.recordedAt,
    updated_by: event.metadata.userId,
    version: event.version,
  };
}

// The last set wins: each event states the whole tracking.
async function project(trx: Trx, event: StoredEvent): Promise<void> {
  const { quote_uuid, ...row } = rowOf(event);
  await trx
    .insertInto('quote_tracking')
    .values({ quote_uuid, ...row })
    .onConflict((oc) => oc.column('quote_uuid').doUpdateSet(row))
    .execute();
}

async function projectMany(trx: Trx, streams: readonly (readonly StoredEvent[])[]): Promise<void> {
  await insertRows(
    trx,
    'quote_tracking',
    streams.filter((s) => s.length > 0).map((s) => rowOf(s.at(-1)!)),
  );
}

export const quoteTrackingProjection: ProjectionSpec = {
  streamType: QUOTE_TRACKING_STREAM,
  each: project,
  bulk: projectMany,
};
