// The refund key of a renters change's settlement (renters:<policy number>:<change event version>:refund): one
// per change, so a retried commit or settlement never refunds twice. Billing records the refund under it, and
// the payments tab's `renters.settled` names the change by the version in it.
export const rentersRefundKey = (policyNumber: string, changeVersion: number) =>
  `renters:${policyNumber}:${changeVersion}:refund`;

// The change version a renters refund key names; NaN for any other key (a correction's, a pet's).
export const changeVersionOfRefundKey = (key: string) => Number(/:(\d+):refund$/.exec(key)?.[1] ?? NaN);
