import { z } from 'zod';
import { pageOf } from './paging';

// The matters of a pet policy (SPEC §7 "Policies and matters"): notes, documents, files, claims, payments
// and rates. Money in decimal dollars, dates YYYY-MM-DD, timestamps ISO 8601, field names camelCase.
const day = z.string();
const timestamp = z.string();
const money = z.number();
const Person = z.object({ id: z.number().int(), name: z.string() });

export const PolicyNumberQuery = z.object({
  policyNumber: z
    .string({ error: 'The policy number is required.' })
    .trim()
    .toUpperCase()
    .regex(/^PET-[A-Z]{2}-\d{8}$/, { error: 'The policy number must look like PET-TX-00001234.' }),
});

const positiveInt = (max: number) =>
  z.coerce
    .number({ error: 'This must be a whole number.' })
    .int({ error: 'This must be a whole number.' })
    .min(1, { error: 'This must be at least 1.' })
    .max(max, { error: `This must be at most ${max}.` });

// Paged lists of a policy: ?page=1&limit=10 (payments show 5 rows by default).
export const pagingQuery = (defaultLimit: number) =>
  z.strictObject({
    page: positiveInt(1_000_000).default(1),
    limit: positiveInt(100).default(defaultLimit),
  });

export const PolicyNote = z.object({
  id: z.string(),
  note: z.string(),
  createdAt: timestamp,
  createdBy: Person.nullable(),
});
export type PolicyNote = z.infer<typeof PolicyNote>;
export const PolicyNotesPage = pageOf(PolicyNote);
export const PolicyNoteResponse = z.object({ data: PolicyNote });

export const AddPolicyNoteRequest = z.strictObject({
  data: z.strictObject({
    note: z
      .string({ error: 'The note is required.' })
      .trim()
      .min(1, { error: 'The note is required.' })
      .max(2000, { error: 'The note may be at most 2000 characters.' }),
  }),
});
export type AddPolicyNoteRequest = z.infer<typeof AddPolicyNoteRequest>;

export const DocumentType = z.enum(['DECLARATION', 'RECEIPT', 'CANCELLATION_NOTICE']);
export const PolicyDocument = z.object({
  id: z.string(),
  type: DocumentType,
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  createdAt: timestamp,
});
export type PolicyDocument = z.infer<typeof PolicyDocument>;
export const PolicyDocumentsResponse = z.object({ data: z.array(PolicyDocument) });

export const MatterFile = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedAt: timestamp,
  uploadedBy: Person.nullable(),
});
export type MatterFile = z.infer<typeof MatterFile>;
export const MatterFilesResponse = z.object({ data: z.array(MatterFile) });
export const MatterFileResponse = z.object({ data: MatterFile });
// What an upload may be (the server checks the content's own signature too).
export const UPLOAD_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'text/plain'] as const;
export const MAX_UPLOAD_MB = 10;

export const ClaimStatus = z.enum(['SUBMITTED', 'IN_REVIEW', 'APPROVED', 'DENIED', 'PAID', 'CLOSED']);
export type ClaimStatus = z.infer<typeof ClaimStatus>;
// How a claim reached the insurer (docs/pet-claims.md).
export const ClaimSource = z.enum(['PORTAL', 'EMAIL', 'VET', 'PHONE']);
export type ClaimSource = z.infer<typeof ClaimSource>;
// A claim payment is recorded once it has gone out; nothing returns or voids one (docs/pet-claims.md).
export const ClaimPaymentStatus = z.enum(['PAID']);
export const ClaimPayment = z.object({
  id: z.string(),
  paidOn: day,
  amount: money,
  method: z.string(),
  reference: z.string(),
  // SPEC §3 "Payment record: id, status, info with status, total payment amount, transaction date".
  status: ClaimPaymentStatus,
  info: z.object({ status: ClaimPaymentStatus, method: z.string(), reference: z.string() }),
  totalPaymentAmount: money,
  transactionDate: day,
});
export type ClaimPayment = z.infer<typeof ClaimPayment>;
export const ClaimStatusInfo = z
  .object({
    id: z.number().int(),
    name: z.string(),
    tooltip: z.string(),
    codes: z.array(ClaimStatus),
  })
  .describe(
    'The status as a person reads it: its fixed id, name, a sentence explaining it, and the codes it stands for.',
  );
export const ClaimCondition = z.object({
  // null on claims submitted before ailment ids were kept.
  ailmentId: z.number().int().nullable(),
  description: z.string(),
});
export type ClaimCondition = z.infer<typeof ClaimCondition>;
export const Claim = z.object({
  id: z.number().int(),
  claimNumber: z.string(),
  status: ClaimStatus,
  lossDate: day,
  reportedDate: day,
  conditions: z.array(ClaimCondition),
  description: z.string(),
  claimedAmount: money,
  approvedAmount: money.nullable(),
  paidAmount: money,
  payments: z.array(ClaimPayment),
  // SPEC §3 "Claim" by its own names (docs/pet-claims.md); null where the claim's events never said.
  source: ClaimSource.nullable(),
  amount: money.describe('The amount claimed.'),
  amountPaid: money.describe("The sum of the claim's payments."),
  diagnosis: z.string().nullable(),
  treatmentStart: day.nullable(),
  treatmentEnd: day.nullable(),
  dateOfLoss: day,
  assessedAt: timestamp.nullable().describe('When the claim was first decided (approved or denied).'),
  reassessedAt: timestamp.nullable().describe('When a decided claim was decided again; none can be today.'),
  closedAt: timestamp.nullable(),
  createdAt: timestamp,
  claimStatus: ClaimStatusInfo,
});
export type Claim = z.infer<typeof Claim>;
export const ClaimsResponse = z.object({ data: z.array(Claim) });
export const ClaimResponse = z.object({ data: Claim });

export const PolicyPayment = z.object({
  id: z.string(),
  date: day,
  type: z.enum(['PREMIUM', 'REFUND']),
  amount: money,
  method: z.string(),
  last4: z.string().nullable(),
  status: z.string(),
  reference: z.string().nullable(),
  // SPEC §3 "Payment record" (docs/pet-policy-record.md "Payments"): the same movement of money under
  // SPEC's names. One charge or refund moves one amount, so its total is that amount; the day is `date`.
  info: z.object({
    status: z.string(),
    type: z.enum(['PREMIUM', 'REFUND']),
    method: z.string(),
    last4: z.string().nullable(),
    reference: z.string().nullable(),
  }),
  totalPaymentAmount: money,
  transactionDate: day,
});
export type PolicyPayment = z.infer<typeof PolicyPayment>;
export const PolicyPaymentsPage = pageOf(PolicyPayment);

export const PolicyRates = z.object({
  policyNumber: z.string(),
  planCode: z.string(),
  planName: z.string(),
  paymentPeriod: z.string(),
  deductible: money,
  reimbursement: z.number().int(),
  copay: z.number().int(),
  // null: unlimited
  annualCoverage: money.nullable(),
  examFee: z.boolean(),
  wellnessLevel: z.string().nullable(),
  annualPremium: money,
  monthlyPayment: money.nullable(),
  downpayment: money.nullable(),
  taxes: z.object({ state: money.nullable(), municipal: money.nullable() }),
});
export type PolicyRates = z.infer<typeof PolicyRates>;
export const PolicyRatesResponse = z.object({ data: PolicyRates });
