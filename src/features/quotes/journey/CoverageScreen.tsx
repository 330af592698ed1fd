import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { quoteActionKeys, ratePlans, wellnessQuery } from '../../../api/calls/quoteActions';
import { chooseCoverage } from '../../../api/calls/quoteJourney';
import type { QuoteView } from '../../../api/schemas/quoteCommands';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/forms/Button';
import { useDirtyForm } from '../../../ui/forms/unsavedChanges';
import { TextField } from '../../../ui/forms/TextField';
import { BackButton } from './BackButton';
import {
  chosenCoverage,
  initialChoices,
  planChoicesOf,
  plansRequest,
  type CoverageChoices,
} from './coverageChoices';
import { JourneyFrame, QuoteLoading } from './JourneyFrame';
import type { JourneySnapshot } from './journeySnapshot';
import { formatMoney } from '../../../ui/format';
import { PetCoverage } from './PetCoverage';
import { useJourneyQuote } from './useJourneyQuote';
import { useJourneyWrite } from './useJourneyWrite';
import { useSettled } from './useSettled';
import { errorMessage } from '../../../api/httpErrors';
import { PrintButton } from '../../../ui/forms/PrintButton';

// /quotes/journey/coverage/{uuid}: per pet the plan and its options, priced as they change (the `plans`
// action, once the agent pauses), and the quote's monthly and annual total.
export function CoverageScreen() {
  const { uuid, query, quote, snapshot, elsewhere } = useJourneyQuote();
  if (!quote || elsewhere) return <QuoteLoading title="Coverage" error={query.error} />;
  return (
    <JourneyFrame
      title="Coverage"
      state={quote.step}
      quote={quote}
      actions={
        <>
          <PrintButton what="the quote" />
          <BackButton quote={quote} snapshot={snapshot} />
        </>
      }
    >
      <CoverageForm key={`${uuid}-${quote.version}`} quote={quote} snapshot={snapshot} />
    </JourneyFrame>
  );
}

function CoverageForm({ quote, snapshot }: { quote: QuoteView; snapshot: JourneySnapshot }) {
  const state = quote.customer?.state ?? '';
  const [choices, setChoices] = useState<CoverageChoices>(() => initialChoices(quote));
  const [discountCode, setDiscountCode] = useState(quote.discount_code ?? '');
  const wanted = useMemo(() => plansRequest(quote, choices, discountCode), [quote, choices, discountCode]);
  const request = useSettled(wanted);
  const rated = useQuery({
    queryKey: quoteActionKeys.read('plans', request),
    queryFn: ({ signal }) => ratePlans(request, { signal, entityCode: quote.entity_code }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  // A refused discount code must not blank the screen: the plans stay priced without it while the agent
  // corrects or clears the code, and the refusal shows under the code.
  const tryingCode = rated.isError && request.discountCode !== null;
  const withoutCode = useMemo(() => ({ ...request, discountCode: null }), [request]);
  const undiscounted = useQuery({
    queryKey: quoteActionKeys.read('plans', withoutCode),
    queryFn: ({ signal }) => ratePlans(withoutCode, { signal, entityCode: quote.entity_code }),
    enabled: tryingCode,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const codeRefused = tryingCode && undiscounted.isSuccess;
  const shown = rated.data ?? (codeRefused ? undiscounted.data : undefined);
  const wellness = useQuery({ ...wellnessQuery(state), enabled: state !== '' });
  const save = useJourneyWrite(quote.uuid, (pets: ReturnType<typeof chosenCoverage>) =>
    chooseCoverage(
      {
        uuid: quote.uuid,
        version: quote.version,
        discountCode: discountCode.trim() || null,
        pets: pets.map((p) => ({
          petId: p.petId,
          ...(p.planCode ? { planCode: p.planCode } : {}),
          ...(p.deductible !== undefined ? { deductible: p.deductible } : {}),
          ...(p.reimbursement !== undefined ? { reimbursement: p.reimbursement } : {}),
          examFee: p.examFee,
          wellnessCode: p.wellnessCode,
        })),
      },
      { entityCode: quote.entity_code },
    ),
  );
  // Choices are priced as they change but saved only by "Continue to checkout".
  const dirty = useDirtyForm();
  const payments = shown?.payments;
  const chosen = chosenCoverage(quote, choices, shown);
  const mayChoose = snapshot.can({ type: 'quote.coverageChosen', plans: planChoicesOf(chosen) });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(chosen, { onSuccess: dirty.markClean });
  }

  const petErrors = (index: number): Record<string, string[]> => {
    const prefix = `pets.${index}.`;
    return Object.fromEntries(
      Object.entries(save.errors.fields)
        .filter(([path]) => path.startsWith(prefix))
        .map(([path, messages]) => [path.slice(prefix.length), messages]),
    );
  };

  return (
    <form {...dirty.formProps} onSubmit={submit} noValidate aria-label="Coverage" className="space-y-6">
      {rated.error && !codeRefused && (
        <Alert tone="error" title="The premium could not be rated">
          {errorMessage(rated.error)}
        </Alert>
      )}
      {save.errors.message && <Alert tone="error">{save.errors.message}</Alert>}
      {quote.pets.map((pet, index) => (
        <PetCoverage
          key={pet.id}
          pet={pet}
          state={state}
          choice={choices[pet.id] ?? { examFee: false, wellnessCode: null }}
          rated={shown?.pets[index]}
          options={shown?.plan_options}
          wellnessPlans={wellness.data ?? []}
          errors={petErrors(index)}
          onChange={(choice) => setChoices((all) => ({ ...all, [pet.id]: choice }))}
        />
      ))}
      <section
        aria-labelledby="total-title"
        className="grid gap-6 rounded-lg border border-slate-200 bg-white p-5 shadow-sm md:grid-cols-3"
      >
        <div>
          <h2 id="total-title" className="text-base font-semibold text-slate-900">
            Quote total
          </h2>
          <div className="mt-3 max-w-xs">
            <TextField
              label="Discount code"
              name="discountCode"
              hint="Optional."
              value={discountCode}
              onChange={(e) => setDiscountCode(e.target.value)}
              errors={codeRefused ? [rated.error.message] : save.errors.fields.discountCode}
            />
          </div>
        </div>
        <dl className="text-sm" aria-busy={rated.isFetching || undefined}>
          <dt className="text-slate-500">Monthly</dt>
          <dd className="text-2xl font-semibold text-slate-900" data-testid="total-monthly">
            {payments ? formatMoney(payments.monthly.installment) : '—'}
            <span className="text-sm font-normal text-slate-500"> / month</span>
          </dd>
          {payments && (
            <dd className="text-xs text-slate-500">
              {formatMoney(payments.monthly.downpayment)} first payment, {formatMoney(payments.monthly.total)}{' '}
              a year
              {payments.monthly.fees.map((f) => ` · ${f.description} ${formatMoney(f.amount)}`).join('')}
            </dd>
          )}
        </dl>
        <dl className="text-sm">
          <dt className="text-slate-500">Annual</dt>
          <dd className="text-2xl font-semibold text-slate-900" data-testid="total-annual">
            {payments ? formatMoney(payments.annual.total) : '—'}
            <span className="text-sm font-normal text-slate-500"> / year</span>
          </dd>
          <dd className="text-xs text-slate-500">Paid once{rated.isFetching ? ' · updating…' : ''}</dd>
        </dl>
      </section>
      {mayChoose && (
        <div className="flex justify-end">
          <Button type="submit" busy={save.isPending} disabled={!rated.data || rated.isError}>
            Continue to checkout
          </Button>
        </div>
      )}
    </form>
  );
}
