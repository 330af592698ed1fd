import { goBack } from '../../../api/calls/quoteJourney';
import type { QuoteView } from '../../../api/schemas/quoteCommands';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/forms/Button';
import { BACK, type JourneySnapshot } from './journeySnapshot';
import { useJourneyWrite } from './useJourneyWrite';

export interface BackButtonProps {
  quote: QuoteView;
  snapshot: JourneySnapshot;
  label?: string;
}

// The previous step, where the journey allows one (decision 005); the server records it (`back`).
export function BackButton({ quote, snapshot, label = 'Back' }: BackButtonProps) {
  const back = useJourneyWrite(quote.uuid, () =>
    goBack({ uuid: quote.uuid, version: quote.version }, { entityCode: quote.entity_code }),
  );
  if (!snapshot.can(BACK)) return null;
  return (
    <div className="flex flex-col items-end gap-2">
      <Button variant="secondary" busy={back.isPending} onClick={() => back.mutate(undefined)}>
        {label}
      </Button>
      {back.errors.message && <Alert tone="error">{back.errors.message}</Alert>}
    </div>
  );
}
