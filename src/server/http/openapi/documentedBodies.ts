import { AuthRequest } from '../../../api/schemas/auth';
import { z as zod } from 'zod';
import { VerifyBankAccountBody } from '../../../api/schemas/bankAccounts';
import { SpecPurchaseRequest, SpecQuoteRequest, SpecQuoteSave } from '../../../api/schemas/specQuoteRequests';

// Request bodies a route reads as unknown and parses in its handler (the body's shape picks the parser), so
// its route schema says nothing the reference could show. The reference documents the union the handler
// accepts instead; validation stays with the handler.
function bareOrData(schema: zod.ZodType): zod.ZodType {
  return zod.union([schema, zod.strictObject({ data: schema })]);
}

export const DOCUMENTED_BODIES: Record<string, zod.ZodType> = {
  'POST /v2/auth': AuthRequest,
  'POST /v2/bank-accounts': VerifyBankAccountBody,
  // SPEC's quote and purchase requests, bare or as {data} (src/server/http/routes/specQuoteRoutes.ts).
  'POST /v1/quotes': bareOrData(SpecQuoteRequest),
  'POST /v2/quote': bareOrData(SpecQuoteSave),
  'POST /v2/policies': bareOrData(SpecPurchaseRequest),
};
