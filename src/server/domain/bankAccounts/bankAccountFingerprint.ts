import { createHmac } from 'node:crypto';

// Recognises the same account again (a repeated verification, a duplicate payee) without keeping its number:
// an HMAC-SHA256 under a key derived from the server's secret for this purpose only, so the fingerprint is
// useless without the secret and unrelated to the secret's other uses. Account numbers are unique per bank
// only, so the routing number is part of the input.
const keyOf = (secret: string) => createHmac('sha256', secret).update('bank-account-fingerprint').digest();

export function bankAccountFingerprint(secret: string, routingNumber: string, accountNumber: string): string {
  return createHmac('sha256', keyOf(secret)).update(`${routingNumber}:${accountNumber}`).digest('hex');
}
