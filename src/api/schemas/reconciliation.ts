import { z } from 'zod';

// The daily reconciliation of the money on the jobs screen (docs/reconciliation.md): the last run's business
// day, how many billed policies it compared and what it found.
export const DISCREPANCY_KINDS = [
  // The payment service against the billing streams.
  'charge_not_recorded',
  'collection_without_charge',
  'collection_differs',
  'purchase_charge_differs',
  'refund_not_recorded',
  'refund_without_service_refund',
  'refund_differs',
  'ledger_collected_differs',
  'ledger_refunded_differs',
  // The schedule against the prices sold.
  'schedule_differs',
  // A settled cancellation against its figures.
  'cancellation_refund_differs',
  'balance_due_differs',
] as const;
export type DiscrepancyKind = (typeof DISCREPANCY_KINDS)[number];

// At most this many discrepancies are answered; `count` says how many the run found (the command lists all).
export const RECONCILIATION_LIST_LIMIT = 200;

export const ReconciliationDiscrepancy = z.object({
  kind: z.enum(DISCREPANCY_KINDS),
  line: z.enum(['pet', 'renters']),
  policy_number: z.string(),
  // Whole cents: what the money should be and what was found (null when one side has nothing to count).
  expected_cents: z.number().int().nullable(),
  found_cents: z.number().int().nullable(),
  message: z.string(),
});
export type ReconciliationDiscrepancy = z.infer<typeof ReconciliationDiscrepancy>;

export const ReconciliationRun = z.object({
  business_date: z.string(),
  finished_at: z.string(),
  policies: z.number().int(),
  count: z.number().int(),
  discrepancies: z.array(ReconciliationDiscrepancy),
});
export type ReconciliationRun = z.infer<typeof ReconciliationRun>;

// Null before the first run.
export const ReconciliationResponse = z.object({ data: ReconciliationRun.nullable() });
