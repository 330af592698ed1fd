import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rentersQuoteKeys } from '../../../api/calls/rentersQuotes';
import { ApiError } from '../../../api/httpErrors';
import type { RentersQuoteView } from '../../../api/schemas/rentersQuotes';
import { rentersErrors } from './rentersErrors';
import { rentersNotice } from './rentersNotice';

// A write of the renters quote. Its answer is the quote as it now is, stored as the quote's view, so the
// screen (useRentersQuote) follows it to its new step. A 409 reloads the quote and says so.
export function useRentersWrite<V>(id: string, write: (variables: V) => Promise<RentersQuoteView>) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: write,
    onSuccess: (quote) => {
      rentersNotice.set(null);
      queryClient.setQueryData(rentersQuoteKeys.view(quote.id), quote);
    },
    onError: (error) => {
      // Before the quote exists (the start step) there is nothing to reload: the 409 is a refusal, such as
      // a policy that can no longer be rewritten, and is shown as a message.
      if (id !== '' && error instanceof ApiError && error.status === 409) {
        rentersNotice.set(
          `${error.message} The quote was changed elsewhere and has been reloaded as it is now: check it and try again.`,
        );
        void queryClient.invalidateQueries({ queryKey: rentersQuoteKeys.view(id) });
      }
    },
  });
  const error = mutation.error;
  const refused = id === '' && error instanceof ApiError && error.status === 409;
  const errors = refused ? { fields: {}, message: error.message } : rentersErrors(error);
  return { ...mutation, errors };
}
