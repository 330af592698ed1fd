// Which policy a billing stream belongs to: the line and the policy's number (stream id `${line}:${number}`).
export type PolicyLine = 'pet' | 'renters';
export interface PolicyRef {
  line: PolicyLine;
  policyNumber: string;
}

export const BILLING_STREAM = 'billing';

export function billingStreamId(ref: PolicyRef): string {
  return `${ref.line}:${ref.policyNumber}`;
}

export function refOfStreamId(streamId: string): PolicyRef {
  const at = streamId.indexOf(':');
  return { line: streamId.slice(0, at) as PolicyLine, policyNumber: streamId.slice(at + 1) };
}
