// The refund key of a policy's cancellation: one refund per policy, whichever process or retry asks (a
// policy is cancelled once), and the key a projection rebuild finds the refund's reference by. Each attempt
// asks the payment service under its own key derived from it (refunds/refundHistory.ts attemptKey).
export const refundKey = (policyNumber: string) => `policy:${policyNumber}:cancellation-refund`;
