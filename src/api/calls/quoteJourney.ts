import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { raiseActionError } from '../actionAnswer';
import { apiRequest } from '../client';
import { downloadFile, type DownloadedFile } from '../download';
import {
  QuoteCommandAnswer,
  QuoteViewResponse,
  type AnswerUnderwritingData,
  type ChooseCoverageData,
  type CreateQuoteData,
  type QuoteCommandResult,
  type QuoteRefData,
  type QuoteView,
  type RemovePetData,
} from '../schemas/quoteCommands';
import {
  FraudWarningAnswer,
  type FraudWarningResult,
  type PurchaseData,
  type RetryPaymentData,
  type UpdateQuoteData,
} from '../schemas/quotePurchase';

// Requests are typed as the server reads them (before its defaults and trimming).
export type UpdateQuoteInput = z.input<typeof UpdateQuoteData>;
export type PurchaseInput = z.input<typeof PurchaseData>;
export type RetryPaymentInput = z.input<typeof RetryPaymentData>;

// The quote stream's writes through the action wrapper (docs/quote-actions.md) and the quote view. Every
// write answers {uuid, step, quote}; the quote's `route` is where the journey now is. A business refusal
// ({data: {error}}) is raised with its message; a 409 (stale version, step out of order) is an ApiError.
export const QUOTES_KEY = ['quotes'] as const;

export const quoteKeys = {
  all: QUOTES_KEY,
  view: (uuid: string) => [...QUOTES_KEY, 'view', uuid] as const,
};

export async function fetchQuote(uuid: string, signal?: AbortSignal): Promise<QuoteView> {
  const path = `/v2/quote/${encodeURIComponent(uuid)}`;
  return QuoteViewResponse.parse(await apiRequest(path, { signal })).data;
}

export const quoteViewQuery = (uuid: string) =>
  queryOptions({ queryKey: quoteKeys.view(uuid), queryFn: ({ signal }) => fetchQuote(uuid, signal) });

// The agency a call is made for (meta.agent.entityCode): the quote's own once it exists.
export interface JourneyCallOptions {
  entityCode?: string | null;
}

async function wrapper<S extends z.ZodType<{ data: unknown }>>(
  method: 'GET' | 'POST',
  action: string,
  data: unknown,
  schema: S,
  options: JourneyCallOptions = {},
): Promise<z.output<S>['data']> {
  const answer = await apiRequest('/v1/quote/action', {
    method: 'POST',
    body: {
      method,
      action,
      data,
      ...(options.entityCode ? { meta: { agent: { entityCode: options.entityCode } } } : {}),
    },
  });
  return schema.parse(raiseActionError(answer)).data;
}

const command = (action: string, data: unknown, options?: JourneyCallOptions): Promise<QuoteCommandResult> =>
  wrapper('POST', action, data, QuoteCommandAnswer, options);

export const createQuote = (data: CreateQuoteData, options?: JourneyCallOptions) =>
  command('createQuote', data, options);
export const updateQuote = (data: UpdateQuoteInput, options?: JourneyCallOptions) =>
  command('updateQuote', data, options);
export const answerUnderwriting = (data: AnswerUnderwritingData, options?: JourneyCallOptions) =>
  command('answerUnderwriting', data, options);
export const removePet = (data: RemovePetData, options?: JourneyCallOptions) =>
  command('removePet', data, options);
export const chooseCoverage = (data: ChooseCoverageData, options?: JourneyCallOptions) =>
  command('chooseCoverage', data, options);
export const goBack = (data: QuoteRefData, options?: JourneyCallOptions) => command('back', data, options);
export const purchase = (data: PurchaseInput, options?: JourneyCallOptions) =>
  command('purchase', data, options);
export const retryPayment = (data: RetryPaymentInput, options?: JourneyCallOptions) =>
  command('retryPayment', data, options);
export const acknowledgeFraud = (data: QuoteRefData, options?: JourneyCallOptions) =>
  command('acknowledgeFraud', data, options);
export const abandonQuote = (data: QuoteRefData, options?: JourneyCallOptions) =>
  command('abandonQuote', data, options);

export const fetchFraudWarning = (uuid: string, options?: JourneyCallOptions): Promise<FraudWarningResult> =>
  wrapper('GET', 'fraudWarning', { uuid }, FraudWarningAnswer, options);

// GET /v2/downloadReceipt: the PDF receipt of a purchased policy, fetched with the session's token and
// saved as a download.
export const downloadReceipt = (policyNumber: string): Promise<DownloadedFile> =>
  downloadFile('/v2/downloadReceipt', {
    query: { policyNumber },
    fallbackName: `receipt-${policyNumber}.pdf`,
  });
