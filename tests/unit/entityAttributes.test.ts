import { describe, expect, it } from 'vitest';
import { isRoutingNumber } from '../../src/api/schemas/entities';
import { ATTRIBUTES, ATTRIBUTE_SECTIONS } from '../../src/server/domain/attributes/attributeCatalogue';
import type { AttributeDefinitionRow } from '../../src/server/domain/attributes/attributeForms';
import {
  validateAttributeSave,
  type SaveRights,
  type StoredValue,
} from '../../src/server/domain/attributes/attributeValidation';

// The settings catalogue as the server reads it from its tables (migration 003 copies it there).
const DEFINITIONS: AttributeDefinitionRow[] = ATTRIBUTES.map((a) => ({
  id: a.id,
  sectionCode: a.section,
  dependencyId: a.dependencyId ?? null,
  type: a.type,
  name: a.name,
  label: a.label,
  description: a.description ?? null,
  tooltip: a.tooltip ?? null,
  defaultValue: a.defaultValue ?? null,
  isRequired: a.isRequired ?? false,
  isReadonly: a.isReadonly ?? true,
  isExposed: a.isExposed ?? false,
  isArray: a.isArray ?? false,
  isDelimited: a.isDelimited ?? false,
  validationRules: [...(a.validationRules ?? [])],
  options: (a.options ?? []).map(([value, name], i) => ({
    id: i + 1,
    name,
    value,
    weight: i + 1,
    enabled: true,
  })),
}));

const ADMIN: SaveRights = { editReadonly: true, seeInternal: true };
const MANAGER: SaveRights = { editReadonly: false, seeInternal: false };
const TODAY = '2026-11-22';
const none = new Map<number, StoredValue>();

const save = (values: [number, string | null][], rights = ADMIN, stored = none) =>
  validateAttributeSave(
    DEFINITIONS,
    values.map(([attrib_id, attrib_value]) => ({ attrib_id, attrib_value })),
    stored,
    rights,
    TODAY,
  );

describe('settings catalogue', () => {
  it('has unique ids and names, known sections and dependencies, and attribute 28 as dashboard access', () => {
    const ids = ATTRIBUTES.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ATTRIBUTES.map((a) => a.name)).size).toBe(ids.length);
    const sections = ATTRIBUTE_SECTIONS.map((s) => s.code);
    for (const a of ATTRIBUTES) {
      expect(sections).toContain(a.section);
      if (a.dependencyId) expect(ids).toContain(a.dependencyId);
      if (a.type === 'select') expect(a.options?.length, a.name).toBeGreaterThan(0);
      // A default must pass the attribute's own rules.
      if (a.defaultValue) expect(save([[a.id, a.defaultValue]]).errors, a.name).toEqual({});
    }
    expect(ATTRIBUTES.find((a) => a.id === 28)).toMatchObject({
      name: 'agent_dashboard_access',
      type: 'select',
    });
  });
});

describe('validateAttributeSave', () => {
  it('normalises delimited lists and trims values', () => {
    const { changes, errors } = save([
      [31, ' TX ,, OK '],
      [35, '  https://agency.example  '],
    ]);
    expect(errors).toEqual({});
    expect(changes).toEqual([
      { attribId: 31, value: 'TX,OK', dataUrl: null },
      { attribId: 35, value: 'https://agency.example', dataUrl: null },
    ]);
  });

  it('answers only what changed', () => {
    const stored = new Map<number, StoredValue>([[32, { value: '10', dataUrl: null }]]);
    expect(save([[32, '10']], ADMIN, stored).changes).toEqual([]);
    expect(save([[32, '12']], ADMIN, stored).changes).toEqual([{ attribId: 32, value: '12', dataUrl: null }]);
  });

  it.each([
    [32, '-1', 'Maximum discount (%) must be at least 0.'],
    [32, '25.5', 'Maximum discount (%) may not be greater than 25.'],
    [34, '0', 'Quote validity (days) must be at least 1.'],
    [41, TODAY, `E&O expiry date must be a date after ${TODAY}.`],
    [29, 'sales,sales', 'Dashboard widgets lists sales twice.'],
    [28, '', 'Agent dashboard access is required.'],
  ])('refuses setting %i = %j with “%s”', (id, value, message) => {
    const { changes, errors } = save([[id, value]]);
    expect(changes).toEqual([]);
    expect(errors[`attributes.${id}`]).toContain(message);
  });

  it('lets the agency manager change editable exposed settings only', () => {
    expect(save([[33, 'ACH']], MANAGER).errors).toEqual({});
    expect(save([[32, '20']], MANAGER).errors['attributes.32']).toEqual(['You may not change this setting.']);
    expect(save([[45, 'note']], MANAGER).errors['attributes.45']).toEqual([
      'The selected setting is invalid.',
    ]);
  });

  it('requires a dependant only while what it depends on is set', () => {
    expect(save([[40, 'EO-1']]).errors['attributes.41']).toEqual(['E&O expiry date is required.']);
    const stored = new Map<number, StoredValue>([[41, { value: '2030-01-01', dataUrl: null }]]);
    expect(save([[40, 'EO-1']], ADMIN, stored).errors).toEqual({});
    // Widgets are required (at least one) only with the dashboard on.
    expect(save([[29, '']]).errors).toEqual({});
  });
});

describe('isRoutingNumber', () => {
  it.each([
    ['111000025', true],
    ['021000021', true],
    ['071000013', true],
    ['111000026', false],
    ['12345678', false],
    ['12345678a', false],
  ])('%s → %s', (value, valid) => {
    expect(isRoutingNumber(value)).toBe(valid);
  });
});
