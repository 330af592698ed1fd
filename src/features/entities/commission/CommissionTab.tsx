import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  commissionListQuery,
  commissionRulesQuery,
  enabledEventTypesQuery,
  type CommissionRuleSearch,
} from '../../../api/calls/commissionRules';
import { statesQuery } from '../../../api/calls/entityLists';
import type { CommissionRule, CommissionRuleGenerateResult } from '../../../api/schemas/commissionRules';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/forms/Button';
import { SelectField } from '../../../ui/forms/SelectField';
import { DataTable } from '../../../ui/table/DataTable';
import { Card } from '../Card';
import { ExpireDialog } from './ExpireDialog';
import { GenerateDialog } from './GenerateDialog';
import { ruleColumns } from './ruleColumns';
import { RuleDialog } from './RuleDialog';
import { SPECIES_OPTIONS, STATUS_OPTIONS } from './ruleOptions';
import { errorMessage } from '../../../api/httpErrors';

export interface CommissionTabProps {
  entityId: number;
  canEdit: boolean;
}

type Filter = NonNullable<CommissionRuleSearch['filter']>;
type Dialog = { kind: 'add' } | { kind: 'edit' | 'expire'; rule: CommissionRule } | { kind: 'generate' };

// The entity's commission rate rules (docs/commission.md): filtered and paged by the server; added, edited,
// expired and generated from the house's rules in dialogs.
export function CommissionTab({ entityId, canEdit }: CommissionTabProps) {
  const [search, setSearch] = useState<CommissionRuleSearch>({
    page: 1,
    limit: 25,
    sort: 'effectiveDate',
    order: 'desc',
    filter: {},
  });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [generated, setGenerated] = useState<CommissionRuleGenerateResult | null>(null);
  const rules = useQuery(commissionRulesQuery(entityId, search));
  const eventTypes = useQuery(enabledEventTypesQuery).data ?? [];
  const businessTypes = useQuery(commissionListQuery('business-types')).data ?? [];
  const calculationTypes = useQuery(commissionListQuery('calculation-types')).data ?? [];
  const states = useQuery(statesQuery).data ?? [];
  const columns = useMemo(
    () =>
      ruleColumns({
        canEdit,
        onEdit: (rule) => setDialog({ kind: 'edit', rule }),
        onExpire: (rule) => setDialog({ kind: 'expire', rule }),
      }),
    [canEdit],
  );

  const setFilter = (key: keyof Filter) => (event: { target: { value: string } }) =>
    setSearch((s) => ({
      ...s,
      page: 1,
      // The select offers only the filter's values; empty clears it.
      filter: { ...s.filter, [key]: event.target.value || undefined } as Filter,
    }));
  const filterValue = (key: keyof Filter) => (search.filter?.[key] as string | undefined) ?? '';
  const done = (message: string) => {
    setDialog(null);
    setGenerated(null);
    setNotice(message);
  };

  return (
    <Card
      title="Commission rate rules"
      description="What this entity is paid per event, state and species. Overlapping rules are refused."
      actions={
        canEdit && (
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setDialog({ kind: 'generate' })}>
              Generate from house rules
            </Button>
            <Button onClick={() => setDialog({ kind: 'add' })}>Add rule</Button>
          </div>
        )
      }
    >
      <div className="space-y-4">
        {notice && <Alert tone="success">{notice}</Alert>}
        {generated && <GenerateSummary result={generated} />}
        <div role="search" aria-label="Filter rules" className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6">
          <SelectField
            label="Event"
            name="eventCode"
            value={filterValue('eventCode')}
            onChange={setFilter('eventCode')}
            placeholder="Any event"
            options={eventTypes.map((t) => ({ value: t.code, label: `${t.code} — ${t.description}` }))}
          />
          <SelectField
            label="State"
            name="stateCode"
            value={filterValue('stateCode')}
            onChange={setFilter('stateCode')}
            placeholder="Any state"
            options={states.map((s) => ({ value: s.code, label: `${s.code} — ${s.name}` }))}
          />
          <SelectField
            label="Species"
            name="speciesCode"
            value={filterValue('speciesCode')}
            onChange={setFilter('speciesCode')}
            placeholder="All"
            options={[...SPECIES_OPTIONS, { value: 'ANY', label: 'Any species only' }]}
          />
          <SelectField
            label="Business"
            name="businessType"
            value={filterValue('businessType')}
            onChange={setFilter('businessType')}
            placeholder="All"
            options={businessTypes.map((t) => ({ value: t.code, label: t.name }))}
          />
          <SelectField
            label="Calculation"
            name="calculationType"
            value={filterValue('calculationType')}
            onChange={setFilter('calculationType')}
            placeholder="All"
            options={calculationTypes.map((t) => ({ value: t.code, label: t.name }))}
          />
          <SelectField
            label="Status"
            name="status"
            value={filterValue('status')}
            onChange={setFilter('status')}
            placeholder="All"
            options={STATUS_OPTIONS}
          />
        </div>
        {rules.error && <Alert tone="error">{errorMessage(rules.error)}</Alert>}
        <DataTable
          caption="Commission rate rules"
          columns={columns}
          rows={rules.data?.data ?? []}
          meta={rules.data?.meta}
          loading={rules.isFetching}
          sort={search.sort}
          order={search.order}
          onSort={(field) =>
            setSearch((s) => ({
              ...s,
              page: 1,
              sort: field,
              order: s.sort === field && s.order === 'asc' ? 'desc' : 'asc',
            }))
          }
          onPage={(page) => setSearch((s) => ({ ...s, page }))}
          rowKey={(rule) => rule.id}
          empty={
            rules.isPending
              ? 'Loading rules…'
              : canEdit
                ? 'No rules match. Add one, or generate them from the house rules.'
                : 'No rules match.'
          }
        />
      </div>
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <RuleDialog
          entityId={entityId}
          rule={dialog.kind === 'edit' ? dialog.rule : null}
          onDone={done}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'expire' && (
        <ExpireDialog entityId={entityId} rule={dialog.rule} onDone={done} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'generate' && (
        <GenerateDialog
          entityId={entityId}
          onDone={(result) => {
            setDialog(null);
            setNotice(null);
            setGenerated(result);
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}

function GenerateSummary({ result }: { result: CommissionRuleGenerateResult }) {
  const { created, skipped } = result;
  return (
    <Alert
      tone={created > 0 ? 'success' : 'info'}
      title={`${created} rule${created === 1 ? '' : 's'} generated`}
    >
      {skipped.length === 0 ? (
        'Every house rule in force on that day was copied.'
      ) : (
        <>
          <p>{skipped.length} skipped:</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {skipped.map(({ rule, reason }) => (
              <li key={rule.id}>
                House rule {rule.id} ({rule.event_code}, {rule.species ?? 'any species'}): {reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </Alert>
  );
}
