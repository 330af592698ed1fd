import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useBusinessToday } from '../../../api/calls/calendar';
import { commissionRuleKeys, generateCommissionRules } from '../../../api/calls/commissionRules';
import type { CommissionRuleGenerateResult } from '../../../api/schemas/commissionRules';
import { ConfirmDialog } from '../../../ui/feedback/ConfirmDialog';
import { TextField } from '../../../ui/forms/TextField';
import { useGuardedClose } from '../../../ui/forms/useGuardedClose';
import { ruleErrors } from './ruleForm';

export interface GenerateDialogProps {
  entityId: number;
  onDone(result: CommissionRuleGenerateResult): void;
  onClose(): void;
}

// Copies the house's rules in force on a day to this entity, from that day on. Rules that would overlap
// the entity's own are skipped and listed, so it is safe to run again.
export function GenerateDialog({ entityId, onDone, onClose }: GenerateDialogProps) {
  const today = useBusinessToday();
  const [opened] = useState(today);
  const [day, setDay] = useState(opened);
  // Another day chosen is the user's: Cancel, Escape or a click outside ask before dropping it.
  const guard = useGuardedClose(day !== opened, onClose);
  const queryClient = useQueryClient();
  const generate = useMutation({
    mutationFn: () => generateCommissionRules(entityId, { effective_date: day }),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: commissionRuleKeys.all(entityId) });
      onDone(result);
    },
  });
  const { fields, message } = ruleErrors(generate.error);
  return (
    <ConfirmDialog
      open
      title="Generate from house rules"
      confirmLabel="Generate rules"
      busy={generate.isPending}
      error={message ?? fields.template_entity_id?.join(' ') ?? null}
      onConfirm={() => generate.mutate()}
      onClose={guard.requestClose}
    >
      <p>
        Copies the house rules in force on the effective date to this entity, taking effect that day. Rules
        that would overlap this entity&apos;s own are skipped and listed.
      </p>
      <TextField
        label="Effective date"
        name="effective_date"
        type="date"
        className="mt-3"
        value={day}
        onChange={(event) => setDay(event.target.value)}
        errors={fields.effective_date}
      />
      {guard.confirmation}
    </ConfirmDialog>
  );
}
