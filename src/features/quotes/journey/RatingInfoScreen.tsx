import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { useBusinessToday } from '../../../api/calls/calendar';
import { quoteConfigsQuery } from '../../../api/calls/quoteActions';
import { createQuote, quoteKeys, updateQuote } from '../../../api/calls/quoteJourney';
import type { QuoteView } from '../../../api/schemas/quoteCommands';
import { formatBusinessDate } from '../../../calendar';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/forms/Button';
import { useDirtyForm, type DirtyForm } from '../../../ui/forms/unsavedChanges';
import { CustomerFields, type CustomerValues } from './CustomerFields';
import { JourneyFrame, QuoteLoading } from './JourneyFrame';
import { journeyErrors, type JourneyErrors } from './journeyErrors';
import { PetFields } from './PetFields';
import { emptyPet, petsInput, rowsOf, validatePets, type PetRow } from './petRows';
import { quoteDraft, type QuoteDraft } from './quoteDraft';
import { normalisedDraft, validateDraft } from './startValidation';
import { useJourneyQuote } from './useJourneyQuote';
import { useJourneyWrite } from './useJourneyWrite';

const DEFAULT_MAX_PETS = 5;

function useMaxPets(): number {
  const configs = useQuery(quoteConfigsQuery).data;
  const value = Number(configs?.find((c) => c.code === 'MAX_PETS_PER_QUOTE')?.value);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_MAX_PETS;
}

// /quotes/journey/rating-info/{uuid?}: the pets to rate. Without a uuid the quote is created from the start
// step's draft; with one (after going back) the quote is rated again with the same uuid.
export function RatingInfoScreen() {
  const { uuid } = useParams();
  return uuid ? <ExistingQuoteRating /> : <NewQuoteRating />;
}

function NewQuoteRating() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft] = useState(() => quoteDraft.load());
  const dirty = useDirtyForm();
  const create = useMutation({
    mutationFn: (pets: PetRow[]) => {
      if (!draft) throw new Error('The quote has no customer yet.');
      const { entityCode, ...rest } = draft;
      return createQuote({ ...rest, pets: petsInput(pets) }, { entityCode });
    },
    onSuccess: (result) => {
      queryClient.setQueryData(quoteKeys.view(result.uuid), result.quote);
      quoteDraft.clear();
      dirty.markClean();
      void navigate(result.quote.route);
    },
  });
  // Without the start step's answers there is nothing to rate: begin there.
  if (!draft) return <Navigate to="/quotes/journey" replace />;
  return (
    <JourneyFrame
      title="Rating information"
      state="ratingInfo"
      actions={
        <Button variant="secondary" onClick={() => void navigate('/quotes/journey')}>
          Back
        </Button>
      }
    >
      <RatingForm
        header={<DraftSummary draft={draft} />}
        listOtherFields
        initialRows={[emptyPet()]}
        dirty={dirty}
        busy={create.isPending}
        errors={journeyErrors(create.error)}
        onSubmit={(rows) => create.mutate(rows)}
      />
    </JourneyFrame>
  );
}

function ExistingQuoteRating() {
  const { uuid, query, quote, elsewhere } = useJourneyQuote();
  if (!quote || elsewhere) return <QuoteLoading title="Rating information" error={query.error} />;
  // Rated afresh from the quote as it is now; a reload after a 409 starts the form again.
  return <ExistingQuoteForm key={quote.version} uuid={uuid} quote={quote} />;
}

function valuesOf(quote: QuoteView): CustomerValues {
  const c = quote.customer;
  return {
    zip: c?.zip ?? '',
    startDate: quote.start_date ?? '',
    customer: {
      firstName: c?.first_name ?? '',
      lastName: c?.last_name ?? '',
      email: c?.email ?? '',
      phone: c?.phone ?? '',
      street: c?.street ?? '',
      city: c?.city ?? '',
    },
  };
}

