import { rentersQuoteBack } from '../../../api/calls/rentersQuotes';
import type { RentersQuoteView } from '../../../api/schemas/rentersQuotes';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/forms/Button';
import { BACK, type RentersSnapshot } from './rentersSnapshot';
import { useRentersWrite } from './useRentersWrite';

export interface RentersBackButtonProps {
  quote: RentersQuoteView;
  snapshot: RentersSnapshot;
}

// The previous step, where the journey allows one (decision 007); the server records it (`back`).
export function RentersBackButton({ quote, snapshot }: RentersBackButtonProps) {
  const back = useRentersWrite(quote.id, () => rentersQuoteBack(quote.id, quote.version));
  if (!snapshot.can(BACK)) return null;
  return (
    <div className="flex flex-col items-start gap-2">
      <Button variant="secondary" busy={back.isPending} onClick={() => back.mutate(undefined)}>
        Back
      </Button>
      {back.errors.message && <Alert tone="error">{back.errors.message}</Alert>}
    </div>
  );
}
