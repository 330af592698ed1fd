import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import {
  addOverride,
  deleteOverride,
  overrideTypesQuery,
  updateOverride,
} from '../../api/calls/commissionStatements';
import { errorMessage, fieldErrorsOf, ValidationError } from '../../api/httpErrors';
import type { Statement, StatementOverride } from '../../api/schemas/commissionStatements';
import { Alert } from '../../ui/feedback/Alert';
import { ConfirmDialog } from '../../ui/feedback/ConfirmDialog';
import { Button } from '../../ui/forms/Button';
import { SelectField } from '../../ui/forms/SelectField';
import { TextField } from '../../ui/forms/TextField';
import { useGuardedClose } from '../../ui/forms/useGuardedClose';
import { formatMoney } from '../../ui/format';

export interface OverridesEditorProps {
  statement: Statement;
  // The user may adjust overrides and the statement is pending (otherwise the list is read-only).
  canEdit: boolean;
  // After a change: the statement's totals moved, read it again.
  onChanged(): Promise<unknown>;
  // Whether the open form holds changes not yet saved, for the dialog around it to ask before it closes.
  onDirtyChange?(dirty: boolean): void;
}

interface Draft {
  // The override being edited; null: a new one.
  id: number | null;
  type_code: string;
  amount: string;
  note: string;
}

const EMPTY: Draft = { id: null, type_code: '', amount: '', note: '' };

