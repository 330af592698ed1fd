import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useBusinessToday } from '../../../api/calls/calendar';
import { commissionRuleKeys, expireCommissionRule } from '../../../api/calls/commissionRules';
import type { CommissionRule } from '../../../api/schemas/commissionRules';
import { ConfirmDialog } from '../../../ui/feedback/ConfirmDialog';
import { TextField } from '../../../ui/forms/TextField';
import { useGuardedClose } from '../../../ui/forms/useGuardedClose';
import { formatPay, ruleErrors } from './ruleForm';
import { speciesLabel } from './ruleOptions';

export interface ExpireDialogProps {
  entityId: number;
  rule: CommissionRule;
  onDone(message: string): void;
  onClose(): void;
}

// Ends a rule: from the expiration day on it pays nothing. Today unless another day is chosen.
export function ExpireDialog({ entityId, rule, onDone, onClose }: ExpireDialogProps) {
  const today = useBusinessToday();
  const [opened] = useState(() => (today < rule.effective_date ? rule.effective_date : today));
  const [day, setDay] = useState(opened);
  // Another day chosen is the user's: Cancel, Escape or a click outside ask before dropping it.
  const guard = useGuardedClose(day !== opened, onClose);
  const queryClient = useQueryClient();
  const expire = useMutation({
    mutationFn: () => expireCommissionRule(entityId, rule.id, { expiration_date: day }),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: commissionRuleKeys.all(entityId) });
      onDone(`Rule ${saved.id} expires on ${saved.expiration_date}.`);
    },
  });
  const { fields, message } = ruleErrors(expire.error);
  return (
    <ConfirmDialog
      open
      title={`Expire rule ${rule.id}?`}
      confirmLabel="Expire rule"
      danger
      busy={expire.isPending}
      error={message}
      onConfirm={() => expire.mutate()}
      onClose={guard.requestClose}
    >
      <p>
        {rule.event_code} {rule.business_type === 'NEW' ? 'new business' : 'renewal'},{' '}
        {speciesLabel(rule.species).toLowerCase()}, {formatPay(rule)} in {rule.state_codes.join(', ')}.
      </p>
      <p className="mt-2">Events on or after the expiration date are no longer paid by this rule.</p>
      <TextField
        label="Expiration date"
        name="expiration_date"
        type="date"
        className="mt-3"
        value={day}
        min={rule.effective_date}
        onChange={(event) => setDay(event.target.value)}
        errors={fields.expiration_date}
      />
      {guard.confirmation}
    </ConfirmDialog>
  );
}
