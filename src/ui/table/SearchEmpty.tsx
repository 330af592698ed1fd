import type { ReactNode } from 'react';
import { Button } from '../forms/Button';

export interface SearchEmptyProps {
  // Whether filters are set: then the way on is to clear them.
  filtered: boolean;
  // "No policy matches these filters."
  noMatch: string;
  // "There are no policies yet." (a search with filters always set needs none)
  none?: string;
  onClear(): void;
  // The next step when there is nothing yet (a link to start one), if the user may take it.
  start?: ReactNode;
}

// What a search table says when it has no rows, with the next step: clear the filters, or start a record.
export function SearchEmpty({ filtered, noMatch, none, onClear, start }: SearchEmptyProps) {
  return (
    <div className="flex flex-col items-center gap-3 py-2">
      <p className="text-slate-600">{filtered ? noMatch : none}</p>
      {filtered ? (
        <Button variant="secondary" onClick={onClear}>
          Clear the filters
        </Button>
      ) : (
        start
      )}
    </div>
  );
}
