import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import {
  changeAllowedFrom,
  rentersPolicyStatusMachine,
  type RentersPolicyEvent,
} from '../../src/machines/rentersPolicyStatus';
import {
  addDays,
  rentersPolicyFacts,
  rentersRecordFlags,
  rentersStatusOn,
} from '../../src/machines/rentersRecordFlags';

// Given a policy's events, when the record is shown on a day, then these flags.
const issued: RentersPolicyEvent = {
  type: 'renters.policyIssued',
  effectiveDate: '2026-11-01',
  expirationDate: '2027-11-01',
};
// Written by no version of the product (docs/decisions/020); a log holding one folds as if it were not there.
const sent = { type: 'renters.sentToCarrier' } as unknown as RentersPolicyEvent;
const cancelLater: RentersPolicyEvent = {
  type: 'renters.cancelled',
  method: 'PRO_RATA',
  cancelDate: '2027-02-01',
  immediate: false,
};
const cancelFlat: RentersPolicyEvent = {
  type: 'renters.cancelled',
  method: 'FLAT',
  cancelDate: '2026-11-01',
  immediate: false,
};
const discontinued: RentersPolicyEvent = {
  type: 'renters.discontinued',
  nonRenewEffectiveDate: '2027-11-01',
};
const reinstated: RentersPolicyEvent = { type: 'renters.reinstated' };
const offered: RentersPolicyEvent = {
  type: 'renters.renewalOffered',
  effectiveDate: '2027-11-01',
  expirationDate: '2028-11-01',
  amountCents: 18_400,
};
const paid: RentersPolicyEvent = { type: 'renters.renewalPaymentReceived', effectiveDate: '2027-11-01' };
const renewed: RentersPolicyEvent = {
  type: 'renters.renewed',
  effectiveDate: '2027-11-01',
  expirationDate: '2028-11-01',
};
const mailingChanged: RentersPolicyEvent = {
  type: 'renters.addressChanged',
  addressType: 'MAILING',
  confirmed: false,
};
const propertyChanged: RentersPolicyEvent = {
  type: 'renters.addressChanged',
  addressType: 'PROPERTY',
  confirmed: false,
};
const mailingConfirmed: RentersPolicyEvent = { type: 'renters.addressConfirmed', addressType: 'MAILING' };
const rewritten: RentersPolicyEvent = { type: 'renters.rewritten', newPolicyNumber: 'RNT-TX-00000099' };

const flags = (events: RentersPolicyEvent[], today = '2026-12-15') => rentersRecordFlags(events, today);

