// The stream type of the corrections of what older versions billed (docs/reconciliation.md "Correcting what
// older versions billed"), one stream beside each policy's billing stream under the same id. Named here, with
// the billing stream, because the reconciliation reads it and the corrections are planned from the
// reconciliation: neither folder then imports the other both ways.
export const CORRECTION_STREAM = 'billing_correction';
