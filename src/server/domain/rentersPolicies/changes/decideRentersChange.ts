import {
  changeInputErrors,
  type ChangeInputs,
  type ChangePreview,
} from '../../../../machines/rentersPolicyChangeContext';
import {
  changeAllowedFrom,
  statusCodeOf,
  type CancellationMethod,
  type RentersChangeKind,
} from '../../../../machines/rentersPolicyStatus';
import {
  changeInputsOf,
  wireFieldOf,
  type RentersChangeWire,
} from '../../../../api/schemas/rentersPolicyChanges';
import { reinstatementAllowedOn } from '../../../../machines/rentersRecordFlags';
import { Invalid, Refused } from '../../domainErrors';
import type { NewEvent } from '../../../store/eventStore';
import type { RentersChangeData, RentersSettledData } from './rentersChangeEvents';
import { CHANGE_EVENT } from './rentersChangeEvents';
import { reasonRefusal } from './rentersChangeReasons';
import {
  cancelFigures,
  discontinueFigures,
  isCancelRefusal,
  reinstateFigures,
  type ChangeFigures,
  type RentersTermMoney,
  type UndoneCancellation,
} from './rentersChangeFigures';
import type { RentersPolicyForChange } from './rentersPolicyForChange';
import { clawbackUnder } from './rentersCommission';

// The checks and figures a preview and a commit share (docs/renters-cancellation.md, docs/decisions/008).

// The request's inputs, or 422 with the same messages the dialog shows (changeInputErrors), the reason code
// checked against the flow's reasons, and the policy number against the policy of the URL.
export function checkedInputs(
  kind: RentersChangeKind,
  policyNumber: string,
  wire: RentersChangeWire,
): ChangeInputs {
  const inputs = changeInputsOf(kind, wire);
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(changeInputErrors(kind, inputs)))
    errors[wireFieldOf(field)] = messages;
  if (wire.policy_number.trim().toUpperCase() !== policyNumber)
    errors['data.policy_number'] = [`The policy number is not that of this policy (${policyNumber}).`];
  const reason = inputs.reasonCode;
  const refusal = reason ? reasonRefusal(kind, reason) : null;
  if (refusal) (errors['data.reason_code'] ??= []).push(refusal);
  if (Object.keys(errors).length > 0) throw new Invalid(errors);
  return inputs;
}

const VERB: Readonly<Record<RentersChangeKind, string>> = {
  cancel: 'cancelled',
  discontinue: 'discontinued',
  reinstate: 'reinstated',
};
const STATE_NAMES: Readonly<Record<string, string>> = {
  active: 'active',
  nonRenewing: 'non-renewing',
  pendingCancellation: 'pending cancellation',
  cancelled: 'cancelled',
  expired: 'expired',
  rewritten: 'rewritten',
};

// 409 naming the state when the flow is not allowed from the policy's state on the day, or, for a
// reinstatement, once the term it would put back has ended.
export function checkAllowed(kind: RentersChangeKind, policy: RentersPolicyForChange, today: string): void {
  if (!changeAllowedFrom(kind, policy.state))
    throw new Refused(
      `The policy is ${STATE_NAMES[policy.state] ?? policy.state}: it cannot be ${VERB[kind]}.`,
    );
  if (kind === 'reinstate' && !reinstatementAllowedOn(policy.term, today))
    throw new Refused(
      `The policy's term ended on ${policy.term.expirationDate}: it can no longer be reinstated. Quote a new policy instead.`,
    );
}

export function termMoney(policy: RentersPolicyForChange): RentersTermMoney {
  const { issued } = policy;
  // A renewed term's premium is the renewal's, as the renewal wrote it (docs/commission.md); the renewal event
  // carries no taxes or payments of its own, so those stay the issue's.
  const renewed = policy.events.findLast((e) => e.type === 'renters.renewed')?.data.termPremiumCents;
  return {
    effectiveDate: policy.term.effectiveDate,
    expirationDate: policy.term.expirationDate,
    termInterval: issued.termInterval,
    termPremiumCents: typeof renewed === 'number' ? renewed : issued.termPremiumCents,
    taxesCents: issued.taxesCents,
    firstPaymentCents: issued.payment.amountCents,
    laterPaymentCents: issued.termInterval === 'monthly' ? (issued.nextBill?.amountCents ?? null) : null,
  };
}

