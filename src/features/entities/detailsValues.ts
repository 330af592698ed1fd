import type { Entity, EntityCreate, EntityUpdate } from '../../api/schemas/entities';
import type { PickedEntity } from '../../ui/forms/EntityPicker';

// The details form's values: text as typed, nulls as empty strings; converted to the wire body on save.
export interface DetailsValues {
  entity_code: string;
  entity_name: string;
  dba: string;
  type_code: string;
  can_quote: boolean;
  parent: PickedEntity | null;
  tracking_code: string;
  tracking_code_type: string;
  account_manager: string;
  added_to_accounting: boolean;
  payout_frequency: string;
  payout_method: string;
  routing_number: string;
  brand_quote_app_link: string;
}

export const EMPTY_DETAILS: DetailsValues = {
  entity_code: '',
  entity_name: '',
  dba: '',
  type_code: 'AGENCY',
  can_quote: true,
  parent: null,
  tracking_code: '',
  tracking_code_type: '',
  account_manager: '',
  added_to_accounting: false,
  payout_frequency: 'MONTHLY',
  payout_method: 'ACH',
  routing_number: '',
  brand_quote_app_link: '',
};

export function detailsOf(entity: Entity): DetailsValues {
  return {
    entity_code: entity.entity_code,
    entity_name: entity.entity_name,
    dba: entity.dba ?? '',
    type_code: entity.type_code,
    can_quote: entity.can_quote,
    parent: entity.parent,
    tracking_code: entity.tracking_code ?? '',
    tracking_code_type: entity.tracking_code_type ?? '',
    account_manager: entity.account_manager === null ? '' : String(entity.account_manager),
    added_to_accounting: entity.added_to_accounting,
    payout_frequency: entity.payout_frequency ?? '',
    payout_method: entity.payout_method ?? '',
    routing_number: entity.routing_number ?? '',
    brand_quote_app_link: entity.brand_quote_app_link ?? '',
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

function common(v: DetailsValues) {
  return {
    entity_name: v.entity_name,
    dba: orNull(v.dba),
    type_code: v.type_code,
    can_quote: v.can_quote,
    tracking_code: orNull(v.tracking_code),
    tracking_code_type: orNull(v.tracking_code_type),
    account_manager: v.account_manager ? Number(v.account_manager) : null,
    added_to_accounting: v.added_to_accounting,
    payout_frequency: orNull(v.payout_frequency),
    payout_method: orNull(v.payout_method),
    routing_number: orNull(v.routing_number),
    brand_quote_app_link: orNull(v.brand_quote_app_link),
  };
}

export const createBody = (v: DetailsValues): EntityCreate => ({
  entity_code: v.entity_code,
  master_entity_id: v.parent?.id ?? null,
  ...common(v),
});

// The parent is changed on the hierarchy tab, not here.
export const updateBody = (v: DetailsValues, version: number): EntityUpdate => ({ ...common(v), version });
