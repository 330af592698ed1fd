import { useState } from 'react';
import { abandonQuote, acknowledgeFraud } from '../../../api/calls/quoteJourney';
import type { QuoteView } from '../../../api/schemas/quoteCommands';
import { Alert } from '../../../ui/feedback/Alert';
import { ConfirmDialog } from '../../../ui/feedback/ConfirmDialog';
import { Button } from '../../../ui/forms/Button';
import type { JourneySnapshot } from './journeySnapshot';
import { useJourneyWrite } from './useJourneyWrite';

// The fraud rule flagged the customer: nothing was charged. The agent acknowledges the warning (and may
// then purchase) or abandons the quote for good.
export function FraudWarningPanel({ quote, snapshot }: { quote: QuoteView; snapshot: JourneySnapshot }) {
  const [confirming, setConfirming] = useState(false);
  const ref = { uuid: quote.uuid, version: quote.version };
  const options = { entityCode: quote.entity_code };
  const acknowledge = useJourneyWrite(quote.uuid, () => acknowledgeFraud(ref, options));
  const abandon = useJourneyWrite(quote.uuid, () => abandonQuote(ref, options));
  const message = acknowledge.errors.message ?? abandon.errors.message;
  return (
    <div className="space-y-4">
      <Alert tone="error" title="Fraud warning">
        <p>{quote.fraud_warning ?? 'This purchase was flagged for review.'}</p>
        <p className="mt-1">Nothing has been charged. Check the customer's details before going on.</p>
        <div className="mt-3 flex flex-wrap gap-2">
          {snapshot.can({ type: 'quote.fraudAcknowledged' }) && (
            <Button busy={acknowledge.isPending} onClick={() => acknowledge.mutate(undefined)}>
              Acknowledge and continue
            </Button>
          )}
          {snapshot.can({ type: 'quote.abandoned' }) && (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Abandon quote
            </Button>
          )}
        </div>
      </Alert>
      {message && <Alert tone="error">{message}</Alert>}
      <ConfirmDialog
        open={confirming}
        title="Abandon this quote?"
        confirmLabel="Abandon quote"
        danger
        busy={abandon.isPending}
        error={abandon.errors.message}
        onClose={() => setConfirming(false)}
        onConfirm={() => abandon.mutate(undefined)}
      >
        The quote cannot be purchased afterwards.
      </ConfirmDialog>
    </div>
  );
}
