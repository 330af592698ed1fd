import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rentersPolicyRecordKeys } from '../../../api/calls/rentersPolicyRecord';
import type { RentersPolicyRecord } from '../../../api/schemas/rentersPolicyRecord';

// An edit of the renters policy record: the answer is the fresh record, shown at once; the tabs under the
// record's key (events, payments, notes) are refetched.
export function useRentersEdit<T>(
  matterId: number,
  send: (input: T) => Promise<RentersPolicyRecord>,
  onDone?: () => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (record) => {
      queryClient.setQueryData(rentersPolicyRecordKeys.record(matterId), record);
      onDone?.();
      await queryClient.invalidateQueries({ queryKey: rentersPolicyRecordKeys.record(matterId) });
    },
  });
}

// After a 409: fetch the record as it is now, so the next edit starts from it.
export function useReloadRecord(matterId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: rentersPolicyRecordKeys.record(matterId) });
}
