import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { discountStatesQuery, setDiscountStates } from '../../api/calls/entityLinks';
import { statesQuery } from '../../api/calls/entityLists';
import { Alert } from '../../ui/feedback/Alert';
import { Spinner } from '../../ui/feedback/Spinner';
import { Card } from './Card';
import { formErrors } from './formErrors';
import { SaveBar } from './SaveBar';
import { useInvalidateEntity } from './useInvalidateEntity';

export interface DiscountStatesTabProps {
  entityId: number;
  canEdit: boolean;
}

// The states in which the entity may offer discounts on its quotes.
export function DiscountStatesTab({ entityId, canEdit }: DiscountStatesTabProps) {
  const states = useQuery(statesQuery);
  const current = useQuery(discountStatesQuery(entityId));
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const invalidate = useInvalidateEntity();
  const selected = chosen ?? new Set(current.data?.map((s) => s.state_code));
  const save = useMutation({
    mutationFn: () => setDiscountStates(entityId, [...selected].sort()),
    onSuccess: async () => {
      await invalidate(entityId);
      setChosen(null);
      setSaved('Discount states saved.');
    },
  });
  const { message } = formErrors(save.error);

  if (states.error || current.error)
    return <Alert tone="error">{(states.error ?? current.error)!.message}</Alert>;
  if (!states.data || !current.data) return <Spinner label="Loading discount states…" />;

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }

  return (
    <form onSubmit={submit} aria-label="Discount states">
      <Card
        title="Discount state availabilities"
        description={`Discounts are offered in ${selected.size === 0 ? 'no state' : selected.size === 1 ? '1 state' : `${selected.size} states`}: ${[...selected].sort().join(', ') || '—'}.`}
      >
        <fieldset>
          <legend className="sr-only">States with discounts</legend>
          <div className="grid grid-cols-2 gap-x-4 gap-y-1.5 sm:grid-cols-3 lg:grid-cols-5">
            {states.data.map((state) => (
              <label key={state.code} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  name="state_codes[]"
                  value={state.code}
                  checked={selected.has(state.code)}
                  disabled={!canEdit}
                  onChange={(e) => {
                    const next = new Set(selected);
                    if (e.target.checked) next.add(state.code);
                    else next.delete(state.code);
                    setChosen(next);
                    setSaved(null);
                  }}
                  className="size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-500"
                />
                {state.name}
              </label>
            ))}
          </div>
        </fieldset>
        {canEdit && (
          <SaveBar busy={save.isPending} saved={saved} error={message} disabled={chosen === null} />
        )}
      </Card>
    </form>
  );
}
