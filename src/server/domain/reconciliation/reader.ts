import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';

// What the checks read through: the reconciliation's one read-only transaction (reconcile.ts), or any handle.
export type Reader = Db | Trx;
