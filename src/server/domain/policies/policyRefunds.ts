// The payment service's key of a policy's cancellation refund: one refund per policy, whichever process or
// retry asks (a policy is cancelled once), and the key a projection rebuild finds the refund's reference by.
export const refundKey = (policyNumber: string) => `policy:${policyNumber}:cancellation-refund`;
