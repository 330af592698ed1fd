import { registerProjection, type StoredEvent, type Trx } from '../../store/eventStore';
import {
  CUSTOMER_STREAM,
  type CustomerContactChanged,
  type CustomerCreated,
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

async function project(trx: Trx, event: StoredEvent): Promise<void> {
  if (event.type === 'customer.created') {
    const data = event.data as unknown as CustomerCreated;
    await trx
      .insertInto('customers')
      .values({
        id: data.id,
        entity_id: data.entityId,
        ...columns(data),
        created_at: event.recordedAt,
        version: event.version,
      })
      .execute();
    return;
  }
  if (event.type === 'customer.updated') {
    await trx
      .updateTable('customers')
      .set({ ...columns(event.data as unknown as CustomerDetails), version: event.version })
      .where('id', '=', Number(event.streamId))
      .execute();
    return;
  }
  if (event.type === 'customer.contactChanged') {
    const c = (event.data as unknown as CustomerContactChanged).contact;
    await trx
      .updateTable('customers')
      .set({
        email: c.email,
        phone: c.phone,
        address_line_1: c.addressLine1,
        address_line_2: c.addressLine2,
        city: c.city,
        zip: c.zip,
        version: event.version,
      })
      .where('id', '=', Number(event.streamId))
      .execute();
  }
}

registerProjection(CUSTOMER_STREAM, project);
