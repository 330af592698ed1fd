import { z } from 'zod';
import type { StatementEvent } from '../../../machines/commissionStatement';
import type { NewEvent } from '../../store/eventStore';

// Events of the `commission_statement` stream (stream id = statement id), folded through
// src/machines/commissionStatement.ts (docs/decisions/009). Generated and recalculated carry every line, so
// the log alone explains each total.
export const COMMISSION_STATEMENT_STREAM = 'commission_statement';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const StatementLineData = z.object({
  eventId: z.number().int(),
  policyNumber: z.string(),
  eventCode: z.string(),
  on: day,
  premiumCents: z.number().int(),
  ruleId: z.number().int().nullable(),
  amountCents: z.number().int(),
  explanation: z.string(),
});

export const StatementGenerated = z.object({
  id: z.number().int(),
  entityId: z.number().int(),
  month: z.string().regex(/^\d{4}-\d{2}$/),
  statementOn: day,
  lines: z.array(StatementLineData),
  amountCents: z.number().int(),
});
export type StatementGenerated = z.infer<typeof StatementGenerated>;

export const StatementRecalculated = z.object({
  statementOn: day,
  lines: z.array(StatementLineData),
  amountCents: z.number().int(),
  previousAmountCents: z.number().int(),
});
export type StatementRecalculated = z.infer<typeof StatementRecalculated>;

export const OverrideData = z.object({
  overrideId: z.number().int(),
  typeCode: z.string(),
  amountCents: z.number().int(),
  note: z.string().nullable(),
});
export type OverrideData = z.infer<typeof OverrideData>;
export const OverrideDeleted = z.object({ overrideId: z.number().int() });

export const StatementMarkedPaid = z.object({
  bankAccountVerified: z.boolean(),
  bankAccountId: z.string().nullable(),
  paymentAmountCents: z.number().int(),
  paidOn: day,
});
export type StatementMarkedPaid = z.infer<typeof StatementMarkedPaid>;

export const StatementDownloaded = z.object({ format: z.enum(['pdf', 'csv']) });

// The machine event a stored or proposed event stands for; markedPaid and approved carry a field the machine
// reads. An approval stored before statements could go out of date (decision 014) carries none: it was
// taken, so it reads as up to date.
export function statementMachineEvent(event: NewEvent): StatementEvent {
  if (event.type === 'statement.markedPaid') {
    return { type: 'statement.markedPaid', bankAccountVerified: event.data.bankAccountVerified === true };
  }
  if (event.type === 'statement.approved') {
    return { type: 'statement.approved', upToDate: event.data.upToDate !== false };
  }
  // An unknown type passes through as itself, which no state accepts, so it is refused rather than guessed at.
  return { type: event.type } as StatementEvent;
}

// What each event reads as in a statement's history.
export const STATEMENT_EVENT_LABELS: Readonly<Record<string, string>> = {
  'statement.generated': 'Statement generated',
  'statement.recalculated': 'Statement recalculated',
  'statement.overrideAdded': 'Override added',
  'statement.overrideUpdated': 'Override changed',
  'statement.overrideDeleted': 'Override deleted',
  'statement.approved': 'Approved',
  'statement.unapproved': 'Unapproved',
  'statement.markedPaid': 'Marked paid',
  'statement.markedUnpaid': 'Marked unpaid',
  'statement.downloaded': 'Downloaded',
};
