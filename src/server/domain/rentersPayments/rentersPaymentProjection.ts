import { insertRows } from '../../store/insertRows';
import { type ProjectionSpec, type StoredEvent, type Trx } from '../../store/eventStore';
import { RENTERS_PAYMENT_ACCOUNT_STREAM, type PrimaryMethodChanged } from './rentersPaymentEvents';
import {
  accountRowOf,
  methodRowOf,
  paymentAccountRowsOf,
  PRIMARY,
  RETIRED,
  type AccountRow,
  type MethodRow,
} from './rentersPaymentRows';

// Read tables `renters_payment_accounts` and `renters_payment_methods` (the rows: rentersPaymentRows.ts).
async function project(trx: Trx, event: StoredEvent): Promise<void> {
  if (event.type === 'rentersPaymentAccount.opened') {
    await trx.insertInto('renters_payment_accounts').values(accountRowOf(event)).execute();
    return;
  }
  if (event.type === 'rentersPaymentAccount.methodAdded') {
    await trx.insertInto('renters_payment_methods').values(methodRowOf(event)).execute();
  }
  if (event.type === 'rentersPaymentAccount.primaryChanged') {
    const data = event.data as unknown as PrimaryMethodChanged;
    if (data.previousMethodId !== null) {
      await trx
        .updateTable('renters_payment_methods')
        .set(RETIRED)
        .where('id', '=', data.previousMethodId)
        .execute();
    }
    await trx.updateTable('renters_payment_methods').set(PRIMARY).where('id', '=', data.methodId).execute();
  }
  await trx
    .updateTable('renters_payment_accounts')
    .set({ version: event.version })
    .where('customer_id', '=', Number(event.streamId))
    .execute();
}

// Whole streams: each folds to its account and methods, inserted a table at a time.
async function projectMany(trx: Trx, streams: readonly (readonly StoredEvent[])[]): Promise<void> {
  const accounts: AccountRow[] = [];
  const methods: MethodRow[] = [];
  for (const stream of streams) {
    const rows = paymentAccountRowsOf(stream);
    if (rows.account) accounts.push(rows.account);
    methods.push(...rows.methods);
  }
  await insertRows(trx, 'renters_payment_accounts', accounts);
  await insertRows(trx, 'renters_payment_methods', methods);
}

export const rentersPaymentProjection: ProjectionSpec = {
  streamType: RENTERS_PAYMENT_ACCOUNT_STREAM,
  each: project,
  bulk: projectMany,
};
