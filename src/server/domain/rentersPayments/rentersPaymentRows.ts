import type { Insertable } from 'kysely';
import type { StoredEvent } from '../../store/eventStore';
import type { PaymentAccountOpened, PaymentMethodAdded, PrimaryMethodChanged } from './rentersPaymentEvents';
import type {
  RentersPaymentAccountsTable,
  RentersPaymentMethodsTable,
} from '../../store/tables/rentersPaymentTables';

// The rows of a renters payment account stream, as pure functions: the projection writes them event by
// event, a bulk replay folds each whole stream first.

export type AccountRow = Insertable<RentersPaymentAccountsTable>;
export type MethodRow = Insertable<RentersPaymentMethodsTable>;

// A new method is active but not primary; primaryChanged makes it the one that bills and retires the one
// before it.
export const PRIMARY = { is_primary: true, is_active: true } as const;
export const RETIRED = { is_primary: false, is_active: false } as const;

export function accountRowOf(event: StoredEvent): AccountRow {
  const data = event.data as unknown as PaymentAccountOpened;
  return {
    id: data.accountId,
    customer_id: data.customerId,
    version: event.version,
    created_at: event.recordedAt,
  };
}

export function methodRowOf(event: StoredEvent): MethodRow {
  const data = event.data as unknown as PaymentMethodAdded;
  return {
    id: data.methodId,
    account_id: data.accountId,
    customer_id: data.customerId,
    type_code: data.typeCode,
    processor_payment_method_id: data.processorPaymentMethodId,
    last4: data.last4,
    billing_zip_code: data.billingZipCode,
    is_active: true,
    is_primary: false,
    added_at: event.recordedAt,
  };
}

export interface PaymentAccountRows {
  account: AccountRow | null;
  methods: MethodRow[];
}

// The rows a whole stream leaves. A primary change only names methods of its own account (stream id = the
// customer id), so the stream alone decides them.
export function paymentAccountRowsOf(stream: readonly StoredEvent[]): PaymentAccountRows {
  let account: AccountRow | null = null;
  const methods = new Map<string, MethodRow>();
  const set = (id: string | null, flags: typeof PRIMARY | typeof RETIRED) => {
    const method = id === null ? undefined : methods.get(id);
    if (method) methods.set(method.id, { ...method, ...flags });
  };
  for (const event of stream) {
    if (event.type === 'rentersPaymentAccount.opened') {
      account = accountRowOf(event);
      continue;
    }
    if (event.type === 'rentersPaymentAccount.methodAdded') {
      const row = methodRowOf(event);
      methods.set(row.id, row);
    }
    if (event.type === 'rentersPaymentAccount.primaryChanged') {
      const data = event.data as unknown as PrimaryMethodChanged;
      set(data.previousMethodId, RETIRED);
      set(data.methodId, PRIMARY);
    }
    // Every later event moves the account's version, found by its customer.
    if (account && account.customer_id === Number(event.streamId))
      account = { ...account, version: event.version };
  }
  return { account, methods: [...methods.values()] };
}
