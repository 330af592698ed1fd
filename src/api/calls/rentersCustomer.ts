import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { RentersCustomerResponse } from '../schemas/rentersCustomer';

// The renters customer (GET/POST /v2/renters/customers/{customerId}, SPEC §3's snake_case renters wire):
// read with its version (meta.version), and its name and e-mail changed with that version sent back.
export const rentersCustomerKeys = {
  customer: (customerId: number) => ['renters-customer', customerId] as const,
};

const customerPath = (customerId: number) => `/v2/renters/customers/${customerId}`;

export const rentersCustomerQuery = (customerId: number) =>
  queryOptions({
    queryKey: rentersCustomerKeys.customer(customerId),
    queryFn: async ({ signal }) =>
      RentersCustomerResponse.parse(await apiRequest(customerPath(customerId), { signal })),
  });

export interface RentersCustomerChange {
  name_first?: string;
  name_last?: string;
  email?: string;
  version: number;
}

export const changeRentersCustomer = async (customerId: number, change: RentersCustomerChange) =>
  RentersCustomerResponse.parse(
    await apiRequest(customerPath(customerId), { method: 'POST', body: { data: { ...change } } }),
  );
