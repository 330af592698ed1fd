import { expect } from 'vitest';
import type { ClaimSubmitted } from '../../src/server/domain/matters/matterEvents';
import type { Db } from '../../src/server/store/db';
import type { EntityApi } from './entityApi';
import { quoteAtStep } from './journeyQuotes';

export interface BoughtPolicy {
  policyNumber: string;
  matterId: number;
  quoteUuid: string;
}

// Policies bought through the journey (three pets, so three policies), with their matter ids.
export async function buyPolicies(e: EntityApi, db: Db, email: string): Promise<BoughtPolicy[]> {
  const quote = await quoteAtStep(e, email, 'thankYou');
  expect(quote.step).toBe('thankYou');
  const rows = await db
    .selectFrom('policies')
    .select(['policy_number', 'matter_id'])
    .where('quote_uuid', '=', quote.uuid)
    .orderBy('policy_number')
    .execute();
  return rows.map((r) => ({ policyNumber: r.policy_number, matterId: r.matter_id, quoteUuid: quote.uuid }));
}

// The policy stream's event types, oldest first.
export async function policyEventTypes(db: Db, policyNumber: string): Promise<string[]> {
  const rows = await db
    .selectFrom('events')
    .select('type')
    .where('stream_type', '=', 'policy')
    .where('stream_id', '=', policyNumber)
    .orderBy('version')
    .execute();
  return rows.map((r) => r.type);
}

// A multipart upload of one file in the field `file` (or another field name).
export async function upload(
  url: string,
  token: string,
  matterId: number | string,
  file: { name: string; type: string; bytes: Uint8Array },
  field = 'file',
): Promise<{ status: number; body: unknown }> {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = await fetch(`${url}/v2/matters/${matterId}/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, body };
}

export const download = async (url: string, token: string, path: string) =>
  fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });

export type TestClaim = Omit<ClaimSubmitted, 'claimId' | 'claimNumber'>;

// A claim as submitted, every SPEC §3 fact given (docs/pet-claims.md), with what the test names changed.
export function testClaim(policyNumber: string, fields: Partial<TestClaim> = {}): TestClaim {
  return {
    policyNumber,
    source: 'VET',
    lossDate: '2026-11-20',
    reportedDate: '2026-11-21',
    treatmentStart: '2026-11-20',
    treatmentEnd: '2026-11-21',
    diagnosis: 'Superficial laceration of the left fore paw',
    conditions: [{ ailmentId: 1710, description: 'Laceration' }],
    description: 'Cut paw.',
    claimedCents: 9000,
    ...fields,
  };
}
