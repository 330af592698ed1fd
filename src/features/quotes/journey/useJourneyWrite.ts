import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quoteKeys } from '../../../api/calls/quoteJourney';
import { ApiError } from '../../../api/httpErrors';
import type { QuoteCommandResult } from '../../../api/schemas/quoteCommands';
import { journeyErrors } from './journeyErrors';
import { journeyNotice } from './journeyNotice';

// A write of the quote stream. Its answer is the quote as it now is: stored as the quote's view, so the
// screen (useJourneyQuote) follows it to its new step. A 409 reloads the quote and says so on whichever
// step the quote turns out to be at.
export function useJourneyWrite<V>(uuid: string, write: (variables: V) => Promise<QuoteCommandResult>) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: write,
    onSuccess: (result) => {
      journeyNotice.set(null);
      queryClient.setQueryData(quoteKeys.view(result.uuid), result.quote);
      // Searches and lists of quotes are out of date; the view just stored is not.
      void queryClient.invalidateQueries({
        queryKey: quoteKeys.all,
        predicate: (query) => query.queryKey[1] !== 'view',
      });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        // A step refused names the step the quote is at; a stale version needs no more than the reload.
        const step = error.message.startsWith('This quote is at') ? `${error.message} ` : '';
        journeyNotice.set(
          `${step}The quote was changed elsewhere and has been reloaded as it is now: check it and try again.`,
        );
        void queryClient.invalidateQueries({ queryKey: quoteKeys.view(uuid) });
      }
    },
  });
  return { ...mutation, errors: journeyErrors(mutation.error) };
}
