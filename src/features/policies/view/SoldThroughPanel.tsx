import type { PolicyView } from '../../../api/schemas/policies';
import { Facts, Panel } from '../../../ui/Panel';
import { METHOD_OPTIONS, PLATFORM_OPTIONS, wordOf, type CodeWord } from '../../../ui/quoteAttributionWords';

type SoldThrough = NonNullable<PolicyView['soldThrough']>;

const NOT_RECORDED = 'Not recorded';

function inWords(code: string | null, words: readonly CodeWord[]): string {
  return code === null ? NOT_RECORDED : wordOf(words, code);
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
          ['Platform', inWords(soldThrough.quotingPlatform, PLATFORM_OPTIONS)],
          ['Method', inWords(soldThrough.quoteMethod, METHOD_OPTIONS)],
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
