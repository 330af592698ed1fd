import {
  NWP_NO_ATTRIBUTION,
  type NwpAttribution,
  type NwpGroup,
  type NwpGroupBy,
} from '../../api/schemas/reports';
import { METHOD_OPTIONS, PLATFORM_OPTIONS, wordOf } from '../../ui/quoteAttributionWords';

// How the report's attribution filters and groups read (docs/reports.md "Attribution"), in the words of
// src/ui/quoteAttributionWords.ts.
export const GROUP_BY_OPTIONS: { value: NwpGroupBy; label: string }[] = [
  { value: 'quotingPlatform', label: 'Platform' },
  { value: 'quoteMethod', label: 'Method' },
  { value: 'entitySource', label: 'Quote source' },
  { value: 'partnerCode', label: 'Partner' },
];

const NONE: Record<NwpGroupBy, string> = {
  quotingPlatform: 'No platform recorded',
  quoteMethod: 'No method recorded',
  entitySource: 'No quote source',
  partnerCode: 'No partner',
};

export function groupWords(groupBy: NwpGroupBy, group: Pick<NwpGroup, 'value' | 'label'>): string {
  if (group.value === NWP_NO_ATTRIBUTION) return NONE[groupBy];
  if (groupBy === 'quotingPlatform') return wordOf(PLATFORM_OPTIONS, group.value);
  if (groupBy === 'quoteMethod') return wordOf(METHOD_OPTIONS, group.value);
  if (groupBy === 'entitySource') return group.label ? `${group.label} (#${group.value})` : `#${group.value}`;
  return group.label ? `${group.label} (${group.value})` : group.value;
}

export const groupByWords = (groupBy: NwpGroupBy) => wordOf(GROUP_BY_OPTIONS, groupBy).toLowerCase();

// The attribution filters a report ran with, as the line above its figures says them.
export function attributionWords(a: NwpAttribution): string {
  const parts = [
    a.quotingPlatform && `platform ${wordOf(PLATFORM_OPTIONS, a.quotingPlatform).toLowerCase()}`,
    a.quoteMethod && `method ${wordOf(METHOD_OPTIONS, a.quoteMethod).toLowerCase()}`,
    a.entitySourceId !== null && `quote source #${a.entitySourceId}`,
    a.partnerCode && `partner ${a.partnerCode}`,
  ].filter(Boolean);
  return `sold through quotes with ${parts.join(', ')}`;
}
