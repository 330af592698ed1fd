import { useQueries } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { underwritingQuestionsQuery } from '../../../api/calls/quoteActions';
import { answerUnderwriting } from '../../../api/calls/quoteJourney';
import type { QuoteUnderwritingQuestion } from '../../../api/schemas/quoteActions';
import type { QuoteView } from '../../../api/schemas/quoteCommands';
import { Alert } from '../../../ui/feedback/Alert';
import { Spinner } from '../../../ui/feedback/Spinner';
import { Button } from '../../../ui/forms/Button';
import { useDirtyForm } from '../../../ui/forms/unsavedChanges';
import { BackButton } from './BackButton';
import { DeclinedPets } from './DeclinedPets';
import { JourneyFrame, QuoteLoading } from './JourneyFrame';
import type { JourneySnapshot } from './journeySnapshot';
import { useJourneyQuote } from './useJourneyQuote';
import { useJourneyWrite } from './useJourneyWrite';
import { errorMessage } from '../../../api/httpErrors';

type Answers = Record<string, Record<string, boolean>>;

// /quotes/journey/underwriting-questions/{uuid}: yes or no per question and pet. When an answer rules a
// pet out the quote is `declined`: the screen names the pets, lets the agent remove one, or go back to
// correct the answers.
export function UnderwritingScreen() {
  const { uuid, query, quote, snapshot, elsewhere } = useJourneyQuote();
  if (!quote || elsewhere) return <QuoteLoading title="Underwriting questions" error={query.error} />;
  const declined = quote.step === 'declined';
  return (
    <JourneyFrame
      title="Underwriting questions"
      state={quote.step}
      quote={quote}
      actions={
        <BackButton quote={quote} snapshot={snapshot} label={declined ? 'Change the answers' : 'Back'} />
      }
    >
      {declined && <DeclinedPets quote={quote} snapshot={snapshot} />}
      <AnswersForm key={`${uuid}-${quote.version}`} quote={quote} snapshot={snapshot} readOnly={declined} />
    </JourneyFrame>
  );
}

function useQuestions(quote: QuoteView) {
  const species = [...new Set(quote.pets.map((p) => p.species))];
  const results = useQueries({
    queries: species.map((s) => underwritingQuestionsQuery(quote.entity_code, s)),
  });
  const bySpecies = new Map(species.map((s, i) => [s, results[i]?.data]));
  const error = results.find((r) => r.error)?.error ?? null;
  const ready = results.every((r) => r.data);
  return { bySpecies, error, ready };
}

interface AnswersFormProps {
  quote: QuoteView;
  snapshot: JourneySnapshot;
  readOnly: boolean;
}

