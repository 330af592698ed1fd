import type { ColumnType, JSONColumnType } from 'kysely';

// Tables of a policy's matters (migration 010). The stored bytes are not a projection; the rest are read
// tables of the `policy` stream's annotation events and of the `claim` stream.
type Timestamp = ColumnType<Date, Date | string, Date | string>;
// Dates arrive as Date on PostgreSQL; read them through to_char as 'YYYY-MM-DD'.
type Day = ColumnType<Date | string, string, string>;

export interface MatterContentsTable {
  id: string;
  content: Uint8Array;
  size: number;
  sha256: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface PolicyDocumentsTable {
  id: string;
  policy_number: string;
  type: string;
  name: string;
  content_type: string;
  size: number;
  content_id: string;
  created_at: Timestamp;
}

export interface PolicyFilesTable {
  id: string;
  policy_number: string;
  name: string;
  content_type: string;
  size: number;
  content_id: string;
  uploaded_at: Timestamp;
  uploaded_by: number | null;
}

export interface PolicyNotesTable {
  id: string;
  policy_number: string;
  note: string;
  created_at: Timestamp;
  created_by: number | null;
  // NORMAL or HIGH; USER or SYSTEM; AGENT (whoever may open the policy) or INTERNAL (staff only).
  priority: string;
  source: string;
  visibility: string;
}

export interface ClaimsTable {
  id: number;
  claim_number: string;
  policy_number: string;
  status: string;
  loss_date: Day;
  reported_date: Day;
  // Each {ailmentId, description}; ailmentId null on claims submitted before migration 045.
  conditions: JSONColumnType<{ ailmentId: number | null; description: string }[]>;
  description: string;
  claimed_cents: number;
  approved_cents: number | null;
  paid_cents: number;
  decision_reason: string | null;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  // Migration 045: null where the claim's events did not say (submitted before it) or it has not happened.
  source: string | null;
  diagnosis: string | null;
  treatment_start: Day | null;
  treatment_end: Day | null;
  assessed_at: Timestamp | null;
  reassessed_at: Timestamp | null;
  closed_at: Timestamp | null;
}

export interface ClaimPaymentsTable {
  id: string;
  claim_id: number;
  paid_on: Day;
  amount_cents: number;
  method: string;
  reference: string;
}

export type MatterTables = {
  matter_contents: MatterContentsTable;
  policy_documents: PolicyDocumentsTable;
  policy_files: PolicyFilesTable;
  policy_notes: PolicyNotesTable;
  claims: ClaimsTable;
  claim_payments: ClaimPaymentsTable;
};
