import { sql } from 'kysely';
import type { Db } from '../../store/db';
import { billingChargeDiscrepancies } from './billingCharges';
import { cancellationDiscrepancies } from './settledCancellations';
import { collectedCountDiscrepancies } from './cancellationCollected';
import { rentersCollectedCountDiscrepancies } from './rentersCancellationCollected';
import { ownSettlementDiscrepancies } from './ownSettlements';
import { byPolicy, type Discrepancy } from './discrepancies';
import { ledgerCounterDiscrepancies } from './ledgerCounters';
import { petScheduleDiscrepancies } from './petSchedules';
import { purchaseChargeDiscrepancies } from './purchaseCharges';
import { recordedParts, refundDiscrepancies, serviceRefunds } from './serviceRefunds';
import { rentersScheduleDiscrepancies } from './rentersSchedules';

export interface Reconciliation {
  // The billed policies compared (pet and renters billing accounts).
  policies: number;
  discrepancies: Discrepancy[];
}

// The money of every billed policy compared three ways (docs/reconciliation.md): the payment service's
// charges and refunds with the billing streams and the ledger's counters, each schedule with the price sold,
// and each settled cancellation with its figures. It reads and compares; it changes nothing.
//
// All of it reads one snapshot (a read-only repeatable-read transaction), so a payment recorded between two
// checks cannot show as a fault of one side. Each check compares the whole book at once; without nested loops
// the database hashes both sides instead of reading one side again for every row of the other, which an
// embedded database without statistics would otherwise choose.
export async function reconcile(db: Db): Promise<Reconciliation> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      await sql`set local enable_nestloop = off`.execute(trx);
      const counted = await trx
        .selectFrom('billing_accounts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      const found = [
        ...(await billingChargeDiscrepancies(trx)),
        ...(await purchaseChargeDiscrepancies(trx)),
        ...refundDiscrepancies(await serviceRefunds(trx), await recordedParts(trx)),
        ...(await ledgerCounterDiscrepancies(trx)),
        ...(await petScheduleDiscrepancies(trx)),
        ...(await rentersScheduleDiscrepancies(trx)),
        ...(await cancellationDiscrepancies(trx)),
        ...(await collectedCountDiscrepancies(trx)),
        ...(await rentersCollectedCountDiscrepancies(trx)),
        ...(await ownSettlementDiscrepancies(trx)),
      ];
      return { policies: Number(counted.n), discrepancies: found.sort(byPolicy) };
    });
}
