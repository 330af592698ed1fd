import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../client';
import {
  RentersCoverageOptionsResponse,
  RentersQuoteResponse,
  type ChooseRentersCoverageRequest,
  type GiveRentersCustomerRequest,
  type GiveRentersPaymentRequest,
  type PurchaseRentersQuoteRequest,
  type RentersQuoteView,
  type StartRentersQuoteRequest,
} from '../schemas/rentersQuotes';

// The renters quote journey's calls (docs/renters-quotes.md). Every write answers the quote as it now is;
// its `route` is where the journey goes next. A 422 carries field messages, a 409 a step out of order.
export const RENTERS_QUOTES_KEY = ['rentersQuotes'] as const;

export const rentersQuoteKeys = {
  all: RENTERS_QUOTES_KEY,
  view: (id: string) => [...RENTERS_QUOTES_KEY, 'view', id] as const,
  options: (state: string, effectiveDate: string) =>
    [...RENTERS_QUOTES_KEY, 'options', state, effectiveDate] as const,
};

export type RentersCoverageOptions = z.output<typeof RentersCoverageOptionsResponse>['data'];

// Requests typed as the server reads them (before its defaults and trimming).
export type StartRentersQuoteInput = z.input<typeof StartRentersQuoteRequest>;
export type RentersCoverageInput = z.input<typeof ChooseRentersCoverageRequest>;
export type RentersCustomerInput = z.input<typeof GiveRentersCustomerRequest>;
export type RentersPaymentInput = z.input<typeof GiveRentersPaymentRequest>;
export type RentersPurchaseInput = z.input<typeof PurchaseRentersQuoteRequest>;

const quotePath = (id: string, action = '') =>
  `/v2/renters/quotes/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

async function post(path: string, body: unknown): Promise<RentersQuoteView> {
  return RentersQuoteResponse.parse(await apiRequest(path, { method: 'POST', body })).data;
}

export async function fetchRentersQuote(id: string, signal?: AbortSignal): Promise<RentersQuoteView> {
  return RentersQuoteResponse.parse(await apiRequest(quotePath(id), { signal })).data;
}

export const rentersQuoteQuery = (id: string) =>
  queryOptions({
    queryKey: rentersQuoteKeys.view(id),
    queryFn: ({ signal }) => fetchRentersQuote(id, signal),
  });

export async function fetchRentersCoverageOptions(
  state: string,
  effectiveDate: string,
  signal?: AbortSignal,
): Promise<RentersCoverageOptions> {
  const answer = await apiRequest('/v2/renters/coverage-options', {
    query: { state, effective_date: effectiveDate },
    signal,
  });
  return RentersCoverageOptionsResponse.parse(answer).data;
}

export const rentersCoverageOptionsQuery = (state: string, effectiveDate: string) =>
  queryOptions({
    queryKey: rentersQuoteKeys.options(state, effectiveDate),
    queryFn: ({ signal }) => fetchRentersCoverageOptions(state, effectiveDate, signal),
    staleTime: 5 * 60_000,
  });

export const startRentersQuote = (body: StartRentersQuoteInput) => post('/v2/renters/quotes', body);

export const saveRentersProperty = (id: string, body: StartRentersQuoteInput & { version?: number }) =>
  post(quotePath(id, 'property'), body);

export const chooseRentersCoverage = (id: string, body: RentersCoverageInput) =>
  post(quotePath(id, 'coverage'), body);

export const giveRentersCustomer = (id: string, body: RentersCustomerInput) =>
  post(quotePath(id, 'customer'), body);

export const giveRentersPayment = (id: string, body: RentersPaymentInput) =>
  post(quotePath(id, 'payment-method'), body);

export const rentersQuoteBack = (id: string, version?: number) => post(quotePath(id, 'back'), { version });

export const purchaseRentersQuote = (id: string, body: RentersPurchaseInput) =>
  post(quotePath(id, 'purchase'), body);
