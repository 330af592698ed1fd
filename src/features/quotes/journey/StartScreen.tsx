import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useBusinessToday } from '../../../api/calls/calendar';
import { myEntitiesQuery } from '../../../api/calls/myEntities';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/forms/Button';
import { useDirtyForm } from '../../../ui/forms/unsavedChanges';
import { CustomerFields, type CustomerValues } from './CustomerFields';
import { JourneyFrame } from './JourneyFrame';
import { QuoteForPicker } from './QuoteForPicker';
import { quoteDraft, type QuoteDraft } from './quoteDraft';
import { normalisedDraft, validateDraft } from './startValidation';

function emptyDraft(today: string): QuoteDraft {
  return {
    entityCode: null,
    zip: '',
    startDate: today,
    customer: { firstName: '', lastName: '', email: '', phone: '', street: '', city: '' },
  };
}

// /quotes/journey: who the quote is for and when it starts. Nothing is saved on the server yet: the draft
// waits in the tab until rating info creates the quote. What is typed here is kept (in the tab) only by
// Continue, so leaving the screen before it asks first.
export function StartScreen() {
  const navigate = useNavigate();
  const today = useBusinessToday();
  const entities = useQuery(myEntitiesQuery).data;
  const [draft, setDraft] = useState<QuoteDraft>(() => quoteDraft.load() ?? emptyDraft(today));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const dirty = useDirtyForm();
  const quotable = (entities?.data ?? []).filter((e) => e.canQuote);
  const mayPick = quotable.length > 1;
  const acting = entities?.acting;
  const entityCode =
    draft.entityCode ?? (acting?.canQuote ? acting.entityCode : (quotable[0]?.entityCode ?? null));

  const change = (values: CustomerValues, field: string) => {
    // An edited field's message goes: it spoke of the value that was there.
    setErrors(({ [field]: _gone, ...rest }) => rest);
    setDraft((d) => ({ ...d, ...values }));
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateDraft(draft, today);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    quoteDraft.save({ ...normalisedDraft(draft), entityCode });
    dirty.markClean();
    void navigate('/quotes/journey/rating-info');
  }

  return (
    <JourneyFrame title="New quote" state="start">
      <form
        {...dirty.formProps}
        onSubmit={submit}
        noValidate
        aria-label="Start the quote"
        className="space-y-8 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
      >
        {Object.keys(errors).length > 0 && <Alert tone="error">Check the fields marked below.</Alert>}
        {mayPick && (
          <section aria-labelledby="agency-title" className="space-y-3">
            <h2 id="agency-title" className="text-base font-semibold text-slate-900">
              Agency
            </h2>
            <div className="max-w-xl">
              <QuoteForPicker
                entities={quotable}
                value={entityCode}
                onChange={(code) => setDraft((d) => ({ ...d, entityCode: code }))}
              />
            </div>
          </section>
        )}
        <CustomerFields values={draft} errors={errors} minStartDate={today} onChange={change} />
        <div className="flex justify-end border-t border-slate-200 pt-6">
          <Button type="submit">Continue to rating info</Button>
        </div>
      </form>
    </JourneyFrame>
  );
}
