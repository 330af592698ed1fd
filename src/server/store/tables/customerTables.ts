import type { ColumnType } from 'kysely';

// Read table of the `customer` stream (migration 007), SPEC §3 "Customer".
export interface CustomersTable {
  id: number;
  // The entity whose quote made the customer; scope comes from the customer's policies.
  entity_id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address_line_1: string;
  address_line_2: string | null;
  city: string;
  state: string;
  zip: string;
  created_at: ColumnType<Date, Date | string, Date | string>;
  version: number;
}

export interface CustomerTables {
  customers: CustomersTable;
}
