import { useState } from 'react';
import {
  changeAllowedFrom,
  type RentersChangeKind,
  type RentersPolicyState,
} from '../../../../machines/rentersPolicyStatus';
import { Alert } from '../../../../ui/feedback/Alert';
import { Button } from '../../../../ui/forms/Button';
import { RentersChangeDialog } from './RentersChangeDialog';

// The policy's cancel, discontinue and reinstate actions with their preview-then-commit dialogs.
export interface RentersPolicyChangesProps {
  matterId: number;
  policyNumber: string;
  policyVersion: number;
  machineState: RentersPolicyState;
  canBeFlatCancelled: boolean;
  canBeDiscontinued: boolean;
  // Only while the term the cancellation cut short runs (docs/renters-cancellation.md "Reinstate").
  canBeReinstated: boolean;
  // Called after a commit, so the screen reloads the record.
  onChanged: () => void;
}

const LABELS: Readonly<Record<RentersChangeKind, string>> = {
  cancel: 'Cancel policy',
  discontinue: 'Discontinue',
  reinstate: 'Reinstate',
};

// Each action shows only when the policy's state allows its flow (the machine's own answer).
export function RentersPolicyChanges(props: RentersPolicyChangesProps) {
  const [open, setOpen] = useState<RentersChangeKind | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const shown = (['cancel', 'discontinue', 'reinstate'] as const).filter(
    (kind) =>
      changeAllowedFrom(kind, props.machineState) &&
      (kind !== 'discontinue' || props.canBeDiscontinued) &&
      (kind !== 'reinstate' || props.canBeReinstated),
  );
  return (
    <div className="flex flex-wrap items-center gap-2">
      {done && (
        <Alert tone="success">
          <span role="status">{done}</span>
        </Alert>
      )}
      {shown.map((kind) => (
        <Button
          key={kind}
          variant="secondary"
          onClick={() => {
            setDone(null);
            setOpen(kind);
          }}
        >
          {LABELS[kind]}
        </Button>
      ))}
      {open && (
        <RentersChangeDialog
          key={`${open}:${props.policyVersion}`}
          kind={open}
          matterId={props.matterId}
          policyNumber={props.policyNumber}
          policyVersion={props.policyVersion}
          machineState={props.machineState}
          canBeFlatCancelled={props.canBeFlatCancelled}
          onClose={() => setOpen(null)}
          onChanged={(message) => {
            setOpen(null);
            setDone(message);
            props.onChanged();
          }}
        />
      )}
    </div>
  );
}