function AnswersForm({ quote, snapshot, readOnly }: AnswersFormProps) {
  const questions = useQuestions(quote);
  const [answers, setAnswers] = useState<Answers>(() =>
    Object.fromEntries(quote.pets.map((p) => [p.id, { ...(p.answers ?? {}) }])),
  );
  const [missing, setMissing] = useState<Set<string>>(new Set());
  const save = useJourneyWrite(quote.uuid, (pets: Answers) =>
    answerUnderwriting(
      {
        uuid: quote.uuid,
        version: quote.version,
        pets: quote.pets.map((p) => ({ petId: p.id, answers: pets[p.id] ?? {} })),
      },
      { entityCode: quote.entity_code },
    ),
  );
  // Answers count once saved: the quote then moves on (or is declined, and this form starts afresh).
  const dirty = useDirtyForm();

  if (questions.error) return <Alert tone="error">{errorMessage(questions.error)}</Alert>;
  if (!questions.ready) return <Spinner label="Loading the questions…" />;
  const questionsOf = (species: string): QuoteUnderwritingQuestion[] =>
    questions.bySpecies.get(species as 'DOG' | 'CAT') ?? [];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const unanswered = new Set<string>();
    for (const pet of quote.pets) {
      for (const q of questionsOf(pet.species)) {
        if (answers[pet.id]?.[String(q.id)] === undefined) unanswered.add(`${pet.id}.${q.id}`);
      }
    }
    setMissing(unanswered);
    if (unanswered.size > 0) return;
    // Only the questions asked now: an answer to a question no longer asked would be refused.
    const sent: Answers = Object.fromEntries(
      quote.pets.map((pet) => [
        pet.id,
        Object.fromEntries(
          questionsOf(pet.species).map((q) => [String(q.id), answers[pet.id]![String(q.id)]!]),
        ),
      ]),
    );
    save.mutate(sent, { onSuccess: dirty.markClean });
  }

  const set = (petId: string, questionId: number, value: boolean) =>
    setAnswers((all) => ({ ...all, [petId]: { ...all[petId], [String(questionId)]: value } }));
  // Most pets are healthy: "No" everywhere in one press, then the agent changes the few that are "Yes".
  const noToEvery = () => {
    setAnswers(
      Object.fromEntries(
        quote.pets.map((pet) => [
          pet.id,
          Object.fromEntries(questionsOf(pet.species).map((q) => [String(q.id), false])),
        ]),
      ),
    );
    setMissing(new Set());
    dirty.markDirty();
  };
  const questionCount = quote.pets.reduce((n, pet) => n + questionsOf(pet.species).length, 0);
  const mayAnswer = !readOnly && snapshot.value === 'underwritingQuestions';

  return (
    <form
      {...dirty.formProps}
      onSubmit={submit}
      noValidate
      aria-label="Underwriting answers"
      className="space-y-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      {mayAnswer && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600">
            {questionCount} {questionCount === 1 ? 'question' : 'questions'} for{' '}
            {quote.pets.length === 1 ? quote.pets[0]!.name : `${quote.pets.length} pets`}.
          </p>
          <Button type="button" variant="secondary" onClick={noToEvery}>
            Answer No to every question
          </Button>
        </div>
      )}
      {missing.size > 0 && <Alert tone="error">Answer every question for every pet.</Alert>}
      {save.errors.message && <Alert tone="error">{save.errors.message}</Alert>}
      {quote.pets.map((pet) => (
        <fieldset key={pet.id} className="rounded-md border border-slate-200 p-4" disabled={!mayAnswer}>
          <legend className="px-1 text-sm font-semibold text-slate-900">{pet.name}</legend>
          <p className="mb-3 text-xs text-slate-500">
            {pet.species === 'CAT' ? 'Cat' : 'Dog'}, {pet.age} {pet.age === 1 ? 'year' : 'years'}
            {pet.declined && <span className="ml-2 font-semibold text-red-700">Declined</span>}
          </p>
          <ul className="divide-y divide-slate-100">
            {questionsOf(pet.species).map((q) => {
              const value = answers[pet.id]?.[String(q.id)];
              const unanswered = missing.has(`${pet.id}.${q.id}`);
              return (
                <li key={q.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
                  <span id={`q-${pet.id}-${q.id}`} className="max-w-2xl text-sm text-slate-800">
                    {q.question}
                    {unanswered && <span className="ml-2 text-red-700">Answer this question.</span>}
                  </span>
                  <div
                    role="radiogroup"
                    aria-labelledby={`q-${pet.id}-${q.id}`}
                    aria-invalid={unanswered || undefined}
                    className="flex gap-4 text-sm"
                  >
                    {[true, false].map((option) => (
                      <label key={String(option)} className="flex items-center gap-1.5">
                        <input
                          type="radio"
                          name={`${pet.id}.${q.id}`}
                          checked={value === option}
                          onChange={() => set(pet.id, q.id, option)}
                          className="size-4 text-indigo-600"
                        />
                        {option ? 'Yes' : 'No'}
                      </label>
                    ))}
                  </div>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
      {mayAnswer && (
        <div className="flex justify-end border-t border-slate-200 pt-6">
          <Button type="submit" busy={save.isPending}>
            Save answers
          </Button>
        </div>
      )}
    </form>
  );
}