describe('renters record flags', () => {
  it('has none of them before the policy is issued', () => {
    expect(flags([])).toEqual({
      isCurrent: false,
      sentToCarrier: false,
      canBeDiscontinued: false,
      canBeFlatCancelled: false,
      canBeReinstated: false,
      hasUnconfirmedAddress: false,
      hasPendingRenewalPayment: false,
    });
  });

  it('isCurrent while the cover has not ended', () => {
    expect(flags([issued], '2026-10-20').isCurrent).toBe(true);
    expect(flags([issued], '2027-10-31').isCurrent).toBe(true);
    expect(flags([issued], '2027-11-01').isCurrent).toBe(false);
    expect(flags([issued, cancelLater], '2027-01-31').isCurrent).toBe(true);
    // On the cancel date, even before the server wrote that it took effect.
    expect(flags([issued, cancelLater], '2027-02-01').isCurrent).toBe(false);
    expect(flags([issued, cancelFlat]).isCurrent).toBe(false);
    expect(flags([issued, cancelFlat, reinstated]).isCurrent).toBe(true);
    expect(flags([issued, discontinued, rewritten]).isCurrent).toBe(false);
    expect(flags([issued, renewed], '2028-01-10').isCurrent).toBe(true);
  });

  it('sentToCarrier is false: the product sends no policy to a carrier', () => {
    expect(flags([issued]).sentToCarrier).toBe(false);
    expect(flags([issued, sent]).sentToCarrier).toBe(false);
    expect(flags([issued, sent, cancelLater, sent, mailingChanged]).sentToCarrier).toBe(false);
    expect(rentersPolicyFacts([issued, sent, cancelLater]).logged).toBe('pendingCancellation');
  });

  it('canBeDiscontinued only an active policy within its term', () => {
    expect(flags([issued]).canBeDiscontinued).toBe(true);
    expect(flags([issued], '2027-11-01').canBeDiscontinued).toBe(false);
    expect(flags([issued, discontinued]).canBeDiscontinued).toBe(false);
    expect(flags([issued, discontinued, reinstated]).canBeDiscontinued).toBe(true);
    expect(flags([issued, cancelLater]).canBeDiscontinued).toBe(false);
  });

  it('canBeFlatCancelled within the free look of the current term', () => {
    expect(flags([issued], '2026-10-15').canBeFlatCancelled).toBe(true);
    expect(flags([issued], '2026-11-30').canBeFlatCancelled).toBe(true);
    expect(flags([issued], '2026-12-01').canBeFlatCancelled).toBe(false);
    // A non-renewing policy may still be cancelled, flat within the free look.
    expect(flags([issued, discontinued], '2026-11-10').canBeFlatCancelled).toBe(true);
    expect(flags([issued, cancelLater], '2026-11-10').canBeFlatCancelled).toBe(false);
    expect(flags([issued, renewed], '2027-11-20').canBeFlatCancelled).toBe(true);
    expect(rentersRecordFlags([issued], '2026-12-10', 45).canBeFlatCancelled).toBe(true);
  });

  it('canBeReinstated a cancelled or non-renewing policy only while its term runs', () => {
    expect(flags([issued]).canBeReinstated).toBe(false);
    expect(flags([issued, cancelFlat]).canBeReinstated).toBe(true);
    expect(flags([issued, cancelLater], '2027-01-10').canBeReinstated).toBe(true);
    expect(flags([issued, cancelLater], '2027-10-31').canBeReinstated).toBe(true);
    // From the expiration date on the term is over: nothing is left to put back.
    expect(flags([issued, cancelLater], '2027-11-01').canBeReinstated).toBe(false);
    expect(flags([issued, cancelFlat], '2028-02-01').canBeReinstated).toBe(false);
    expect(flags([issued, discontinued]).canBeReinstated).toBe(true);
    expect(flags([issued, cancelFlat, reinstated]).canBeReinstated).toBe(false);
  });

  it('hasUnconfirmedAddress until every changed address is confirmed', () => {
    expect(flags([issued, mailingChanged]).hasUnconfirmedAddress).toBe(true);
    expect(flags([issued, mailingChanged, mailingConfirmed]).hasUnconfirmedAddress).toBe(false);
    expect(flags([issued, mailingChanged, propertyChanged, mailingConfirmed]).hasUnconfirmedAddress).toBe(
      true,
    );
    expect(
      flags([
        issued,
        mailingChanged,
        { type: 'renters.addressChanged', addressType: 'MAILING', confirmed: true },
      ]).hasUnconfirmedAddress,
    ).toBe(false);
    expect(rentersPolicyFacts([issued, propertyChanged, mailingChanged]).unconfirmedAddresses).toEqual([
      'MAILING',
      'PROPERTY',
    ]);
  });

  it('hasPendingRenewalPayment from an offered renewal until it is paid or the policy ends', () => {
    expect(flags([issued, offered]).hasPendingRenewalPayment).toBe(true);
    expect(flags([issued, offered, renewed]).hasPendingRenewalPayment).toBe(true);
    expect(flags([issued, offered, paid]).hasPendingRenewalPayment).toBe(false);
    expect(flags([issued, offered, discontinued]).hasPendingRenewalPayment).toBe(false);
    expect(flags([issued, offered, cancelLater]).hasPendingRenewalPayment).toBe(false);
    // The withdrawn offer does not come back with a reinstatement; a new one is offered if due.
    expect(flags([issued, offered, cancelLater, reinstated]).hasPendingRenewalPayment).toBe(false);
  });

  it('counts calendar days in UTC', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-11-01', 30)).toBe('2026-12-01');
  });

  const sampleArb = fc.constantFrom<RentersPolicyEvent>(
    issued,
    cancelLater,
    cancelFlat,
    discontinued,
    reinstated,
    offered,
    paid,
    renewed,
    mailingChanged,
    propertyChanged,
    mailingConfirmed,
    rewritten,
    { type: 'renters.cancellationTookEffect' },
    { type: 'renters.nonRenewalTookEffect' },
  );
  const dayArb = fc.integer({ min: -60, max: 900 }).map((n) => addDays('2026-11-01', n));

  it('agrees with the lifecycle on any history and day', () => {
    fc.assert(
      fc.property(fc.array(sampleArb, { maxLength: 12 }), dayArb, (events, today) => {
        const f = rentersRecordFlags(events, today);
        const { state } = rentersStatusOn(rentersPolicyFacts(events), today);
        if (f.canBeDiscontinued) expect(f.isCurrent && changeAllowedFrom('discontinue', state)).toBe(true);
        if (f.canBeFlatCancelled) expect(changeAllowedFrom('cancel', state)).toBe(true);
        if (f.canBeReinstated) expect(changeAllowedFrom('reinstate', state)).toBe(true);
        if (f.hasPendingRenewalPayment) expect(state).toBe('active');
        if (f.isCurrent) expect(['active', 'nonRenewing', 'pendingCancellation']).toContain(state);
        // The flags are a function of the history and the day alone.
        expect(rentersRecordFlags([...events], today)).toEqual(f);
      }),
    );
  });

  it('ignores an event the lifecycle refuses, as the log never holds one', () => {
    fc.assert(
      fc.property(fc.array(sampleArb, { maxLength: 12 }), sampleArb, dayArb, (events, extra, today) => {
        fc.pre(!acceptedAfter(events, extra));
        expect(rentersRecordFlags([...events, extra], today)).toEqual(rentersRecordFlags(events, today));
      }),
    );
  });
});

// Whether the lifecycle, folded over the accepted part of `events`, takes `extra`.
function acceptedAfter(events: RentersPolicyEvent[], extra: RentersPolicyEvent): boolean {
  let [snapshot] = initialTransition(rentersPolicyStatusMachine);
  for (const e of events)
    if (snapshot.can(e)) [snapshot] = transition(rentersPolicyStatusMachine, snapshot, e);
  return snapshot.can(extra);
}
