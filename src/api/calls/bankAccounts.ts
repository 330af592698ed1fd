import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import {
  BankAccountListResponse,
  BankAccountSearchResponse,
  BankAccountVerificationResponse,
  type BankAccount,
  type BankAccountFilterKey,
  type BankAccountSortField,
  type BankAccountVerification,
  type VerifyBankAccountData,
} from '../schemas/bankAccounts';
import type { SortOrder } from '../schemas/paging';

// Bank account verification (docs/payments.md "Bank account verification"). Keys start with
// 'bank-accounts', so a verification refreshes the list and every entity's history.
export const bankAccountKeys = {
  all: ['bank-accounts'] as const,
  search: ['bank-accounts', 'search'] as const,
  entity: (entityId: number) => ['bank-accounts', 'entity', entityId] as const,
};

// The only call that carries a full account number; its answer has the last four digits only.
export async function verifyBankAccount(data: VerifyBankAccountData): Promise<BankAccountVerification> {
  const answer = await apiRequest('/v2/bank-accounts', { method: 'POST', body: { data } });
  return BankAccountVerificationResponse.parse(answer).data;
}

export async function listEntityBankAccounts(entityId: number, signal?: AbortSignal): Promise<BankAccount[]> {
  const answer = await apiRequest(`/v2/entities/${entityId}/bank-accounts`, { signal });
  return BankAccountListResponse.parse(answer).data;
}

export const entityBankAccountsQuery = (entityId: number) =>
  queryOptions({
    queryKey: bankAccountKeys.entity(entityId),
    queryFn: ({ signal }) => listEntityBankAccounts(entityId, signal),
  });

export interface BankAccountSearchRequest {
  page?: number;
  limit?: number;
  sort?: BankAccountSortField;
  order?: SortOrder;
  filter?: Partial<Record<BankAccountFilterKey, string>>;
}

export async function searchBankAccounts(
  request: BankAccountSearchRequest,
  signal?: AbortSignal,
): Promise<BankAccountSearchResponse> {
  const answer = await apiRequest('/v2/bank-accounts', { query: { ...request }, signal });
  return BankAccountSearchResponse.parse(answer);
}

export const bankAccountSearchQuery = (request: BankAccountSearchRequest) =>
  queryOptions({
    queryKey: [...bankAccountKeys.search, request],
    queryFn: ({ signal }) => searchBankAccounts(request, signal),
    placeholderData: keepPreviousData,
  });
