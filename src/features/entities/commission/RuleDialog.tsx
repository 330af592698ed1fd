import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  commissionListQuery,
  commissionRuleImpact,
  commissionRuleKeys,
  createCommissionRule,
  enabledEventTypesQuery,
  updateCommissionRule,
} from '../../../api/calls/commissionRules';
import { useBusinessToday } from '../../../api/calls/calendar';
import { statesQuery } from '../../../api/calls/entityLists';
import type { CommissionRule } from '../../../api/schemas/commissionRules';
import type { RuleImpact } from '../../../api/schemas/commissionStatements';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/forms/Button';
import { SelectField } from '../../../ui/forms/SelectField';
import { TextField } from '../../../ui/forms/TextField';
import { useGuardedClose } from '../../../ui/forms/useGuardedClose';
import { emptyRule, ruleErrors, ruleRequest, ruleValues, type RuleValues } from './ruleForm';
import { SPECIES_OPTIONS } from './ruleOptions';
import { StatePicker } from './StatePicker';
import { RuleImpactNotice } from './RuleImpactNotice';

export interface RuleDialogProps {
  entityId: number;
  // The rule being edited; none: a new rule.
  rule: CommissionRule | null;
  onDone(message: string): void;
  onClose(): void;
}

// Add or edit one rate rule. The server checks everything (states, event code, overlaps) and answers each
// problem under its field; an overlap names the rules it collides with under the effective date.
export function RuleDialog({ entityId, rule, onDone, onClose }: RuleDialogProps) {
  const today = useBusinessToday();
  const [initial] = useState<RuleValues>(() => (rule ? ruleValues(rule) : emptyRule(today)));
  const [values, setValues] = useState<RuleValues>(initial);
  const guard = useGuardedClose(!sameRuleValues(values, initial), onClose);
  const queryClient = useQueryClient();
  const businessTypes = useQuery(commissionListQuery('business-types')).data ?? [];
  const calculationTypes = useQuery(commissionListQuery('calculation-types')).data ?? [];
  const eventTypes = useQuery(enabledEventTypesQuery).data ?? [];
  const states = useQuery(statesQuery).data ?? [];
  // The unapproved statements the rule as filled in would change, asked before saving; null until asked or
  // after the values change.
  const [impact, setImpact] = useState<RuleImpact[] | null>(null);
  const save = useMutation({
    mutationFn: () =>
      rule
        ? updateCommissionRule(entityId, rule.id, { ...ruleRequest(values), version: rule.version })
        : createCommissionRule(entityId, ruleRequest(values)),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: commissionRuleKeys.all(entityId) });
      onDone(rule ? `Rule ${saved.id} was saved.` : `Rule ${saved.id} was added.`);
    },
  });
  const check = useMutation({
    mutationFn: () =>
      rule
        ? commissionRuleImpact(entityId, rule.id, { ...ruleRequest(values), version: rule.version })
        : commissionRuleImpact(entityId, null, ruleRequest(values)),
    onSuccess: (found) => {
      // Nothing to show: saved at once; otherwise the change is shown and saved on a second click.
      if (found.length === 0) save.mutate();
      else setImpact(found);
    },
  });
  const { fields, message } = ruleErrors(save.error ?? check.error);
  const change = (next: (v: RuleValues) => RuleValues) => {
    setImpact(null);
    setValues(next);
  };
  const set = (key: keyof RuleValues) => (event: { target: { value: string } }) =>
    change((v) => ({ ...v, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (impact) save.mutate();
    else check.mutate();
  };
  const busy = save.isPending || check.isPending;
  const percent = values.calculation_type === 'PERCENT';
  const title = rule ? `Edit rule ${rule.id}` : 'Add commission rule';
  const stateErrors = Object.entries(fields)
    .filter(([key]) => key.startsWith('state_codes'))
    .flatMap(([, m]) => m);

  return (
    <Dialog open onClose={busy ? () => undefined : guard.requestClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 sm:items-center">
        <DialogPanel className="w-full max-w-2xl rounded-lg bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
          <form aria-label={title} noValidate onSubmit={submit} className="mt-4 space-y-4">
            {message && <Alert tone="error">{message}</Alert>}
            {fields.effective_date?.some((m) => m.startsWith('Overlaps')) && (
              <Alert tone="error" title="This rule overlaps another rule">
                Rules of the same business type, event and species may not share a state on the same days.
                Expire the other rule first, or change the states or dates.
              </Alert>
            )}
            <div className="grid gap-4 sm:grid-cols-3">
              <SelectField
                label="Business type"
                name="business_type"
                value={values.business_type}
                onChange={set('business_type')}
                options={businessTypes.map((t) => ({ value: t.code, label: t.name }))}
                errors={fields.business_type}
              />
              <SelectField
                label="Event"
                name="event_code"
                value={values.event_code}
                onChange={set('event_code')}
                options={eventTypes.map((t) => ({ value: t.code, label: `${t.code} — ${t.description}` }))}
                errors={fields.event_code}
              />
              <SelectField
                label="Species"
                name="species"
                value={values.species}
                onChange={set('species')}
                options={SPECIES_OPTIONS}
                placeholder="Any species"
                errors={fields.species}
              />
              <SelectField
                label="Calculation"
                name="calculation_type"
                value={values.calculation_type}
                onChange={set('calculation_type')}
                options={calculationTypes.map((t) => ({ value: t.code, label: t.name }))}
                errors={fields.calculation_type}
              />
              <TextField
                label={percent ? 'Pay (% of premium)' : 'Pay ($ per event)'}
                name="pay_multiplier"
                inputMode="decimal"
                value={values.pay_multiplier}
                onChange={set('pay_multiplier')}
                hint={percent ? 'For example 15 or 12.5' : 'For example 25.00'}
                errors={fields.pay_multiplier}
              />
              <div />
              <TextField
                label="Effective date"
                name="effective_date"
                type="date"
                value={values.effective_date}
                onChange={set('effective_date')}
                errors={fields.effective_date}
                className="sm:col-span-1"
              />
              <TextField
                label="Expiration date"
                name="expiration_date"
                type="date"
                value={values.expiration_date}
                onChange={set('expiration_date')}
                hint="Leave empty for no end. The rule stops paying on this day."
                errors={fields.expiration_date}
              />
            </div>
            <StatePicker
              states={states}
              selected={values.state_codes}
              onChange={(state_codes) => change((v) => ({ ...v, state_codes }))}
              errors={stateErrors}
            />
            {impact && <RuleImpactNotice impact={impact} />}
            <div className="flex justify-end gap-3 pt-2">
              <Button variant="secondary" onClick={guard.requestClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" busy={busy}>
                {impact ? 'Save and recalculate' : rule ? 'Save rule' : 'Add rule'}
              </Button>
            </div>
          </form>
          {guard.confirmation}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

// States picked and unpicked again come back in another order: the same rule all the same.
function sameRuleValues(a: RuleValues, b: RuleValues): boolean {
  const key = (v: RuleValues) => JSON.stringify({ ...v, state_codes: [...v.state_codes].sort() });
  return key(a) === key(b);
}
