import { z } from 'zod';
import { MAX_INT, wholeNumber } from './numbers';

// A quote's tracking information (docs/quote-actions.md "Tracking information"), SPEC §3's "partner and
// reference data", set by `PUT /v2/quotes/{uuid}/tracking` with quote_set_track_info. snake_case as the quote
// view it belongs to. Kept small: it is bookkeeping, not a document store.
export const TRACKING_LIMITS = { keys: 10, keyLength: 40, valueLength: 200 } as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: 'This field is required.' })
    .max(max, { error: `At most ${max} characters.` });

// The partner (a referral program, an aggregator, a shelter) the quote came through.
export const PartnerData = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/, {
      error: 'The partner code is 1 to 40 letters, digits, dashes or underscores.',
    }),
  name: text(100),
});
export type PartnerData = z.infer<typeof PartnerData>;

// The client's own reference for the quote, and a few named values of its own (a campaign, a lead id).
export const ReferenceData = z.strictObject({
  reference: text(100).nullable(),
  values: z
    .record(
      z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, {
        error: `A key is a letter, then letters, digits or underscores, at most ${TRACKING_LIMITS.keyLength} in all.`,
      }),
      z.string().max(TRACKING_LIMITS.valueLength, {
        error: `A value is at most ${TRACKING_LIMITS.valueLength} characters.`,
      }),
    )
    .refine((values) => Object.keys(values).length <= TRACKING_LIMITS.keys, {
      error: `At most ${TRACKING_LIMITS.keys} values.`,
    }),
});
export type ReferenceData = z.infer<typeof ReferenceData>;

// Both parts are set together: null clears one. `version` is the tracking's version the client read (0 when
// none was set); a stale one is a 409.
export const QuoteTrackingRequest = z.strictObject({
  partner_data: PartnerData.nullable(),
  reference_data: ReferenceData.nullable(),
  version: wholeNumber({ min: 0, max: MAX_INT, what: 'The version' }).optional(),
});
export type QuoteTrackingRequest = z.infer<typeof QuoteTrackingRequest>;

export const QuoteTracking = z.object({
  quote_uuid: z.string(),
  partner_data: PartnerData.nullable(),
  reference_data: ReferenceData.nullable(),
  version: z.number().int(),
  // Central time with its offset, as the quote's other timestamps.
  updated_at: z.string().nullable(),
  updated_by: z.number().int().nullable(),
});
export type QuoteTracking = z.infer<typeof QuoteTracking>;

export const QuoteTrackingResponse = z.object({ data: QuoteTracking });
