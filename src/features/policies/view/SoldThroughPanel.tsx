import type { PolicyView } from '../../../api/schemas/policies';
import { Facts, Panel } from '../../../ui/Panel';

type SoldThrough = NonNullable<PolicyView['soldThrough']>;

// The quote's platform and method as an agent says them; codes the portal does not know read as sent.
const PLATFORMS: Readonly<Record<string, string>> = {
  PORTAL: 'Agent portal',
  API: 'Quote request from a connected system',
};
const METHODS: Readonly<Record<string, string>> = {
  PHONE: 'By phone',
  IN_PERSON: 'In person',
  EMAIL: 'By e-mail',
  WEB: 'On the web',
  CHAT: 'By chat',
};
const NOT_RECORDED = 'Not recorded';

function inWords(code: string | null, words: Readonly<Record<string, string>>): string {
  return code === null ? NOT_RECORDED : (words[code] ?? code);
}

function referenceOf(reference: SoldThrough['referenceData']): string {
  if (!reference) return 'None';
  const values = Object.entries(reference.values).map(([key, value]) => `${key}: ${value}`);
  return [reference.reference, ...values].filter(Boolean).join(' · ') || 'None';
}

// How the policy was sold (docs/pet-policy-record.md "Sold through"): the quote's attribution, in words.
export function SoldThroughPanel({ soldThrough }: { soldThrough: SoldThrough }) {
  return (
    <Panel title="Sold through">
      <Facts
        facts={[
          ['Agency', `${soldThrough.entityName} (${soldThrough.entityCode})`],
          ['Source', soldThrough.entitySource?.name ?? NOT_RECORDED],
          ['Platform', inWords(soldThrough.quotingPlatform, PLATFORMS)],
          ['Method', inWords(soldThrough.quoteMethod, METHODS)],
          [
            'Partner',
            soldThrough.partnerData
              ? `${soldThrough.partnerData.name} (${soldThrough.partnerData.code})`
              : 'None',
          ],
          ['Reference', referenceOf(soldThrough.referenceData)],
        ]}
      />
    </Panel>
  );
}
