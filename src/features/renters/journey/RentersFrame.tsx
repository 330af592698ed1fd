import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { RENTERS_JOURNEY_START } from '../../../machines/rentersQuoteSteps';
import { ApiError, errorMessage } from '../../../api/httpErrors';
import type { RentersQuoteView } from '../../../api/schemas/rentersQuotes';
import { Alert } from '../../../ui/feedback/Alert';
import { Spinner } from '../../../ui/feedback/Spinner';
import { Stepper } from '../../../ui/journey/Stepper';
import { PageHeader } from '../../../ui/PageHeader';
import { rentersNotice, useRentersNotice } from './rentersNotice';

const STEPS = ['Property', 'Coverage', 'Customer', 'Payment', 'Review', 'Purchased'] as const;

const STEP_INDEX: Readonly<Record<string, number>> = {
  start: 0,
  coverage: 1,
  customer: 2,
  payment: 3,
  review: 4,
  purchasing: 4,
  paymentFailed: 4,
  purchased: 5,
};

export interface RentersFrameProps {
  title: string;
  // The journey state ('start' before the quote exists).
  state: string;
  quote?: RentersQuoteView | null;
  // The policy a rewrite replaces, before the quote exists (then the quote's rewrite_of says it).
  rewriteOf?: string | null;
  children: ReactNode;
}

// The page around every renters journey step: title, the property and agency, and the stepper.
export function RentersFrame({ title, state, quote, rewriteOf, children }: RentersFrameProps) {
  const notice = useRentersNotice();
  const rewriting = state === 'purchased' ? null : (rewriteOf ?? quote?.rewrite_of ?? null);
  const p = quote?.property;
  const description = quote ? (
    <span>
      {quote.customer ? `${quote.customer.name_first} ${quote.customer.name_last} · ` : ''}
      {p ? `${p.line_1}, ${p.city}, ${p.state} ${p.zip_code} · ` : ''}
      for {quote.entity_code}
    </span>
  ) : undefined;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={title} description={description} />
      <Stepper label="Renters quote progress" steps={STEPS} current={STEP_INDEX[state] ?? 0} />
      {rewriting && (
        <div className="mb-6" data-testid="rewrite-banner">
          <Alert tone="info" title={`Rewriting ${rewriting}`}>
            Prefilled from {rewriting}: check each step. The new policy replaces it once bought.
          </Alert>
        </div>
      )}
      {notice && (
        <div className="mb-6">
          <Alert tone="info" title="The quote changed">
            {notice}{' '}
            <button type="button" className="font-semibold underline" onClick={() => rentersNotice.set(null)}>
              Dismiss
            </button>
          </Alert>
        </div>
      )}
      {children}
    </div>
  );
}

// While the quote loads, or why it could not be.
export function RentersQuoteLoading({ error }: { error: unknown }) {
  if (!error) return <Spinner label="Loading the quote…" />;
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 422);
  return (
    <div className="mx-auto max-w-3xl">
      <Alert tone="error" title={missing ? 'Quote not found' : 'The quote could not be loaded'}>
        {missing ? 'No renters quote you may see has this id.' : errorMessage(error)}{' '}
        <Link to={RENTERS_JOURNEY_START} className="font-medium underline">
          Start a new renters quote
        </Link>
      </Alert>
    </div>
  );
}
