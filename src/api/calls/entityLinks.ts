import { queryOptions } from '@tanstack/react-query';
import { STALE_TIME } from '../cacheTimes';
import { apiRequest } from '../client';
import {
  DiscountStatesResponse,
  EntityUnderwritingQuestionsResponse,
  QuoteSourceListResponse,
  QuoteSourceResponse,
  UnderwritingQuestionListResponse,
  type QuoteSource,
  type QuoteSourceCreate,
  type QuoteSourceUpdate,
} from '../schemas/entities';
import { entityKeys } from './entities';

// An entity's underwriting questions, quote sources and discount states, and the question list itself.
export const underwritingQuestionsQuery = queryOptions({
  queryKey: ['underwriting-questions'],
  queryFn: async ({ signal }) =>
    UnderwritingQuestionListResponse.parse(await apiRequest('/v2/underwriting-questions', { signal })).data,
  staleTime: STALE_TIME.searchOptions,
});

export const entityUnderwritingQuestionsQuery = (entityId: number) =>
  queryOptions({
    queryKey: [...entityKeys.one(entityId), 'underwriting-questions'],
    queryFn: async ({ signal }) =>
      EntityUnderwritingQuestionsResponse.parse(
        await apiRequest(`/v2/entities/${entityId}/underwriting-questions`, { signal }),
      ).data,
  });

export async function setEntityUnderwritingQuestions(entityId: number, underwritingQuestionIds: number[]) {
  const answer = await apiRequest(`/v2/entities/${entityId}/underwriting-questions`, {
    method: 'PATCH',
    body: { underwritingQuestionIds },
  });
  return EntityUnderwritingQuestionsResponse.parse(answer).data;
}

export const quoteSourcesQuery = (entityId: number) =>
  queryOptions({
    queryKey: [...entityKeys.one(entityId), 'quote-sources'],
    queryFn: async ({ signal }) =>
      QuoteSourceListResponse.parse(await apiRequest(`/v2/entities/${entityId}/quote-sources`, { signal }))
        .data,
  });

export async function createQuoteSource(entityId: number, body: QuoteSourceCreate): Promise<QuoteSource> {
  const answer = await apiRequest(`/v2/entities/${entityId}/quote-sources`, { method: 'POST', body });
  return QuoteSourceResponse.parse(answer).data;
}

export async function updateQuoteSource(
  entityId: number,
  quoteSourceId: number,
  body: QuoteSourceUpdate,
): Promise<QuoteSource> {
  const answer = await apiRequest(`/v2/entities/${entityId}/quote-sources/${quoteSourceId}`, {
    method: 'PATCH',
    body,
  });
  return QuoteSourceResponse.parse(answer).data;
}

export const discountStatesQuery = (entityId: number) =>
  queryOptions({
    queryKey: [...entityKeys.one(entityId), 'discount-states'],
    queryFn: async ({ signal }) =>
      DiscountStatesResponse.parse(
        await apiRequest(`/v2/entities/${entityId}/discount-state-availabilities`, { signal }),
      ).data,
  });

export async function setDiscountStates(entityId: number, stateCodes: string[]) {
  const answer = await apiRequest(`/v2/entities/${entityId}/discount-state-availabilities`, {
    method: 'POST',
    body: { state_codes: stateCodes },
  });
  return DiscountStatesResponse.parse(answer).data;
}
