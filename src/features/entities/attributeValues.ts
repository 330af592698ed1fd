import {
  ATTRIBUTE_DELIMITER,
  type AttributeInput,
  type EntityAttributeValue,
} from '../../api/schemas/attributes';

// What the settings form holds per attribute: the value as the input shows it and, for images, the file.
export interface SettingValue {
  value: string;
  dataUrl: string | null;
}

export type SettingValues = Record<number, SettingValue>;

// Stored values, or each input's default where nothing is stored.
export function initialValues(
  inputs: readonly AttributeInput[],
  stored: readonly EntityAttributeValue[],
): SettingValues {
  const byId = new Map(stored.map((v) => [v.attrib_id, v]));
  return Object.fromEntries(
    inputs.map((input) => {
      const saved = byId.get(input.id);
      return [
        input.id,
        { value: saved?.attrib_value ?? input.defaultValue ?? '', dataUrl: saved?.data_url ?? null },
      ];
    }),
  );
}

export const splitList = (value: string) =>
  value
    .split(ATTRIBUTE_DELIMITER)
    .map((item) => item.trim())
    .filter(Boolean);

export const joinList = (items: readonly string[]) => items.join(ATTRIBUTE_DELIMITER);

// A setting counts as on when it has a value other than "0" (the No of yes/no settings).
export const isOn = (value: string | undefined) => !!value && value !== '0';

export function ruleValue(input: AttributeInput, type: string): string | number | boolean | undefined {
  return input.validationRules.find((r) => r.type === type)?.value;
}
