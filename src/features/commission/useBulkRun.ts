import { useCallback, useRef, useState } from 'react';
import { runBulkCommand } from '../../api/calls/commissionStatements';
import { errorMessage } from '../../api/httpErrors';
import type { BulkCommand, BulkRefusal, StatementFilterInput } from '../../api/schemas/commissionStatements';

// One bulk command over the selected statements or every statement the filter matches (SPEC §3 "Bulk
// commission actions"). A filter run goes in steps (`batch` rows after `after_id`, as the server says where
// to continue) so a long run shows its progress and can be stopped between steps; selected ids go in chunks
// for the same reason. Refused rows are collected with their reasons, never dropped.
//
// A filter run names how many rows the user confirmed, shown until the server's first answer counts them.
export type BulkScope =
  | { kind: 'selected'; ids: readonly number[] }
  | { kind: 'filter'; filter: StatementFilterInput; expected: number };

export interface BulkRun {
  command: BulkCommand;
  scope: BulkScope['kind'];
  status: 'running' | 'done' | 'stopped' | 'failed';
  // Rows looked at so far, of `total` (the selected count, or the filter's matches when the run started).
  processed: number;
  total: number;
  affected: number;
  refused: BulkRefusal[];
  error: string | null;
}

const FILTER_BATCH = 100;
const ID_CHUNK = 250;

export function useBulkRun(onFinished: () => void) {
  const [run, setRun] = useState<BulkRun | null>(null);
  const stopping = useRef(false);

  const start = useCallback(
    async (command: BulkCommand, scope: BulkScope) => {
      stopping.current = false;
      let state: BulkRun = {
        command,
        scope: scope.kind,
        status: 'running',
        processed: 0,
        total: scope.kind === 'selected' ? scope.ids.length : scope.expected,
        affected: 0,
        refused: [],
        error: null,
      };
      setRun(state);
      let counted = scope.kind === 'selected';
      const step = (answer: Awaited<ReturnType<typeof runBulkCommand>>, looked: number) => {
        const processed = state.processed + looked;
        // The first answer of a filter run says how many rows match now; later ones count only the rows
        // after the step, so the first count stays.
        const total = counted ? state.total : answer.total;
        counted = true;
        state = {
          ...state,
          processed,
          total: Math.max(total, processed),
          affected: state.affected + answer.affected,
          refused: [...state.refused, ...answer.refused],
        };
        setRun(state);
      };
      try {
        if (scope.kind === 'selected') {
          for (let i = 0; i < scope.ids.length && !stopping.current; i += ID_CHUNK) {
            const ids = scope.ids.slice(i, i + ID_CHUNK);
            step(await runBulkCommand(command, { ids }), ids.length);
          }
        } else {
          let afterId: number | null = 0;
          while (afterId !== null && !stopping.current) {
            const answer = await runBulkCommand(command, {
              filter: scope.filter,
              batch: FILTER_BATCH,
              ...(afterId > 0 ? { after_id: afterId } : {}),
            });
            step(answer, answer.matched);
            afterId = answer.next_after_id;
          }
        }
        state = { ...state, status: stopping.current ? 'stopped' : 'done' };
      } catch (error) {
        state = { ...state, status: 'failed', error: errorMessage(error) };
      }
      setRun(state);
      onFinished();
    },
    [onFinished],
  );

  return {
    run,
    start,
    // Ends the run after the step in flight; what moved stays moved.
    stop: () => {
      stopping.current = true;
    },
    dismiss: () => setRun(null),
  };
}
