import { useQuery } from '@tanstack/react-query';
import { entityBankAccountsQuery } from '../../../api/calls/bankAccounts';
import { errorMessage } from '../../../api/httpErrors';
import { Alert } from '../../../ui/feedback/Alert';
import { checkedAt } from './bankAccountColumns';

// Every verification attempt of one agency, newest first: which account is active, which were replaced,
// and why the others were not eligible.
export function AttemptHistory({ entityId, entityName }: { entityId: number; entityName: string }) {
  const attempts = useQuery(entityBankAccountsQuery(entityId));
  return (
    <section
      aria-label="Verification history"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 className="text-base font-semibold text-slate-900">Verification history</h2>
      <p className="mt-0.5 text-sm text-slate-500">{entityName}</p>
      {attempts.error && <Alert tone="error">{errorMessage(attempts.error)}</Alert>}
      {attempts.data?.length === 0 && (
        <p className="mt-3 text-sm text-slate-500">No account of this agency has been verified yet.</p>
      )}
      <ul className="mt-3 divide-y divide-slate-100">
        {attempts.data?.map((a) => (
          <li key={a.id} className="py-2 text-sm" data-testid="bank-account-attempt">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="tabular-nums font-medium text-slate-800">
                •••• {a.account_last4}{' '}
                <span className="font-normal text-slate-500">routing {a.routing_number}</span>
              </span>
              <span
                className={
                  a.status === 'active'
                    ? 'text-emerald-700'
                    : a.status === 'failed'
                      ? 'text-amber-700'
                      : 'text-slate-500'
                }
              >
                {a.status === 'active' ? '✓ Active' : a.status === 'replaced' ? 'Replaced' : 'Not eligible'}
              </span>
            </div>
            <div className="text-xs text-slate-500">
              {checkedAt(a.verified_at)} · {a.message} (code {a.response_code})
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
