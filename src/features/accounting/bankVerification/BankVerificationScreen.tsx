import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { bankAccountSearchQuery } from '../../../api/calls/bankAccounts';
import { fieldErrorsOf } from '../../../api/httpErrors';
import {
  BANK_ACCOUNT_SORT_FIELDS,
  type BankAccountSortField,
  type BankAccountVerification,
} from '../../../api/schemas/bankAccounts';
import { Button } from '../../../ui/forms/Button';
import { TextField } from '../../../ui/forms/TextField';
import { PageHeader } from '../../../ui/PageHeader';
import { DataTable } from '../../../ui/table/DataTable';
import { SearchEmpty } from '../../../ui/table/SearchEmpty';
import { SearchFeedback } from '../../../ui/table/SearchFeedback';
import { TableToolbar } from '../../../ui/table/TableToolbar';
import { useSearchState } from '../../../ui/table/useSearchState';
import type { PickedEntity } from '../../../ui/forms/EntityPicker';
import { AttemptHistory } from './AttemptHistory';
import { bankAccountColumns } from './bankAccountColumns';
import { EligibilityResult } from './EligibilityResult';
import { VerifyBankAccountForm } from './VerifyBankAccountForm';

const FILTER_KEYS = ['entityCode'] as const;
const DEFAULTS = { sort: 'verified_at', order: 'desc' } as const;
const isSortField = (sort: string): sort is BankAccountSortField =>
  (BANK_ACCOUNT_SORT_FIELDS as readonly string[]).includes(sort);

// /accounting/bank-verification (SPEC §2 "Bank Account Verification"): accounting checks a payee agency's
// account for RTP eligibility, sees the answer and the agency's attempts, and below the verified accounts of
// every agency. Account numbers show as their last four digits only.
export function BankVerificationScreen() {
  const [entity, setEntity] = useState<PickedEntity | null>(null);
  const [result, setResult] = useState<BankAccountVerification | null>(null);
  const search = useSearchState(FILTER_KEYS, DEFAULTS);
  const sort = isSortField(search.sort) ? search.sort : DEFAULTS.sort;
  const list = useQuery(
    bankAccountSearchQuery({ ...search.request, sort, filter: { ...search.filter, verified: 'true' } }),
  );
  const columns = useMemo(() => bankAccountColumns(), []);
  const [code, setCode] = useState(search.filter.entityCode ?? '');

  const pick = (picked: PickedEntity | null) => {
    setEntity(picked);
    setResult(null);
  };
  const filter = (event: FormEvent) => {
    event.preventDefault();
    search.setFilter(code.trim() ? { entityCode: code.trim() } : {});
  };

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title="Bank Account Verification"
        description="Check a payee agency’s bank account for RTP (real-time payment) eligibility. Only the last four digits of an account are kept."
      />
      <div className="grid gap-6 lg:grid-cols-5">
        <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm lg:col-span-3">
          <h2 className="mb-4 text-base font-semibold text-slate-900">Verify an account</h2>
          <VerifyBankAccountForm entity={entity} onEntityChange={pick} onVerified={setResult} />
          {result && (
            <div className="mt-4">
              <EligibilityResult result={result} />
            </div>
          )}
        </section>
        <div className="lg:col-span-2">
          {entity ? (
            <AttemptHistory
              entityId={entity.id}
              entityName={`${entity.entity_code} — ${entity.entity_name}`}
            />
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 p-5 text-sm text-slate-500">
              Pick an agency to see its verification history.
            </p>
          )}
        </div>
      </div>
      <section aria-label="Verified accounts" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 className="text-base font-semibold text-slate-900">Verified accounts</h2>
          <form onSubmit={filter} className="flex items-end gap-2">
            <TextField
              label="Entity code"
              name="entityCode"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              errors={fieldErrorsOf(list.error)['filter.entityCode']}
              placeholder="1234-5678"
            />
            <Button type="submit" variant="secondary">
              Filter
            </Button>
          </form>
        </div>
        <TableToolbar table="bank-accounts" search={search} columns={columns} />
        <SearchFeedback notice={null} error={list.error}>
          <DataTable
            shownColumns={search.columns}
            caption="Verified accounts"
            columns={columns}
            rows={list.data?.data ?? []}
            meta={list.data?.meta}
            sort={sort}
            order={search.order}
            onSort={search.toggleSort}
            onPage={search.setPage}
            loading={list.isFetching}
            rowKey={(row) => row.id}
            empty={
              <SearchEmpty
                filtered={Boolean(search.filter.entityCode)}
                noMatch="No verified account matches this entity code."
                none="No account is verified yet. Verify one above: it is listed here once the RTP check accepts it."
                onClear={() => {
                  setCode('');
                  search.reset();
                }}
              />
            }
          />
        </SearchFeedback>
      </section>
    </div>
  );
}