// A statement's overrides (SPEC §3 "Statement override"): amounts a reviewer adds to or takes from what the
// lines pay, each with a type and a note. Added and edited in one form under the list; the server checks the
// values and answers each problem under its field. Deleting keeps the override, marked deleted.
export function OverridesEditor({ statement, canEdit, onChanged, onDirtyChange }: OverridesEditorProps) {
  const types = useQuery(overrideTypesQuery).data ?? [];
  const [draft, setDraft] = useState<Draft | null>(null);
  // The draft as the form opened with it: changed is anything else.
  const [opened, setOpened] = useState<Draft | null>(null);
  const dirty = draft !== null && JSON.stringify(draft) !== JSON.stringify(opened);
  // The statement around it asks before leaving the screen with these changes (onDirtyChange).
  const guard = useGuardedClose(dirty, () => setDraft(null), { guardLeaving: !onDirtyChange });
  useEffect(() => {
    onDirtyChange?.(dirty);
    // Gone from the screen, it holds nothing.
    return () => onDirtyChange?.(false);
  }, [dirty, onDirtyChange]);
  const [deleting, setDeleting] = useState<StatementOverride | null>(null);
  const entityId = statement.entity_id;
  const typeName = (code: string) => types.find((t) => t.override_code === code)?.override_desc ?? code;

  const save = useMutation({
    mutationFn: (d: Draft) => {
      // The server is the judge of the amount: an empty or malformed one is sent as it is and refused there.
      const amount = d.amount.trim() === '' ? null : Number(d.amount.replace(/[$,\s]/g, ''));
      const data = { type_code: d.type_code, amount: amount as number, note: d.note.trim() || null };
      return d.id === null
        ? addOverride(entityId, statement.id, data)
        : updateOverride(entityId, statement.id, d.id, data);
    },
    onSuccess: async () => {
      await onChanged();
      setDraft(null);
    },
  });
  const remove = useMutation({
    mutationFn: (o: StatementOverride) => deleteOverride(entityId, statement.id, o.id),
    onSuccess: async () => {
      await onChanged();
      setDeleting(null);
    },
  });

  const errors = fieldErrorsOf(save.error);
  const active = statement.overrides.filter((o) => !o.deleted);
  const deletedCount = statement.overrides.length - active.length;
  const options = types
    .filter((t) => t.is_enabled || t.override_code === draft?.type_code)
    .map((t) => ({ value: t.override_code, label: t.override_desc }));
  const set = (key: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft((d) => (d ? { ...d, [key]: e.target.value } : d));
  const open = (next: Draft) => {
    save.reset();
    setOpened(next);
    setDraft(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft) save.mutate(draft);
  };

  return (
    <section aria-label="Overrides" className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-base font-semibold text-slate-900">Overrides</h3>
        {canEdit && !draft && (
          <Button variant="secondary" onClick={() => open(EMPTY)}>
            Add override
          </Button>
        )}
      </div>
      {active.length === 0 ? (
        <p className="text-sm text-slate-500">No overrides: the statement pays what its lines add up to.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {active.map((o) => (
            <li
              key={o.id}
              data-testid="statement-override"
              className="flex flex-wrap items-center gap-3 px-4 py-2 text-sm"
            >
              <span className="min-w-0 flex-1">
                <span className="font-medium text-slate-900">{typeName(o.override_type_code)}</span>
                {o.override_note && <span className="block text-slate-500">{o.override_note}</span>}
              </span>
              <span
                className={`tabular-nums font-medium ${o.amount < 0 ? 'text-red-700' : 'text-slate-900'}`}
              >
                {formatMoney(o.amount)}
              </span>
              {canEdit && (
                <span className="flex gap-2">
                  <button
                    type="button"
                    className="text-sm font-medium text-indigo-700 hover:underline"
                    aria-label={`Edit override ${typeName(o.override_type_code)} ${formatMoney(o.amount)}`}
                    onClick={() =>
                      open({
                        id: o.id,
                        type_code: o.override_type_code,
                        amount: String(o.amount),
                        note: o.override_note ?? '',
                      })
                    }
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="text-sm font-medium text-red-700 hover:underline"
                    aria-label={`Delete override ${typeName(o.override_type_code)} ${formatMoney(o.amount)}`}
                    onClick={() => {
                      remove.reset();
                      setDeleting(o);
                    }}
                  >
                    Delete
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {deletedCount > 0 && (
        <p className="text-xs text-slate-500">
          {deletedCount} deleted override{deletedCount === 1 ? '' : 's'} kept in the history.
        </p>
      )}
      {!canEdit && statement.state !== 'pending' && (
        <p className="text-xs text-slate-500">Overrides change only while the statement is pending.</p>
      )}
      {draft && (
        <form
          aria-label={draft.id === null ? 'Add override' : 'Edit override'}
          noValidate
          onSubmit={submit}
          className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
        >
          {save.error && (
            <Alert tone="error">
              {save.error instanceof ValidationError && Object.keys(errors).length > 0
                ? 'Check the fields marked below.'
                : errorMessage(save.error)}
            </Alert>
          )}
          <div className="grid gap-3 sm:grid-cols-3">
            <SelectField
              label="Override type"
              name="type_code"
              placeholder="Choose…"
              options={options}
              value={draft.type_code}
              onChange={set('type_code')}
              errors={errors['data.type_code']}
            />
            <TextField
              label="Amount"
              name="amount"
              inputMode="decimal"
              placeholder="-25.00"
              value={draft.amount}
              onChange={set('amount')}
              hint="Negative takes money off the statement."
              errors={errors['data.amount']}
            />
            <TextField
              label="Note"
              name="note"
              maxLength={500}
              value={draft.note}
              onChange={set('note')}
              errors={errors['data.note']}
            />
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={guard.requestClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" busy={save.isPending}>
              {draft.id === null ? 'Add override' : 'Save override'}
            </Button>
          </div>
        </form>
      )}
      {guard.confirmation}
      {deleting && (
        <ConfirmDialog
          open
          danger
          title="Delete this override?"
          confirmLabel="Delete override"
          busy={remove.isPending}
          error={remove.error ? errorMessage(remove.error) : null}
          onConfirm={() => remove.mutate(deleting)}
          onClose={() => setDeleting(null)}
        >
          {typeName(deleting.override_type_code)} of {formatMoney(deleting.amount)} no longer counts towards
          the payment total. It stays in the statement’s history.
        </ConfirmDialog>
      )}
    </section>
  );
}
