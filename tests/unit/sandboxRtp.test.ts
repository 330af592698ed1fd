import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bankAccountFingerprint } from '../../src/server/domain/bankAccounts/bankAccountFingerprint';
import { isAbaRoutingNumber } from '../../src/server/domain/payments/abaRouting';
import {
  RTP_ANSWERS,
  SANDBOX_RTP_PARTICIPANTS,
  createSandboxRtp,
  sandboxRtpAnswer,
} from '../../src/server/domain/payments/sandboxRtp';

// The sandbox RTP check's documented answers (docs/payments.md "Bank account verification").
const digit = fc.constantFrom(...'0123456789');
const accountNumber = fc.string({ unit: digit, minLength: 4, maxLength: 17 });
const participant = fc.constantFrom(...SANDBOX_RTP_PARTICIPANTS.keys());

describe('sandbox RTP eligibility', () => {
  it('lists only routing numbers that pass the ABA check', () => {
    expect(SANDBOX_RTP_PARTICIPANTS.size).toBeGreaterThan(0);
    for (const routing of SANDBOX_RTP_PARTICIPANTS.keys()) expect(isAbaRoutingNumber(routing)).toBe(true);
  });

  it('answers the documented test numbers', async () => {
    const rtp = createSandboxRtp();
    const check = (routingNumber: string, accountNumber: string) =>
      rtp.checkEligibility({ routingNumber, accountNumber, accountType: 'checking' });
    await expect(check('021000021', '123456789')).resolves.toEqual({
      isRtpEligible: true,
      responseCode: '00',
      message: 'The account can receive RTP payments.',
    });
    await expect(check('021000021', '12340000')).resolves.toEqual({
      isRtpEligible: false,
      responseCode: '14',
      message: 'The account is closed.',
    });
    await expect(check('011401533', '123456789')).resolves.toEqual({
      isRtpEligible: false,
      responseCode: '91',
      message: 'RTP not supported by the receiving bank.',
    });
    // The bank is asked first: a non-participant cannot say an account is closed.
    await expect(check('011401533', '10000')).resolves.toMatchObject({ responseCode: '91' });
  });

  it('is eligible exactly for an open account at a participant bank', () => {
    fc.assert(
      fc.property(participant, accountNumber, (routingNumber, number) => {
        const answer = sandboxRtpAnswer({ routingNumber, accountNumber: number });
        expect(answer.isRtpEligible).toBe(!number.endsWith('0000'));
        expect(answer.isRtpEligible).toBe(answer.responseCode === '00');
      }),
    );
  });

  it('never hands out its shared answers to be changed', () => {
    const answer = sandboxRtpAnswer({ routingNumber: '021000021', accountNumber: '1234' });
    answer.message = 'changed';
    expect(RTP_ANSWERS.eligible.message).toBe('The account can receive RTP payments.');
  });
});

describe('bank account fingerprint', () => {
  it('is the same for the same account and secret, different otherwise, and hides the number', () => {
    const secret = 'a'.repeat(48);
    const one = bankAccountFingerprint(secret, '021000021', '123456789');
    expect(one).toMatch(/^[0-9a-f]{64}$/);
    expect(one).not.toContain('123456789');
    expect(bankAccountFingerprint(secret, '021000021', '123456789')).toBe(one);
    expect(bankAccountFingerprint(secret, '021000021', '123456780')).not.toBe(one);
    expect(bankAccountFingerprint(secret, '026009593', '123456789')).not.toBe(one);
    expect(bankAccountFingerprint('b'.repeat(48), '021000021', '123456789')).not.toBe(one);
  });
});
