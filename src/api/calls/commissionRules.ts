import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import type { PageRequest } from '../schemas/paging';
import {
  CommissionListResponse,
  CommissionRuleGenerateResponse,
  CommissionRulePage,
  CommissionRuleResponse,
  type CommissionRule,
  type CommissionRuleCreate,
  type CommissionRuleExpire,
  type CommissionRuleFilter,
  type CommissionRuleGenerate,
  type CommissionRuleGenerateResult,
  type CommissionRuleUpdate,
} from '../schemas/commissionRules';
import { RuleImpactResponse, type RuleImpact } from '../schemas/commissionStatements';
import { EventTypeListResponse } from '../schemas/entityLists';
import { entityKeys } from './entities';

// /v2/entities/{entityId}/commission-configs (docs/commission.md "Storage and API"). Keys sit under the
// entity's, so a change of the entity refreshes them too.
const base = (entityId: number) => `/v2/entities/${entityId}/commission-configs`;

export const commissionRuleKeys = {
  all: (entityId: number) => [...entityKeys.one(entityId), 'commission-rules'] as const,
};

export type CommissionRuleSearch = PageRequest<CommissionRuleFilter>;

export const commissionRulesQuery = (entityId: number, request: CommissionRuleSearch) =>
  queryOptions({
    queryKey: [...commissionRuleKeys.all(entityId), request],
    queryFn: async ({ signal }) =>
      CommissionRulePage.parse(await apiRequest(base(entityId), { query: { ...request }, signal })),
    placeholderData: keepPreviousData,
  });

export const commissionListQuery = (list: 'business-types' | 'calculation-types') =>
  queryOptions({
    queryKey: ['lists', 'commission', list],
    queryFn: async ({ signal }) =>
      CommissionListResponse.parse(await apiRequest(`/v2/lists/commission/${list}`, { signal })).data,
    staleTime: Infinity,
  });

export async function createCommissionRule(
  entityId: number,
  data: CommissionRuleCreate,
): Promise<CommissionRule> {
  return CommissionRuleResponse.parse(await apiRequest(base(entityId), { method: 'POST', body: { data } }))
    .data;
}

export async function updateCommissionRule(
  entityId: number,
  ruleId: number,
  data: CommissionRuleUpdate,
): Promise<CommissionRule> {
  return CommissionRuleResponse.parse(
    await apiRequest(`${base(entityId)}/${ruleId}`, { method: 'PATCH', body: { data } }),
  ).data;
}

export async function expireCommissionRule(
  entityId: number,
  ruleId: number,
  data: CommissionRuleExpire,
): Promise<CommissionRule> {
  return CommissionRuleResponse.parse(
    await apiRequest(`${base(entityId)}/${ruleId}/expire`, { method: 'POST', body: { data } }),
  ).data;
}

export async function generateCommissionRules(
  entityId: number,
  data: CommissionRuleGenerate,
): Promise<CommissionRuleGenerateResult> {
  return CommissionRuleGenerateResponse.parse(
    await apiRequest(`${base(entityId)}/generate`, { method: 'POST', body: { data } }),
  ).data;
}

// The enabled event codes a rule can pay (SPEC §7 event types with isEnabled).
export const enabledEventTypesQuery = queryOptions({
  queryKey: ['lists', 'event-types', 'enabled'],
  queryFn: async ({ signal }) =>
    EventTypeListResponse.parse(
      await apiRequest('/v2/lists/event-types', { query: { isEnabled: 'true' }, signal }),
    ).data,
  staleTime: Infinity,
});

// The unapproved statements a new or edited rule would change, before it is saved (nothing is stored).
export async function commissionRuleImpact(
  entityId: number,
  ruleId: number | null,
  data: CommissionRuleCreate | CommissionRuleUpdate,
): Promise<RuleImpact[]> {
  const path = ruleId === null ? `${base(entityId)}/impact` : `${base(entityId)}/${ruleId}/impact`;
  return RuleImpactResponse.parse(await apiRequest(path, { method: 'POST', body: { data } })).data;
}
