import { useState, type FormEvent } from 'react';
import type { StartRentersQuoteInput } from '../../../api/calls/rentersQuotes';
import type { RentersQuoteView } from '../../../api/schemas/rentersQuotes';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/forms/Button';
import { useDirtyForm } from '../../../ui/forms/unsavedChanges';
import { CheckboxField } from '../../../ui/forms/CheckboxField';
import { TextField } from '../../../ui/forms/TextField';
import { AddressFields, addressDraftOf, type AddressDraft } from './AddressFields';
import type { RentersErrors } from './rentersErrors';

type PropertyStep = Pick<RentersQuoteView, 'property' | 'effective_date' | 'interested_party'>;

export interface PropertyFormProps {
  // The saved quote when the agent went back to this step; null for a new quote.
  quote: RentersQuoteView | null;
  // A new quote's starting values (a rewrite's, from the old policy); the saved quote's win.
  initial?: PropertyStep | null;
  errors: RentersErrors;
  // What to say under the effective date as it stands (a rewrite says where its default comes from).
  effectiveDateHint?: (date: string) => string | undefined;
  busy: boolean;
  // `saved.onSuccess` once the server has the step (a mutation's own option, so `write.mutate` fits): the
  // journey moves on from there, and must not be held by the unsaved-changes prompt.
  onSubmit(body: StartRentersQuoteInput, saved: { onSuccess(): void }): void;
}

const wireAddress = (a: AddressDraft) => ({ ...a, line_2: a.line_2.trim() || null });

// The start step: the rented property, the effective date and an optional interested party (SPEC §3).
export function PropertyForm({
  quote,
  initial = null,
  errors,
  effectiveDateHint,
  busy,
  onSubmit,
}: PropertyFormProps) {
  const from: PropertyStep | null = quote ?? initial;
  const [property, setProperty] = useState(() => addressDraftOf(from?.property ?? null));
  const [effectiveDate, setEffectiveDate] = useState(from?.effective_date ?? '');
  const [hasParty, setHasParty] = useState(Boolean(from?.interested_party));
  const [partyName, setPartyName] = useState(from?.interested_party?.name ?? '');
  const [party, setParty] = useState(() => addressDraftOf(from?.interested_party ?? null));
  const dirty = useDirtyForm();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(
      {
        property: wireAddress(property),
        effective_date: effectiveDate,
        interested_party: hasParty ? { name: partyName, ...wireAddress(party) } : null,
      },
      { onSuccess: dirty.markClean },
    );
  };
  return (
    <form {...dirty.formProps} aria-label="Property" onSubmit={submit} className="space-y-6" noValidate>
      {errors.message && <Alert tone="error">{errors.message}</Alert>}
      <section className="space-y-4 rounded-lg border border-slate-200 bg-white p-6">
        <h2 className="text-base font-semibold text-slate-900">Rented property</h2>
        <AddressFields
          prefix="property"
          label="Property"
          value={property}
          errors={errors.fields}
          disabled={busy}
          onChange={setProperty}
        />
        <TextField
          label="Effective date"
          name="effective_date"
          type="date"
          className="max-w-xs"
          disabled={busy}
          value={effectiveDate}
          onChange={(e) => setEffectiveDate(e.target.value)}
          hint={effectiveDateHint?.(effectiveDate)}
          errors={errors.fields.effective_date}
        />
      </section>
      <section className="space-y-4 rounded-lg border border-slate-200 bg-white p-6">
        <CheckboxField
          label="Add an interested party"
          name="has_interested_party"
          description="A landlord or property manager told of the policy."
          checked={hasParty}
          disabled={busy}
          onChange={(e) => setHasParty(e.target.checked)}
        />
        {hasParty && (
          <>
            <TextField
              label="Interested party name"
              name="interested_party.name"
              disabled={busy}
              value={partyName}
              onChange={(e) => setPartyName(e.target.value)}
              errors={errors.fields['interested_party.name']}
            />
            <AddressFields
              prefix="interested_party"
              label="Interested party"
              value={party}
              errors={errors.fields}
              disabled={busy}
              onChange={setParty}
            />
          </>
        )}
      </section>
      <div className="flex justify-end">
        <Button type="submit" busy={busy}>
          Continue to coverage
        </Button>
      </div>
    </form>
  );
}
