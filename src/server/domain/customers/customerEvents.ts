import type { RecordLifecycleEvent } from '../../../machines/recordLifecycle';
import type { NewEvent } from '../../store/eventStore';

// Events of the `customer` stream (stream id = the customer id): the policyholder a purchase makes or
// reuses (docs/purchase.md "Customers").
export const CUSTOMER_STREAM = 'customer';

export interface CustomerDetails {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string;
  zip: string;
}

export interface CustomerCreated extends CustomerDetails {
  id: number;
  // The entity whose quote made the customer.
  entityId: number;
  quoteUuid: string;
}

// The details as a later purchase confirmed them (the whole set, so the log reads without diffing).
export interface CustomerUpdated extends CustomerDetails {
  quoteUuid: string;
}

// The contact details staff changed on a policy's screen (PATCH /v2/policies/{matterId}/policyholder): the
// reason, the policy it was done through, each field as it was and became, and the contact details after.
export type ContactDetails = Pick<
  CustomerDetails,
  'email' | 'phone' | 'addressLine1' | 'addressLine2' | 'city' | 'zip'
>;

export interface CustomerContactChanged {
  reason: string;
  policyNumber: string;
  changes: Record<string, { from: string | null; to: string | null }>;
  contact: ContactDetails;
}

// The name and e-mail staff changed on the customer itself (POST /v2/renters/customers/{customerId}): each
// field as it was and became, and the three after.
export type CustomerNames = Pick<CustomerDetails, 'firstName' | 'lastName' | 'email'>;
export interface CustomerEdited extends CustomerNames {
  changes: Record<string, { from: string; to: string }>;
}

export const customerEvent = {
  contactChanged: (data: CustomerContactChanged): NewEvent => ({
    type: 'customer.contactChanged',
    data: { ...data },
  }),
  edited: (data: CustomerEdited): NewEvent => ({ type: 'customer.edited', data: { ...data } }),
  created: (data: CustomerCreated): NewEvent => ({ type: 'customer.created', data: { ...data } }),
  updated: (data: CustomerUpdated): NewEvent => ({ type: 'customer.updated', data: { ...data } }),
};

export function customerLifecycleEvent(event: NewEvent): RecordLifecycleEvent {
  return event.type === 'customer.created' ? { type: 'record.create' } : { type: 'record.update' };
}
