import { rentersPolicyFacts, rentersStatusOn } from '../../../machines/rentersRecordFlags';
import {
  isNonRenewing,
  statusCodeOf,
  type RentersAddressType,
  type RentersPolicyState,
} from '../../../machines/rentersPolicyStatus';
import type {
  RentersAddress,
  RentersContact,
  RentersCoverage,
  RewriteSource,
} from '../../../machines/rentersQuoteContext';
import { readStream, type StoredEvent, type Trx } from '../../store/eventStore';
import { namesEditedAfter } from '../customers/customerEdits';
import {
  RENTERS_POLICY_STREAM,
  rentersPolicyStatusEvent,
  type RentersAddressData,
  type RentersPolicyIssued,
} from '../rentersPolicies/rentersPolicyEvents';
import { rentersCoverPeriod, type RentersCoverPeriod } from '../rentersPolicies/rentersCoverPeriod';
import type { RentersCoverageInput } from '../rentersRating/rentersTypes';

// What a renters policy gives a rewrite (docs/decisions/007, 008): the facts the eligibility is decided on
// and the data that prefills the journey, folded from the policy's own stream so the record's later edits
// (a new mailing address, another phone number) are what the new policy starts from.

export interface RentersRewriteFacts {
  source: RewriteSource;
  // The state on the day: a due cancellation or non-renewal counts as taken effect.
  state: RentersPolicyState;
  rewrittenAs: string | null;
  entityId: number;
  // The days the policy covers; a rewrite starts where they end.
  cover: RentersCoverPeriod | null;
}

// Data of the record's edits (the policy edit screen writes them; decision 008).
interface AddressChanged {
  addressType: RentersAddressType;
  address: RentersAddressData;
  name?: string;
}
interface ContactChanged {
  number: string;
  numberType?: string;
  extension?: string | null;
  additionalInfo?: string | null;
}

const addressOf = (a: RentersAddressData): RentersAddress => ({
  line1: a.line1,
  line2: a.line2 ?? null,
  city: a.city,
  stateCode: a.state,
  zipCode: a.zip,
});

const sameAddress = (a: RentersAddress, b: RentersAddress) =>
  a.line1 === b.line1 &&
  a.line2 === b.line2 &&
  a.city === b.city &&
  a.stateCode === b.stateCode &&
  a.zipCode === b.zipCode;

// The issue event keeps the coverage as the rating engine read it (snake_case, cents).
function coverageOf(c: RentersCoverageInput): RentersCoverage {
  return {
    contents: {
      amountCents: c.contents.amount,
      deductibleCents: c.contents.deductible_amount,
      additionalLivingExpenseCents: c.contents.additional_living_expense,
      isPreferredProperty: c.contents.is_preferred_property,
    },
    liability: {
      amountCents: c.liability.amount,
      damageToPropertyOfOthersCents: c.liability.damage_to_property_of_others_amount,
      medicalPaymentsCents: c.liability.medical_payments_amount,
    },
    optional: {
      combinedPersonalPropertyValueCents: c.optional.combined_personal_property_value,
      enhancementEndorsementLevel: c.optional.enhancement_endorsement_level,
      identityFraudCents: c.optional.identity_fraud_amount,
      includeReplacementCost: c.optional.include_replacement_cost,
      includeTheft: c.optional.include_theft,
      includeWaterDamage: c.optional.include_water_damage,
      includeWindHailExclusion: c.optional.include_wind_hail_exclusion,
    },
  };
}

const NUMBER_TYPES: readonly RentersContact['numberType'][] = ['MOBILE', 'HOME', 'WORK'];
const numberTypeOf = (t: string | undefined): RentersContact['numberType'] =>
  NUMBER_TYPES.find((n) => n === t) ?? 'MOBILE';

// The source as of the stream's events (the issue first, then edits in order).
export function rewriteSourceOf(
  events: readonly StoredEvent[],
  status: { statusCode: string; nonRenew: boolean },
  entityCode: string | null,
): RewriteSource {
  const issued = events[0]!.data as unknown as RentersPolicyIssued;
  let property = addressOf(issued.propertyAddress);
  let mailing = addressOf(issued.mailingAddress);
  const party = issued.interestedParty;
  let interestedParty = party && {
    name: party.name,
    address: addressOf({
      line1: party.line1,
      line2: null,
      city: party.city,
      state: party.state,
      zip: party.zip,
    }),
  };
  const primary: RentersContact = {
    typeCode: 'PRIMARY',
    numberType: numberTypeOf(issued.primaryContact?.numberType),
    number: issued.customer.phone.replace(/\D/g, ''),
    extension: issued.primaryContact?.extension ?? null,
    additionalInfo: issued.primaryContact?.additionalInfo ?? null,
  };
  let contact = primary;
  for (const event of events.slice(1)) {
    if (event.type === 'renters.addressChanged') {
      const data = event.data as unknown as AddressChanged;
      const address = addressOf(data.address);
      if (data.addressType === 'PROPERTY') property = address;
      else if (data.addressType === 'MAILING') mailing = address;
      else interestedParty = { name: data.name ?? interestedParty?.name ?? '', address };
    } else if (event.type === 'renters.contactChanged') {
      const data = event.data as unknown as ContactChanged;
      contact = {
        typeCode: 'PRIMARY',
        numberType: numberTypeOf(data.numberType),
        number: data.number.replace(/\D/g, ''),
        extension: data.extension ?? null,
        additionalInfo: data.additionalInfo ?? null,
      };
    }
  }
  return {
    policyNumber: issued.policyNumber,
    statusCode: status.statusCode,
    nonRenew: status.nonRenew,
    entityCode,
    property,
    interestedParty,
    coverage: coverageOf(issued.coverage as RentersCoverageInput),
    customer: {
      firstName: issued.customer.firstName,
      lastName: issued.customer.lastName,
      email: issued.customer.email,
      // The journey's null means "mail goes to the property".
      mailingAddress: sameAddress(mailing, property) ? null : mailing,
    },
    contacts: [contact],
  };
}

// The policy's rewrite facts on the day; the policy must exist (the caller checked its scope).
export async function rentersRewriteFacts(
  trx: Trx,
  policyNumber: string,
  today: string,
): Promise<RentersRewriteFacts> {
  const events = await readStream(trx, RENTERS_POLICY_STREAM, policyNumber);
  const statusEvents = events.map(rentersPolicyStatusEvent);
  const facts = rentersPolicyFacts(statusEvents);
  const { state } = rentersStatusOn(facts, today);
  const issued = events[0]!.data as unknown as RentersPolicyIssued;
  const entity = await trx
    .selectFrom('entities')
    .select('entity_code')
    .where('id', '=', issued.entityId)
    .executeTakeFirst();
  const status = { statusCode: statusCodeOf(state) ?? 'ACTIVE', nonRenew: isNonRenewing(state) };
  const source = rewriteSourceOf(events, status, entity?.entity_code ?? null);
  // The customer's name and e-mail as staff changed them since the sale (POST /v2/renters/customers/{id}), so
  // the new policy's purchase finds the same customer by its e-mail.
  const names = await namesEditedAfter(trx, issued.customerId, events[0]!.position);
  return {
    source: names ? { ...source, customer: { ...source.customer, ...names } } : source,
    state,
    rewrittenAs: facts.rewrittenAs,
    entityId: issued.entityId,
    cover: rentersCoverPeriod(statusEvents),
  };
}
