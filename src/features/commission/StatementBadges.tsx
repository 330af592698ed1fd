import type { PaymentStatus, ReviewStatus } from '../../machines/commissionStatement';

const pill =
  'inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset';

const REVIEW_TONES: Record<ReviewStatus, string> = {
  Pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  Approved: 'bg-indigo-50 text-indigo-700 ring-indigo-200',
};
const PAYMENT_TONES: Record<PaymentStatus, string> = {
  'Not Paid': 'bg-slate-100 text-slate-600 ring-slate-300',
  Paid: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
};

export interface StatementBadgesProps {
  review: ReviewStatus;
  payment: PaymentStatus;
}

// A statement's two statuses (SPEC §4: review Pending/Approved, payment Not Paid/Paid) as pills.
export function StatementBadges({ review, payment }: StatementBadgesProps) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <span className={`${pill} ${REVIEW_TONES[review]}`} data-review-status={review}>
        {review}
      </span>
      <span className={`${pill} ${PAYMENT_TONES[payment]}`} data-payment-status={payment}>
        {payment}
      </span>
    </span>
  );
}
