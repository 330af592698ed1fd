import { randomUUID } from 'node:crypto';
import { execute } from '../../store/aggregate';
import type { Db } from '../../store/db';
import type { EventMetadata, Trx } from '../../store/eventStore';
import { policyAggregate } from './policyAggregate';
import { declarationPdf } from '../documents/declarationPdf';
import { storeContent } from '../matters/contentStore';
import { matterEvent, type DocumentType } from '../matters/matterEvents';

// Documents the business generates for a policy (the declaration at issue; receipts and cancellation
// notices have their types ready), stored with the policy and announced by policy.documentGenerated.
export async function storeDocument(
  trx: Trx,
  metadata: EventMetadata,
  policyNumber: string,
  document: { type: DocumentType; name: string; contentType: string; bytes: Uint8Array },
): Promise<string> {
  const content = await storeContent(trx, document.bytes, document.contentType);
  const documentId = randomUUID();
  await execute(
    trx,
    policyAggregate,
    policyNumber,
    [matterEvent.documentGenerated({ documentId, type: document.type, name: document.name, ...content })],
    metadata,
  );
  return documentId;
}

// Called by the purchase right after a policy is issued, in the same transaction.
export async function storeDeclaration(trx: Trx, metadata: EventMetadata, policyNumber: string) {
  const bytes = await declarationPdf(trx, policyNumber);
  return storeDocument(trx, metadata, policyNumber, {
    type: 'DECLARATION',
    name: `declaration-${policyNumber}.pdf`,
    contentType: 'application/pdf',
    bytes,
  });
}

export async function listDocuments(db: Db, policyNumber: string) {
  return db
    .selectFrom('policy_documents')
    .select(['id', 'type', 'name', 'content_type', 'size', 'created_at', 'content_id'])
    .where('policy_number', '=', policyNumber)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function findDocument(db: Db, policyNumber: string, documentId: string) {
  return db
    .selectFrom('policy_documents')
    .select(['id', 'name', 'content_type', 'content_id'])
    .where('policy_number', '=', policyNumber)
    .where('id', '=', documentId)
    .executeTakeFirst();
}
