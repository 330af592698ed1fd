import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ClaimStatus } from '../../src/api/schemas/policyMatters';
import {
  applyClaimChange,
  CLAIM_STATUS_INFO,
  claimMomentOf,
} from '../../src/server/domain/matters/claimStatus';
import { attachmentHeader, sanitizeFileName, sniffType } from '../../src/server/domain/matters/fileTypes';
import { shareOfCharge } from '../../src/server/domain/moneyRules/chargeShares';

describe('upload types', () => {
  it('tells a file by its first bytes', () => {
    expect(sniffType(new TextEncoder().encode('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(sniffType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffType(new TextEncoder().encode('Invoice – 2 × exam'))).toBe('text/plain');
    expect(sniffType(Uint8Array.from([0x4d, 0x5a, 0x90, 0x00]))).toBeNull();
    expect(sniffType(Uint8Array.from([0xc3, 0x28]))).toBeNull();
    expect(sniffType(new Uint8Array(0))).toBeNull();
  });

  it('keeps names plain, without directories, and with the content’s extension', () => {
    expect(sanitizeFileName('../../etc/passwd', 'text/plain')).toBe('passwd.txt');
    expect(sanitizeFileName('C:\\Users\\vet\\x-ray.PNG', 'image/png')).toBe('x-ray.png');
    expect(sanitizeFileName('scan.jpeg', 'image/jpeg')).toBe('scan.jpeg');
    expect(sanitizeFileName('report.exe', 'application/pdf')).toBe('report.pdf');
    expect(sanitizeFileName('...', 'application/pdf')).toBe('file.pdf');
    expect(sanitizeFileName('a\u0000b<script>.txt', 'text/plain')).toBe('a_b_script_.txt');
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (name) => {
        const clean = sanitizeFileName(name, 'text/plain');
        expect(clean.length).toBeLessThanOrEqual(120);
        expect([...clean].some((c) => c < ' ' || '\\/"'.includes(c))).toBe(false);
        expect(clean.endsWith('.txt')).toBe(true);
      }),
    );
  });

  it('names the download in an ASCII fallback and exactly (RFC 6266)', () => {
    expect(attachmentHeader('Röntgen (1).png')).toBe(
      `attachment; filename="R_ntgen (1).png"; filename*=UTF-8''R%C3%B6ntgen%20%281%29.png`,
    );
  });
});

describe('claim status', () => {
  const submitted = { status: 'SUBMITTED' as const, approvedCents: null, paidCents: 0 };

  it('goes from review to approval to payment, and refuses steps out of order', () => {
    expect(applyClaimChange(submitted, { type: 'claim.approved', approvedCents: 100 })).toBeNull();
    const review = applyClaimChange(submitted, { type: 'claim.reviewStarted' })!;
    const approved = applyClaimChange(review, { type: 'claim.approved', approvedCents: 300 })!;
    expect(approved).toEqual({ status: 'APPROVED', approvedCents: 300, paidCents: 0 });
    const part = applyClaimChange(approved, { type: 'claim.paymentMade', amountCents: 100 })!;
    expect(part.status).toBe('APPROVED');
    expect(applyClaimChange(part, { type: 'claim.paymentMade', amountCents: 201 })).toBeNull();
    const paid = applyClaimChange(part, { type: 'claim.paymentMade', amountCents: 200 })!;
    expect(paid).toEqual({ status: 'PAID', approvedCents: 300, paidCents: 300 });
    expect(applyClaimChange(paid, { type: 'claim.paymentMade', amountCents: 1 })).toBeNull();
    const closed = applyClaimChange(paid, { type: 'claim.closed' })!;
    expect(closed.status).toBe('CLOSED');
    expect(applyClaimChange(closed, { type: 'claim.closed' })).toBeNull();
    expect(applyClaimChange(review, { type: 'claim.denied' })).toMatchObject({ status: 'DENIED' });
  });

  it('tells each status by its own id, a name, a sentence and the codes it stands for', () => {
    const infos = Object.entries(CLAIM_STATUS_INFO);
    expect(infos.map(([code]) => code).sort()).toEqual(ClaimStatus.options.slice().sort());
    expect(new Set(infos.map(([, i]) => i.id)).size).toBe(infos.length);
    for (const [code, info] of infos) {
      expect(info.codes).toContain(code);
      expect(info.name).not.toMatch(/_/);
      expect(info.tooltip).toMatch(/^[A-Z].{20,}\.$/);
    }
  });

  // No status a decided claim reaches takes another decision, so the reassessed moment has nothing to
  // record (docs/pet-claims.md).
  it('decides a claim once: no decided status takes another decision', () => {
    const decided = [
      { status: 'APPROVED' as const, approvedCents: 300, paidCents: 0 },
      { status: 'DENIED' as const, approvedCents: 0, paidCents: 0 },
      { status: 'PAID' as const, approvedCents: 300, paidCents: 300 },
      { status: 'CLOSED' as const, approvedCents: 300, paidCents: 300 },
    ];
    for (const claim of decided) {
      expect(applyClaimChange(claim, { type: 'claim.approved', approvedCents: 100 })).toBeNull();
      expect(applyClaimChange(claim, { type: 'claim.denied' })).toBeNull();
    }
    expect(claimMomentOf('claim.approved')).toBe('decided');
    expect(claimMomentOf('claim.denied')).toBe('decided');
    expect(claimMomentOf('claim.closed')).toBe('closed');
    expect(claimMomentOf('claim.paymentMade')).toBeNull();
  });
});

describe('share of a charge', () => {
  it('splits a charge into whole cents that add up to it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 6 }),
        (charge, weights) => {
          const shares = weights.map((_, i) => shareOfCharge(charge, weights, i));
          expect(shares.reduce((a, b) => a + b, 0)).toBe(charge);
          shares.forEach((share) => expect(Number.isInteger(share) && share >= 0).toBe(true));
        },
      ),
    );
    expect([0, 1].map((i) => shareOfCharge(1001, [1, 1], i))).toEqual([501, 500]);
  });
});
