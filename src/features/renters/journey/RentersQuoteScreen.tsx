import { useMemo } from 'react';
import { Navigate } from 'react-router-dom';
import { saveRentersProperty, type StartRentersQuoteInput } from '../../../api/calls/rentersQuotes';
import type { RentersQuoteView } from '../../../api/schemas/rentersQuotes';
import { RENTERS_JOURNEY_START } from '../../../machines/rentersQuoteSteps';
import { Spinner } from '../../../ui/feedback/Spinner';
import { CoverageStep } from './CoverageStep';
import { CustomerStep } from './CustomerStep';
import { PaymentStep } from './PaymentStep';
import { PropertyForm } from './PropertyForm';
import { PurchasedStep } from './PurchasedStep';
import { RentersFrame, RentersQuoteLoading } from './RentersFrame';
import { ReviewStep } from './ReviewStep';
import { rentersSnapshotOf, type RentersSnapshot } from './rentersSnapshot';
import { useRentersQuote } from './useRentersQuote';
import { useRentersWrite } from './useRentersWrite';

const TITLES: Readonly<Record<string, string>> = {
  start: 'Property',
  coverage: 'Coverage',
  customer: 'Customer and contacts',
  payment: 'Payment method',
  review: 'Review and purchase',
  purchasing: 'Review and purchase',
  paymentFailed: 'Review and purchase',
  purchased: 'Policy purchased',
};

// A saved renters quote at its step (/renters/quotes/journey/{id}?step=…). Rewrites are not offered here.
export function RentersQuoteScreen() {
  const { id, query, quote, elsewhere } = useRentersQuote();
  const snapshot = useMemo(() => rentersSnapshotOf(quote), [quote]);
  if (id === '') return <Navigate to={RENTERS_JOURNEY_START} replace />;
  if (!quote) return <RentersQuoteLoading error={query.error} />;
  if (elsewhere) return <Spinner label="Opening the quote…" />;
  return (
    <RentersFrame title={TITLES[quote.step] ?? 'Renters quote'} state={quote.step} quote={quote}>
      {/* Keyed by route: a step's form starts from the quote each time the journey arrives at it, and keeps
          what the agent typed (the terms too) through a declined payment shown on the same step. */}
      <StepBody key={quote.route} quote={quote} snapshot={snapshot} />
    </RentersFrame>
  );
}

function StepBody({ quote, snapshot }: { quote: RentersQuoteView; snapshot: RentersSnapshot }) {
  switch (quote.step) {
    case 'start':
      return <PropertyStep quote={quote} />;
    case 'coverage':
      return <CoverageStep quote={quote} snapshot={snapshot} />;
    case 'customer':
      return <CustomerStep quote={quote} snapshot={snapshot} />;
    case 'payment':
      return <PaymentStep quote={quote} snapshot={snapshot} />;
    case 'review':
    case 'purchasing':
    case 'paymentFailed':
      return <ReviewStep quote={quote} snapshot={snapshot} />;
    case 'purchased':
      return <PurchasedStep quote={quote} />;
    default:
      return <Spinner label="Loading the quote…" />;
  }
}

// The start step again, after going back to it: saved on the same quote.
function PropertyStep({ quote }: { quote: RentersQuoteView }) {
  const write = useRentersWrite(quote.id, (body: StartRentersQuoteInput) =>
    saveRentersProperty(quote.id, { ...body, version: quote.version }),
  );
  return <PropertyForm quote={quote} errors={write.errors} busy={write.isPending} onSubmit={write.mutate} />;
}
