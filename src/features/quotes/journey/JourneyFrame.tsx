import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, errorMessage } from '../../../api/httpErrors';
import type { QuoteView } from '../../../api/schemas/quoteCommands';
import { Alert } from '../../../ui/feedback/Alert';
import { Spinner } from '../../../ui/feedback/Spinner';
import { PageHeader } from '../../../ui/PageHeader';
import { journeyNotice, useJourneyNotice } from './journeyNotice';
import { JourneyStepper } from './JourneyStepper';

export interface JourneyFrameProps {
  title: string;
  // The journey state shown by the stepper ('start' before the quote exists).
  state: string;
  quote?: QuoteView | null;
  actions?: ReactNode;
  children: ReactNode;
}

// The page around every journey step: title, who the quote is for, and the stepper.
export function JourneyFrame({ title, state, quote, actions, children }: JourneyFrameProps) {
  const notice = useJourneyNotice();
  const customer = quote?.customer;
  const description = quote ? (
    <span>
      {customer ? `${customer.first_name} ${customer.last_name} · ` : ''}
      {customer ? `${customer.city}, ${customer.state} ${customer.zip} · ` : ''}
      for {quote.entity_code}
    </span>
  ) : undefined;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={title} description={description} actions={actions} />
      <JourneyStepper state={state} />
      {notice && (
        <div className="mb-6">
          <Alert tone="info" title="The quote changed">
            {notice}{' '}
            <button type="button" className="font-semibold underline" onClick={() => journeyNotice.set(null)}>
              Dismiss
            </button>
          </Alert>
        </div>
      )}
      {children}
    </div>
  );
}

export interface QuoteLoadingProps {
  title: string;
  error: unknown;
}

// While a step's quote loads, or why it could not be.
export function QuoteLoading({ title, error }: QuoteLoadingProps) {
  if (!error) return <Spinner label="Loading the quote…" />;
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 422);
  return (
    <div className="mx-auto max-w-3xl">
      <Alert
        tone="error"
        title={missing ? 'Quote not found' : `The ${title.toLowerCase()} step could not be loaded`}
      >
        {missing ? 'No quote you may see has this id.' : errorMessage(error)}{' '}
        <Link to="/quotes/journey" className="font-medium underline">
          Start a new quote
        </Link>
      </Alert>
    </div>
  );
}