// The cancellation a reinstatement undoes: the last one since the last reinstatement, if the policy is
// cancelled (or pending) rather than non-renewing.
function undoneCancellation(policy: RentersPolicyForChange): UndoneCancellation | null {
  if (policy.state !== 'cancelled' && policy.state !== 'pendingCancellation') return null;
  const last = policy.events.findLast(
    (e) => e.type === 'renters.cancelled' || e.type === 'renters.reinstated',
  );
  if (last?.type !== 'renters.cancelled') return null;
  const d = last.data as Partial<RentersChangeData> & { cancelDate?: string };
  // A refund the payment service refused gave nothing back, so there is nothing to charge back: charging it
  // would bill the customer for money they never received (docs/renters-cancellation.md "Reinstate").
  const refused = policy.events.some(
    (e) =>
      e.type === 'renters.settled' &&
      (e.data as Partial<RentersSettledData>).changeVersion === last.version &&
      (e.data as Partial<RentersSettledData>).status === 'FAILED',
  );
  return {
    effectiveDate: d.effectiveDate ?? d.cancelDate ?? policy.term.effectiveDate,
    settlement: refused
      ? { kind: 'none', amountCents: 0 }
      : (d.settlement ?? { kind: 'none', amountCents: 0 }),
  };
}

export interface DecidedChange {
  preview: ChangePreview;
  event: NewEvent;
}

// The figures of the change and the event its commit appends.
export function decideChange(
  kind: RentersChangeKind,
  policy: RentersPolicyForChange,
  inputs: ChangeInputs,
  fingerprint: string,
  today: string,
  // A change the billing account brings about (a lapse for non-payment, a late payment's reinstatement): the
  // account itself settles the money (voids the unpaid instalments, collects the late payment), so the change
  // moves none of its own; a settlement here would record a refund or charge that never moves.
  options: { settledByBilling?: boolean } = {},
): DecidedChange {
  let figures: ChangeFigures;
  let own: Record<string, unknown>;
  if (kind === 'cancel') {
    const cancel = cancelFigures(termMoney(policy), {
      method: inputs.cancellationMethod as CancellationMethod,
      cancelDate: inputs.cancelDate ?? null,
      canBeFlatCancelled: policy.flags.canBeFlatCancelled,
      today,
      collectedCents: policy.collectedCents,
      clawback: clawbackUnder(policy.commissionRules, {
        entityId: policy.issued.entityId,
        // A renewed policy's cancellation takes back renewal commission (docs/commission.md).
        businessType: policy.events.some((e) => e.type === 'renters.renewed') ? 'RENEWAL' : 'NEW',
        stateCode: policy.issued.propertyAddress.state,
        on: today,
      }),
    });
    if (isCancelRefusal(cancel)) throw new Invalid({ [wireFieldOf(cancel.field)]: [cancel.message] });
    figures = cancel;
    own = {
      method: cancel.method,
      cancelDate: cancel.effectiveDate,
      immediate: cancel.immediate,
      requestedCancelDate: inputs.cancelDate ?? null,
      termDays: cancel.termDays,
      daysInForce: cancel.daysInForce,
      paidCents: cancel.paid.moneyCents,
      paidInstalments: cancel.paid.instalments,
      paidPremiumCents: cancel.paid.premiumCents,
      paidTaxesCents: cancel.paid.taxesCents,
      earnedPremiumCents: cancel.earnedPremiumCents,
      earnedTaxesCents: cancel.earnedTaxesCents,
      premiumReturnedCents: cancel.premiumReturnedCents,
    };
  } else if (kind === 'discontinue') {
    figures = discontinueFigures(policy.term);
    own = { nonRenewEffectiveDate: figures.effectiveDate };
  } else {
    const undone = undoneCancellation(policy);
    figures = reinstateFigures(undone, today);
    own = { reinstatedFrom: policy.state };
  }
  const newStatusCode = statusCodeOf(figures.newState);
  if (newStatusCode === null) throw new Error(`No status code for ${figures.newState}`);
  const preview: ChangePreview = {
    fingerprint,
    effectiveDate: figures.effectiveDate,
    settlement: options.settledByBilling ? { kind: 'none', amountCents: 0 } : figures.settlement,
    feesCents: figures.feesCents,
    newState: figures.newState,
    newStatusCode,
    commissionClawbackCents: figures.commissionClawbackCents,
  };
  const data: RentersChangeData = {
    reasonCode: inputs.reasonCode ?? '',
    note: inputs.note ?? null,
    ...preview,
  };
  return { preview, event: { type: CHANGE_EVENT[kind], data: { ...own, ...data } } };
}