// Back at rating info the customer, zip (within the quote's state) and start date may change too.
function ExistingQuoteForm({ uuid, quote }: { uuid: string; quote: QuoteView }) {
  const today = useBusinessToday();
  const [values, setValues] = useState(() => valuesOf(quote));
  const [checked, setChecked] = useState<Record<string, string[]>>({});
  // Saved by "Rate and continue": the quote then moves on to underwriting and this form goes.
  const dirty = useDirtyForm();
  const update = useJourneyWrite(uuid, (rows: PetRow[]) => {
    const { zip, startDate, customer } = normalisedDraft({ ...values, entityCode: null });
    return updateQuote(
      { uuid, version: quote.version, zip, startDate, customer, pets: petsInput(rows) },
      { entityCode: quote.entity_code },
    );
  });
  function submit(rows: PetRow[]) {
    // A start date kept as it was is the quote's own, even if that day has passed since.
    const found = validateDraft(
      { ...values, entityCode: null },
      values.startDate === quote.start_date ? '' : today,
    );
    setChecked(found);
    if (Object.keys(found).length === 0) update.mutate(rows, { onSuccess: dirty.markClean });
  }
  return (
    <JourneyFrame title="Rating information" state={quote.step} quote={quote}>
      <RatingForm
        header={
          <CustomerFields
            values={values}
            errors={{ ...update.errors.fields, ...checked }}
            minStartDate={today}
            onChange={(next, field) => {
              setChecked(({ [field]: _gone, ...rest }) => rest);
              setValues(next);
            }}
          />
        }
        initialRows={rowsOf(quote)}
        dirty={dirty}
        busy={update.isPending}
        errors={update.errors}
        headerInvalid={Object.keys(checked).length > 0}
        onSubmit={submit}
      />
    </JourneyFrame>
  );
}

function DraftSummary({ draft }: { draft: QuoteDraft }) {
  const c = draft.customer;
  return (
    <p className="text-sm text-slate-600">
      {c.firstName} {c.lastName} · {c.email} · zip {draft.zip} · starts {formatBusinessDate(draft.startDate)}
      {draft.entityCode ? ` · for ${draft.entityCode}` : ''}{' '}
      <Link to="/quotes/journey" className="font-medium text-indigo-700 hover:underline">
        Change
      </Link>
    </p>
  );
}

interface RatingFormProps {
  header: ReactNode;
  // The header's own fields failed their checks (it shows them).
  headerInvalid?: boolean;
  listOtherFields?: boolean;
  initialRows: PetRow[];
  // The step's unsaved-changes tracker: its owner marks it clean once the rows are saved.
  dirty: DirtyForm;
  busy: boolean;
  errors: JourneyErrors;
  onSubmit(rows: PetRow[]): void;
}

function RatingForm(props: RatingFormProps) {
  const {
    header,
    headerInvalid = false,
    listOtherFields = false,
    initialRows,
    dirty,
    busy,
    errors,
    onSubmit,
  } = props;
  const maxPets = useMaxPets();
  const [rows, setRows] = useState<PetRow[]>(initialRows);
  const [checked, setChecked] = useState<Record<string, string[]>>({});
  const fields = { ...errors.fields, ...checked };
  // Messages for fields the header does not show (the start step's, for a new quote) are listed here.
  const elsewhere = listOtherFields
    ? Object.entries(errors.fields).filter(([path]) => !path.startsWith('pets.'))
    : [];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validatePets(rows);
    setChecked(found);
    if (Object.keys(found).length === 0) onSubmit(rows);
  }

  const update = (index: number, row: PetRow) => setRows((all) => all.map((r, i) => (i === index ? row : r)));

  return (
    <form
      {...dirty.formProps}
      onSubmit={submit}
      noValidate
      aria-label="Rating information"
      className="space-y-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      {header}
      {(headerInvalid || Object.keys(checked).length > 0) && (
        <Alert tone="error">Check the fields marked below.</Alert>
      )}
      {errors.message && !headerInvalid && Object.keys(checked).length === 0 && (
        <Alert tone="error">
          {errors.message}
          {elsewhere.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {elsewhere.map(([path, messages]) => (
                <li key={path}>
                  {path}: {messages.join(' ')}
                </li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      <div className="space-y-4">
        <h2 className="text-base font-semibold text-slate-900">Pets</h2>
        {rows.map((row, index) => (
          <PetFields
            key={row.key}
            index={index}
            row={row}
            errors={fields}
            removable={rows.length > 1}
            onChange={(next) => update(index, next)}
            onRemove={() => {
              // A button, not an input: no edit event says the rows changed.
              dirty.markDirty();
              setRows((all) => all.filter((r) => r.key !== row.key));
            }}
          />
        ))}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-6">
        <div className="flex items-center gap-3">
          <Button
            variant="secondary"
            disabled={rows.length >= maxPets}
            onClick={() => setRows((all) => [...all, emptyPet()])}
          >
            Add a pet
          </Button>
          <span className="text-sm text-slate-500">
            {rows.length} of at most {maxPets} pets
          </span>
        </div>
        <Button type="submit" busy={busy}>
          Rate and continue
        </Button>
      </div>
    </form>
  );
}
