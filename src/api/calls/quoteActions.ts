import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { raiseActionError } from '../actionAnswer';
import { STALE_TIME } from '../cacheTimes';
import { apiRequest } from '../client';
import {
  BreedsAnswer,
  CoverItemsAnswer,
  FeesAnswer,
  PlansAnswer,
  QuoteConfigListResponse,
  type Species as SpeciesSchema,
  UnderwritingQuestionsAnswer,
  WellnessAnswer,
  type PlansData,
} from '../schemas/quoteActions';

// The read actions of the quote action wrapper (SPEC §7, docs/quote-actions.md). A business refusal comes
// back as 200 {data: {error}}: raiseActionError throws it with its message before the answer is parsed.
type Species = z.infer<typeof SpeciesSchema>;

interface ActionOptions {
  // Acting for another agency (meta.agent.entityCode); the agentEntityCode header is sent anyway.
  entityCode?: string;
  signal?: AbortSignal;
}

async function readAction<S extends z.ZodType<{ data: unknown }>>(
  action: string,
  data: unknown,
  schema: S,
  options: ActionOptions = {},
): Promise<z.output<S>['data']> {
  const answer = await apiRequest('/v1/quote/action', {
    method: 'POST',
    body: {
      method: 'GET',
      action,
      data,
      ...(options.entityCode ? { meta: { agent: { entityCode: options.entityCode } } } : {}),
    },
    signal: options.signal,
  });
  return schema.parse(raiseActionError(answer)).data;
}

export const quoteActionKeys = {
  all: ['quote-actions'] as const,
  read: (action: string, data: unknown) => [...quoteActionKeys.all, action, data] as const,
};

// Prices depend on the choices; rating is cheap, so each set of choices is its own query.
export const ratePlans = (data: PlansData, options?: ActionOptions) =>
  readAction('plans', data, PlansAnswer, options);

export const breedsQuery = (species: Species) =>
  queryOptions({
    queryKey: quoteActionKeys.read('breeds', { species }),
    queryFn: ({ signal }) => readAction('breeds', { species }, BreedsAnswer, { signal }),
    staleTime: STALE_TIME.searchOptions,
  });

export const coverItemsQuery = (planCode: string, state?: string) =>
  queryOptions({
    queryKey: quoteActionKeys.read('coverItemsFormatted', { planCode, state }),
    queryFn: ({ signal }) =>
      readAction('coverItemsFormatted', { planCode, ...(state ? { state } : {}) }, CoverItemsAnswer, {
        signal,
      }),
    staleTime: STALE_TIME.searchOptions,
  });

export const wellnessQuery = (state?: string) =>
  queryOptions({
    queryKey: quoteActionKeys.read('wellnessFormatted', { state }),
    queryFn: ({ signal }) =>
      readAction('wellnessFormatted', state ? { state } : {}, WellnessAnswer, { signal }),
    staleTime: STALE_TIME.searchOptions,
  });

export const feesQuery = (state: string, startDate?: string) =>
  queryOptions({
    queryKey: quoteActionKeys.read('fees', { state, startDate }),
    queryFn: ({ signal }) =>
      readAction('fees', { state, ...(startDate ? { startDate } : {}) }, FeesAnswer, { signal }),
    staleTime: STALE_TIME.searchOptions,
  });

// The questions depend on the agency quoted for, so its code is part of the key.
export const underwritingQuestionsQuery = (entityCode: string | null, species?: Species) =>
  queryOptions({
    queryKey: quoteActionKeys.read('underwritingQuestions', { entityCode, species }),
    queryFn: ({ signal }) =>
      readAction('underwritingQuestions', species ? { species } : {}, UnderwritingQuestionsAnswer, {
        signal,
        ...(entityCode ? { entityCode } : {}),
      }),
    staleTime: STALE_TIME.searchOptions,
  });

export const quoteConfigsQuery = queryOptions({
  queryKey: ['configs'],
  queryFn: async ({ signal }) =>
    QuoteConfigListResponse.parse(await apiRequest('/v2/configs', { signal })).data,
  staleTime: STALE_TIME.searchOptions,
});
