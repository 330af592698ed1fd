import type { RentersQuoteAddress } from '../../../api/schemas/rentersQuotes';
import type { RentersAddress, RentersJourneyContext } from '../../../machines/rentersQuoteContext';

type AddressType = RentersQuoteAddress['address_type'];

// SPEC §3's renters address model for a quote's addresses, as the customer answer writes a policy's
// (rentersCustomer.ts): the interested party is the property's owner or manager, so both the property and
// the party's own address name it. The journey asks no name of the property. Addresses given in the journey
// are the ones the policy is issued with, which count as confirmed; only a later staff edit is not.
const addressOut = (type: AddressType, a: RentersAddress, owner: string | null): RentersQuoteAddress => ({
  address_type: type,
  line_1: a.line1,
  line_2: a.line2,
  city: a.city,
  state: a.stateCode,
  zip_code: a.zipCode,
  property_name: null,
  property_owner: owner,
  confirmed: true,
});

export function quoteAddressesWire(j: RentersJourneyContext): RentersQuoteAddress[] {
  const owner = j.interestedParty?.name ?? null;
  const addresses: RentersQuoteAddress[] = [];
  if (j.property) addresses.push(addressOut('PROPERTY', j.property, owner));
  if (j.customer?.mailingAddress) addresses.push(addressOut('MAILING', j.customer.mailingAddress, null));
  if (j.interestedParty) addresses.push(addressOut('INTPARTY', j.interestedParty.address, owner));
  return addresses;
}
