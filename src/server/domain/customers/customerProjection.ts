import type { Insertable, Updateable } from 'kysely';
import { type ProjectionSpec, type StoredEvent, type Trx } from '../../store/eventStore';
import { insertRows } from '../../store/insertRows';
import type { CustomersTable } from '../../store/tables/customerTables';
import {
  CUSTOMER_STREAM,
  type CustomerContactChanged,
  type CustomerCreated,
  type CustomerEdited,
  type CustomerDetails,
} from './customerEvents';

// Read table `customers`, kept in step with the customer stream.
const columns = (d: CustomerDetails) => ({
  first_name: d.firstName,
  last_name: d.lastName,
  email: d.email,
  phone: d.phone,
  address_line_1: d.addressLine1,
  address_line_2: d.addressLine2,
  city: d.city,
  state: d.state,
  zip: d.zip,
});

// What an event does to the customer's row: create it, or change some of its columns.
type CustomerChange =
  { insert: Insertable<CustomersTable> } | { id: number; set: Updateable<CustomersTable> } | null;

function changeOf(event: StoredEvent): CustomerChange {
  if (event.type === 'customer.created') {
    const data = event.data as unknown as CustomerCreated;
    return {
      insert: {
        id: data.id,
        entity_id: data.entityId,
        ...columns(data),
        created_at: event.recordedAt,
        version: event.version,
      },
    };
  }
  const id = Number(event.streamId);
  if (event.type === 'customer.updated') {
    return { id, set: { ...columns(event.data as unknown as CustomerDetails), version: event.version } };
  }
  if (event.type === 'customer.contactChanged') {
    const c = (event.data as unknown as CustomerContactChanged).contact;
    return {
      id,
      set: {
        email: c.email,
        phone: c.phone,
        address_line_1: c.addressLine1,
        address_line_2: c.addressLine2,
        city: c.city,
        zip: c.zip,
        version: event.version,
      },
    };
  }
  if (event.type === 'customer.edited') {
    const d = event.data as unknown as CustomerEdited;
    return {
      id,
      set: { first_name: d.firstName, last_name: d.lastName, email: d.email, version: event.version },
    };
  }
  return null;
}

async function project(trx: Trx, event: StoredEvent): Promise<void> {
  const change = changeOf(event);
  if (!change) return;
  if ('insert' in change) await trx.insertInto('customers').values(change.insert).execute();
  else await trx.updateTable('customers').set(change.set).where('id', '=', change.id).execute();
}

// Each stream folded to its final row, then one insert for them all.
async function projectMany(trx: Trx, streams: readonly (readonly StoredEvent[])[]): Promise<void> {
  const rows: Insertable<CustomersTable>[] = [];
  for (const events of streams) {
    let row: Insertable<CustomersTable> | null = null;
    for (const event of events) {
      const change = changeOf(event);
      if (!change) continue;
      if ('insert' in change) row = { ...change.insert };
      else if (row) Object.assign(row, change.set);
    }
    if (row) rows.push(row);
  }
  await insertRows(trx, 'customers', rows);
}

export const customerProjection: ProjectionSpec = {
  streamType: CUSTOMER_STREAM,
  each: project,
  bulk: projectMany,
};
