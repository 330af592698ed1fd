import { useState } from 'react';
import { removePet } from '../../../api/calls/quoteJourney';
import type { QuoteView } from '../../../api/schemas/quoteCommands';
import { Alert } from '../../../ui/feedback/Alert';
import { ConfirmDialog } from '../../../ui/feedback/ConfirmDialog';
import { Button } from '../../../ui/forms/Button';
import type { JourneySnapshot } from './journeySnapshot';
import { useJourneyWrite } from './useJourneyWrite';

export interface DeclinedPetsProps {
  quote: QuoteView;
  snapshot: JourneySnapshot;
}

// The pets the answers ruled out. One can be removed while an eligible pet stays on the quote; when every
// pet is declined the only way on is to correct the answers.
export function DeclinedPets({ quote, snapshot }: DeclinedPetsProps) {
  const declined = quote.pets.filter((p) => p.declined);
  const [removing, setRemoving] = useState<string | null>(null);
  const remove = useJourneyWrite(quote.uuid, (petId: string) =>
    removePet({ uuid: quote.uuid, version: quote.version, petId }, { entityCode: quote.entity_code }),
  );
  const pet = declined.find((p) => p.id === removing);
  const anyRemovable = declined.some((p) => snapshot.can({ type: 'quote.petRemoved', petId: p.id }));
  return (
    <div className="mb-6">
      <Alert tone="error" title="Not every pet can be insured">
        <p>
          The answers rule out {declined.map((p) => p.name).join(' and ')}.{' '}
          {anyRemovable
            ? 'Remove the declined pet to go on with the others, or change the answers.'
            : 'No pet on the quote is eligible: change the answers if one was wrong.'}
        </p>
        {anyRemovable && (
          <div className="mt-3 flex flex-wrap gap-2">
            {declined.map((p) =>
              snapshot.can({ type: 'quote.petRemoved', petId: p.id }) ? (
                <Button key={p.id} variant="secondary" onClick={() => setRemoving(p.id)}>
                  Remove {p.name}
                </Button>
              ) : null,
            )}
          </div>
        )}
      </Alert>
      <ConfirmDialog
        open={pet !== undefined}
        title={`Remove ${pet?.name ?? 'the pet'} from the quote?`}
        confirmLabel={`Remove ${pet?.name ?? 'pet'}`}
        danger
        busy={remove.isPending}
        error={remove.errors.message}
        onClose={() => {
          setRemoving(null);
          remove.reset();
        }}
        onConfirm={() => pet && remove.mutate(pet.id, { onSuccess: () => setRemoving(null) })}
      >
        {pet?.name} cannot be insured on this quote. The other pets stay on it.
      </ConfirmDialog>
    </div>
  );
}
