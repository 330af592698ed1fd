import { randomUUID } from 'node:crypto';
import { businessDate } from '../../../calendar';
import { readStream, type EventMetadata, type Trx } from '../../store/eventStore';
import { storeContent } from '../matters/contentStore';
import type { DocumentGenerated } from '../matters/matterEvents';
import { appendToRentersPolicy } from './appendToRentersPolicy';
import { rentersDeclarationsPdf } from './rentersDeclarationsPdf';
import { RENTERS_POLICY_STREAM } from './rentersPolicyEvents';

// The documents the business generates for a renters policy, as the pet line's (policyDocuments.ts): made in
// the transaction of the act that causes them, stored in matter_contents and announced by
// renters.documentGenerated, which the matter projection lists in policy_documents for the Documents tab and
// its download (docs/renters-policy-record.md "Documents").

// The declarations page: at issue, and again ("changed") after an edit of the insured data.
export async function storeRentersDeclarations(
  trx: Trx,
  metadata: EventMetadata,
  policyNumber: string,
  options: { changed: boolean; recordedAt?: Date | undefined },
): Promise<string> {
  const events = await readStream(trx, RENTERS_POLICY_STREAM, policyNumber);
  const bytes = await rentersDeclarationsPdf(events, options.changed);
  const content = await storeContent(trx, bytes, 'application/pdf');
  const version = events.at(-1)!.version;
  const data: DocumentGenerated = {
    documentId: randomUUID(),
    type: 'DECLARATION',
    name: `${options.changed ? 'changed-declarations' : 'declarations'}-${policyNumber}-v${version}.pdf`,
    ...content,
  };
  const { recordedAt } = options;
  await appendToRentersPolicy(
    trx,
    metadata,
    policyNumber,
    [{ type: 'renters.documentGenerated', data: { ...data }, ...(recordedAt && { recordedAt }) }],
    businessDate(recordedAt ?? metadata.at),
  );
  return data.documentId;
}
