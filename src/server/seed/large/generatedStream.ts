import type { Insertable } from 'kysely';
import type { PaymentTokensTable } from '../../store/tables/paymentTables';
import type { EventMetadata, NewEvent } from '../../store/eventStore';

// One stream of the generated book: its events in order, each with the moment it happened and, when another
// hand wrote it than the stream's (the daily run on a purchase's billing), its own metadata.
export interface GeneratedStream {
  streamType: string;
  streamId: string;
  metadata: EventMetadata;
  events: (NewEvent & { recordedAt: Date; metadata?: EventMetadata })[];
  // Payment tokens the sale's checkout made with the payment service (payment_tokens), which the billing
  // run charges.
  tokens?: Insertable<PaymentTokensTable>[];
}

// Ids and numbers a chunk of the book takes from the live sequences, reserved up front so the server's own
// commands never issue them again.
export interface Reserved {
  first: number;
  count: number;
}

export function at(day: string, minuteOfDay: number): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + minuteOfDay * 60_000);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
