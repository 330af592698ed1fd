import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { allOf, anyOf } from '../../../../api/access';
import {
  rentersPaymentMethodKeys,
  rentersPaymentMethodsQuery,
} from '../../../../api/calls/rentersPaymentMethods';
import { errorMessage } from '../../../../api/httpErrors';
import type { RentersPaymentMethod } from '../../../../api/schemas/rentersPaymentMethods';
import { Alert } from '../../../../ui/feedback/Alert';
import { Button } from '../../../../ui/forms/Button';
import { useAccess } from '../../../../ui/useAccess';
import { Facts, Panel } from '../../../../ui/Panel';
import { methodLabel } from './paymentMethodText';
import { UpdatePaymentMethodDialog } from './UpdatePaymentMethodDialog';

// The policyholder's payment method on the policy edit screen, with its update.
export interface RentersPaymentMethodPanelProps {
  customerId: number;
  matterId: number;
  policyNumber: string;
  // Called after the payment method changed, so the screen reloads the record and its events.
  onChanged: () => void;
}

// The server asks the same of every update request (SPEC §6).
const UPDATE_ACCESS = allOf(anyOf('renters_policy_ax'), anyOf('renters_update_pmnt'));

// The customer's primary method bills all of their renters policies, so the card shows the customer's,
// not the policy's alone (docs/payments.md "Renters payment methods").
export function RentersPaymentMethodPanel({ customerId, onChanged }: RentersPaymentMethodPanelProps) {
  const queryClient = useQueryClient();
  const { can } = useAccess();
  const methods = useQuery(rentersPaymentMethodsQuery(customerId));
  const [open, setOpen] = useState(false);
  const [updated, setUpdated] = useState<RentersPaymentMethod | null>(null);
  const primary = methods.data?.find((m) => m.isPrimary) ?? null;

  const onUpdated = (method: RentersPaymentMethod) => {
    setOpen(false);
    setUpdated(method);
    void queryClient.invalidateQueries({ queryKey: rentersPaymentMethodKeys.list(customerId) });
    onChanged();
  };

  return (
    <Panel
      title="Payment method"
      actions={
        can(UPDATE_ACCESS) && (
          <Button
            variant="secondary"
            onClick={() => {
              setUpdated(null);
              setOpen(true);
            }}
            disabled={!methods.isSuccess}
          >
            Update payment method
          </Button>
        )
      }
    >
      {methods.isPending && <p className="text-sm text-slate-500">Loading the payment method…</p>}
      {methods.isError && <Alert tone="error">{errorMessage(methods.error)}</Alert>}
      {methods.isSuccess && !primary && (
        <p className="text-sm text-slate-500">No payment method is on file.</p>
      )}
      {primary && (
        <div className="space-y-3">
          <Facts
            facts={[
              ['Method', <span data-testid="renters-payment-method">{methodLabel(primary)}</span>],
              ['Billing ZIP', primary.billingZipCode ?? '—'],
            ]}
          />
          {primary.id === null && (
            <p className="text-xs text-slate-500">
              On file from the sale; update it to keep it on the account.
            </p>
          )}
        </div>
      )}
      {updated && (
        <div className="mt-3">
          <Alert tone="success">The payment method is now {methodLabel(updated)}.</Alert>
        </div>
      )}
      {open && (
        <UpdatePaymentMethodDialog
          customerId={customerId}
          billingZip={primary?.billingZipCode ?? ''}
          open={open}
          onClose={() => setOpen(false)}
          onUpdated={onUpdated}
        />
      )}
    </Panel>
  );
}
