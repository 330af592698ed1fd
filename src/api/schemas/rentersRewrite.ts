import { z } from 'zod';
import { RentersCoverageWire } from './rentersQuotes';

// GET /v2/renters/policies/{matterId}/rewrite (docs/renters-quotes.md "Rewrite"): whether the caller may
// rewrite the policy now, why not, what the rewrite starts from, and the policy that already rewrote it.
const Address = z.object({
  line_1: z.string(),
  line_2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
});

export const RentersRewriteSourceWire = z.object({
  policy_number: z.string(),
  status_code: z.string(),
  non_renew: z.boolean(),
  entity_code: z.string().nullable(),
  property: Address,
  interested_party: Address.extend({ name: z.string() }).nullable(),
  // The journey's coverage wire, as the coverage step sends it.
  coverage: RentersCoverageWire,
  customer: z.object({
    name_first: z.string(),
    name_last: z.string(),
    email: z.string(),
    // null: mail goes to the property address.
    mailing_address: Address.nullable(),
  }),
  contacts: z.array(
    z.object({
      type: z.enum(['PRIMARY', 'SECONDARY']),
      number_type: z.enum(['MOBILE', 'HOME', 'WORK']),
      number: z.string(),
      additional_info: z.string().nullable(),
      extension: z.string().nullable(),
    }),
  ),
});
export type RentersRewriteSourceWire = z.output<typeof RentersRewriteSourceWire>;

export const RentersRewriteView = z.object({
  eligible: z.boolean(),
  // The eligibility machine's reasons (rewriteBlockers); empty when eligible.
  blockers: z.array(z.string()),
  source: RentersRewriteSourceWire,
  // Where the rewrite starts unless the agent says otherwise: the first day the old policy no longer covers
  // (old_cover_ends), or today when that day has passed; the note says which, for the prefilled screen.
  effective_date: z.string(),
  old_cover_ends: z.string(),
  effective_date_note: z.string(),
  rewritten_as: z
    .object({ policy_number: z.string(), matter_id: z.number(), customer_id: z.number() })
    .nullable(),
});
export type RentersRewriteView = z.output<typeof RentersRewriteView>;

export const RentersRewriteResponse = z.object({ data: RentersRewriteView });
