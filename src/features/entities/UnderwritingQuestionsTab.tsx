import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  entityUnderwritingQuestionsQuery,
  setEntityUnderwritingQuestions,
  underwritingQuestionsQuery,
} from '../../api/calls/entityLinks';
import { Alert } from '../../ui/feedback/Alert';
import { Spinner } from '../../ui/feedback/Spinner';
import { Button } from '../../ui/forms/Button';
import { Card } from './Card';
import { formErrors } from './formErrors';
import { SaveBar } from './SaveBar';
import { useInvalidateEntity } from './useInvalidateEntity';

export interface UnderwritingQuestionsTabProps {
  entityId: number;
  canEdit: boolean;
}

const TYPE_LABELS: Record<string, string> = {
  ELIGIBILITY: 'Eligibility',
  MEDICAL_HISTORY: 'Medical history',
  LIFESTYLE: 'Lifestyle',
};

// Which pet underwriting questions this entity's quotes ask. An entity without links of its own asks the
// default questions.
export function UnderwritingQuestionsTab({ entityId, canEdit }: UnderwritingQuestionsTabProps) {
  const questions = useQuery(underwritingQuestionsQuery);
  const links = useQuery(entityUnderwritingQuestionsQuery(entityId));
  const [chosen, setChosen] = useState<Set<number> | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const invalidate = useInvalidateEntity();
  const enabled = new Set(links.data?.filter((l) => l.enabled).map((l) => l.uw_question_id));
  const current = chosen ?? enabled;
  const save = useMutation({
    mutationFn: () =>
      setEntityUnderwritingQuestions(
        entityId,
        [...current].sort((a, b) => a - b),
      ),
    onSuccess: async () => {
      await invalidate(entityId);
      setChosen(null);
      setSaved('Underwriting questions saved.');
    },
  });
  const { message } = formErrors(save.error);

  if (questions.error || links.error)
    return <Alert tone="error">{(questions.error ?? links.error)!.message}</Alert>;
  if (!questions.data || !links.data) return <Spinner label="Loading underwriting questions…" />;
  const defaults = questions.data.filter((q) => q.is_default).map((q) => q.id);
  const change = (next: Set<number>) => {
    setChosen(next);
    setSaved(null);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }

  return (
    <form onSubmit={submit} aria-label="Underwriting questions">
      <Card
        title="Underwriting questions"
        description="The eligibility questions a pet quote of this entity asks."
        actions={
          canEdit && (
            <Button variant="secondary" onClick={() => change(new Set(defaults))}>
              Choose the defaults
            </Button>
          )
        }
      >
        {links.data.length === 0 && (
          <div className="mb-4">
            <Alert>
              No questions are linked to this entity yet, so its quotes ask the default questions.
            </Alert>
          </div>
        )}
        <ul className="divide-y divide-slate-100">
          {questions.data.map((q) => (
            <li key={q.id} className="flex items-start gap-3 py-3">
              <input
                id={`uwq-${q.id}`}
                type="checkbox"
                checked={current.has(q.id)}
                disabled={!canEdit}
                onChange={(e) => {
                  const next = new Set(current);
                  if (e.target.checked) next.add(q.id);
                  else next.delete(q.id);
                  change(next);
                }}
                className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-500"
              />
              <label htmlFor={`uwq-${q.id}`} className="text-sm">
                <span className="text-slate-800">{q.question}</span>
                <span className="mt-1 flex flex-wrap gap-1.5 text-xs">
                  <span className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-600">
                    {TYPE_LABELS[q.type] ?? q.type}
                  </span>
                  {q.species && (
                    <span className="rounded bg-amber-50 px-1.5 py-0.5 text-amber-800">
                      {q.species === 'DOG' ? 'Dogs only' : 'Cats only'}
                    </span>
                  )}
                  {q.decline_answer !== null && (
                    <span className="rounded bg-red-50 px-1.5 py-0.5 text-red-700">
                      Declines on “{q.decline_answer ? 'Yes' : 'No'}”
                    </span>
                  )}
                  {q.is_default && (
                    <span className="rounded bg-indigo-50 px-1.5 py-0.5 text-indigo-700">Default</span>
                  )}
                </span>
              </label>
            </li>
          ))}
        </ul>
        {canEdit && (
          <SaveBar busy={save.isPending} saved={saved} error={message} disabled={chosen === null} />
        )}
      </Card>
    </form>
  );
}
