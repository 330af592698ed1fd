import type { AttributeInput } from '../../api/schemas/attributes';
import type { HistoryEntry } from '../../api/schemas/history';
import { formatPhone } from '../../ui/format';

// Entity events in the words of the screens: field labels for keys, option labels for setting values,
// lists written out. Ids that only tie records together are left out.
const LABELS: Record<string, string> = {
  entityCode: 'Entity code',
  entityName: 'Name',
  masterEntityId: 'Parent entity id',
  dba: 'DBA',
  statusCode: 'Status',
  typeCode: 'Type',
  trackingCode: 'Tracking code',
  trackingCodeType: 'Tracking code type',
  accountManager: 'Account manager',
  addedToAccounting: 'Added to accounting',
  payoutFrequency: 'Payout frequency',
  payoutMethod: 'Payout method',
  routingNumber: 'Routing number',
  brandQuoteAppLink: 'Brand quote app link',
  canQuote: 'Can quote',
  locationId: 'Location',
  locType: 'Location type',
  code: 'Code',
  name: 'Name',
  address1: 'Address line 1',
  address2: 'Address line 2',
  city: 'City',
  stateCode: 'State',
  zip: 'ZIP code',
  isEnabled: 'In use',
  phone: 'Phone',
  extension: 'Extension',
  email: 'Email',
  notes: 'Notes',
  contactId: 'Contact',
  quoteSourceId: 'Quote source',
};

// Ids the event carries to tie rows together; the reader learns nothing from them.
const HIDDEN = new Set(['id', 'contactId', 'quoteSourceId']);

export interface HistoryContext {
  inputs: readonly AttributeInput[];
  accountManagers: ReadonlyMap<number, string>;
}

function settingValue(input: AttributeInput | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'Default';
  const text = String(value);
  if (!input || input.options.length === 0) return text;
  return text
    .split(',')
    .map((v) => input.options.find((o) => o.value === v)?.label ?? v)
    .join(', ');
}

function describeChanges(entry: HistoryEntry, context: HistoryContext): Record<string, unknown> {
  const data = entry.changes;
  switch (entry.type) {
    case 'entity.attributesSet': {
      const out: Record<string, unknown> = {};
      for (const a of (data.attributes ?? []) as { attribId: number; value: unknown; dataUrl?: unknown }[]) {
        const input = context.inputs.find((i) => i.id === a.attribId);
        const label = input?.label ?? `Setting ${a.attribId}`;
        out[label] =
          input?.type === 'image' && a.dataUrl
            ? `${String(a.value)} ${String(a.dataUrl)}`
            : settingValue(input, a.value);
      }
      return out;
    }
    case 'entity.underwritingQuestionsSet': {
      const links = (data.links ?? []) as { questionId: number; enabled: boolean }[];
      const on = links.filter((l) => l.enabled).map((l) => `#${l.questionId}`);
      const off = links.filter((l) => !l.enabled).map((l) => `#${l.questionId}`);
      return {
        'Questions asked': on.join(', ') || 'none',
        ...(off.length ? { 'Switched off': off.join(', ') } : {}),
      };
    }
    case 'entity.discountStatesSet':
      return { 'Discount states': ((data.stateCodes ?? []) as string[]).join(', ') || 'none' };
    default: {
      const out: Record<string, unknown> = {};
      // The log stores keys in its own order; show them in the order the forms do.
      const order = Object.keys(LABELS);
      const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
      for (const [key, value] of Object.entries(data).sort(([a], [b]) => rank(a) - rank(b))) {
        if (HIDDEN.has(key)) continue;
        if (key === 'accountManager' && typeof value === 'number') {
          out[LABELS[key]!] = context.accountManagers.get(value) ?? `User #${value}`;
        } else if (key === 'phone' && typeof value === 'string') {
          out[LABELS[key]!] = formatPhone(value);
        } else if (key === 'locationId') {
          out[LABELS[key]!] = `#${String(value)}`;
        } else {
          out[LABELS[key] ?? key] = value;
        }
      }
      return out;
    }
  }
}

// Event names as the screens call things ("Settings changed" rather than "Attributes set").
const TITLES: Record<string, string> = {
  'entity.attributesSet': 'entity.settingsChanged',
  'entity.updated': 'entity.detailsChanged',
};

export function describeEntityHistory(
  entries: readonly HistoryEntry[],
  context: HistoryContext,
): HistoryEntry[] {
  return entries.map((entry) => ({
    ...entry,
    type: TITLES[entry.type] ?? entry.type,
    changes: describeChanges(entry, context),
  }));
}
