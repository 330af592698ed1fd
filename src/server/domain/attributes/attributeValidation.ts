import { ATTRIBUTE_DELIMITER, attributeField } from '../../../api/schemas/attributes';
import type { AttributeDefinitionRow } from './attributeForms';
import { itemMessages } from './attributeRules';

// Checks a save of entity settings against the catalogue (SPEC §3/§5: required, read-only, delimited,
// typed rules from the server) and answers the values to store, normalised, or the field messages.
export interface SubmittedValue {
  attrib_id: number;
  attrib_value: string | null;
  // Absent keeps the stored file; only image settings take one.
  data_url?: string | null | undefined;
}

export interface StoredValue {
  value: string | null;
  dataUrl: string | null;
}

export interface SaveRights {
  // Entity administrators change read-only settings and see internal ones; agency managers neither.
  editReadonly: boolean;
  seeInternal: boolean;
}

export interface ValidatedSave {
  changes: { attribId: number; value: string | null; dataUrl: string | null }[];
  errors: Record<string, string[]>;
}

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+);base64,([A-Za-z0-9+/]+={0,2})$/;

function ruleValue(d: AttributeDefinitionRow, type: string): string | number | boolean | undefined {
  return d.validationRules.find((r) => r.type === type)?.value;
}

// Splits a list value into its items: delimited lists on commas (SPEC §3/§9), others as JSON arrays.
function itemsOf(d: AttributeDefinitionRow, value: string): string[] | null {
  if (d.isDelimited) {
    return value
      .split(ATTRIBUTE_DELIMITER)
      .map((item) => item.trim())
      .filter(Boolean);
  }
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) && parsed.every((i) => typeof i === 'string')
      ? parsed.map((i) => i.trim())
      : null;
  } catch {
    return null;
  }
}

function normalise(
  d: AttributeDefinitionRow,
  raw: string | null,
  today: string,
): { value: string | null; messages: string[] } {
  const trimmed = raw?.trim() ?? '';
  if (trimmed === '') return { value: null, messages: [] };
  const context = {
    label: d.label,
    type: d.type,
    optionValues: d.options.map((o) => o.value),
    rules: d.validationRules,
    today,
  };
  if (!d.isArray) return { value: trimmed, messages: itemMessages(trimmed, context) };

  const items = itemsOf(d, trimmed);
  if (!items) return { value: null, messages: [`${d.label} must be a list.`] };
  const messages: string[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item)) messages.push(`${d.label} lists ${item} twice.`);
    seen.add(item);
    messages.push(...itemMessages(item, context));
  }
  const minItems = ruleValue(d, 'minItems');
  const maxItems = ruleValue(d, 'maxItems');
  if (minItems !== undefined && items.length < Number(minItems)) {
    messages.push(`Choose at least ${minItems} for ${d.label}.`);
  }
  if (maxItems !== undefined && items.length > Number(maxItems)) {
    messages.push(`${d.label} may list at most ${maxItems} values.`);
  }
  const value =
    items.length === 0 ? null : d.isDelimited ? items.join(ATTRIBUTE_DELIMITER) : JSON.stringify(items);
  return { value, messages: [...new Set(messages)] };
}

function fileMessages(d: AttributeDefinitionRow, dataUrl: string): string[] {
  const match = DATA_URL.exec(dataUrl);
  if (!match) return [`The ${d.label} file must be a base64 data URL.`];
  const allowed = String(ruleValue(d, 'mimeTypes') ?? '')
    .split(',')
    .filter(Boolean);
  const messages: string[] = [];
  if (allowed.length > 0 && !allowed.includes(match[1]!)) {
    messages.push(`${d.label} must be a file of type ${allowed.map((t) => t.split('/')[1]).join(', ')}.`);
  }
  const maxKb = ruleValue(d, 'maxSizeKb');
  const bytes = Math.floor((match[2]!.length * 3) / 4);
  if (maxKb !== undefined && bytes > Number(maxKb) * 1024) {
    messages.push(`${d.label} may not be larger than ${maxKb} KB.`);
  }
  return messages;
}

// A setting counts as on when its value is present and not '0' (the "No" of yes/no selects).
const isOn = (value: string | null | undefined) => !!value && value !== '0';

export function validateAttributeSave(
  definitions: readonly AttributeDefinitionRow[],
  submitted: readonly SubmittedValue[],
  stored: ReadonlyMap<number, StoredValue>,
  rights: SaveRights,
  today: string,
): ValidatedSave {
  const byId = new Map(definitions.map((d) => [d.id, d]));
  const errors: Record<string, string[]> = {};
  const next = new Map<number, StoredValue>();
  const fail = (id: number, messages: string[]) => {
    if (messages.length > 0) (errors[attributeField(id)] ??= []).push(...messages);
  };

  for (const s of submitted) {
    const d = byId.get(s.attrib_id);
    if (!d || (!rights.seeInternal && !d.isExposed)) {
      fail(s.attrib_id, ['The selected setting is invalid.']);
      continue;
    }
    if (next.has(d.id)) {
      fail(d.id, ['The setting is given twice.']);
      continue;
    }
    const { value, messages } = normalise(d, s.attrib_value, today);
    const before = stored.get(d.id) ?? { value: null, dataUrl: null };
    let dataUrl = s.data_url === undefined ? before.dataUrl : (s.data_url ?? null);
    if (d.type !== 'image' && dataUrl !== null && s.data_url !== undefined) {
      messages.push(`${d.label} takes no file.`);
    }
    if (value === null) dataUrl = null;
    if (d.type === 'image' && dataUrl !== null && s.data_url) messages.push(...fileMessages(d, dataUrl));
    const changed = value !== before.value || dataUrl !== before.dataUrl;
    if (changed && d.isReadonly && !rights.editReadonly) {
      fail(d.id, ['You may not change this setting.']);
      continue;
    }
    fail(d.id, messages);
    next.set(d.id, { value, dataUrl });
  }

  // Required settings whose dependency (if any) is on must keep a value, given now or stored before.
  const valueOf = (id: number) => {
    const d = byId.get(id);
    return next.get(id)?.value ?? (next.has(id) ? null : (stored.get(id)?.value ?? d?.defaultValue ?? null));
  };
  for (const [id] of next) {
    const d = byId.get(id)!;
    if (!d.isRequired || next.get(id)!.value !== null || errors[attributeField(id)]) continue;
    if (d.dependencyId !== null && !isOn(valueOf(d.dependencyId))) continue;
    fail(id, [`${d.label} is required.`]);
  }
  // A dependency switched on now makes its required dependants required too.
  for (const d of definitions) {
    if (!d.isRequired || d.dependencyId === null || next.has(d.id) || !next.has(d.dependencyId)) continue;
    if (isOn(valueOf(d.dependencyId)) && valueOf(d.id) === null) fail(d.id, [`${d.label} is required.`]);
  }

  const changes = [...next.entries()]
    .filter(([id, v]) => {
      const before = stored.get(id);
      return !before || before.value !== v.value || before.dataUrl !== v.dataUrl;
    })
    .map(([attribId, v]) => ({ attribId, value: v.value, dataUrl: v.dataUrl }));
  return { changes: Object.keys(errors).length > 0 ? [] : changes, errors };
}
