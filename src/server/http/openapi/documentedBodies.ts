import type { z } from 'zod';
import { AuthRequest } from '../../../api/schemas/auth';
import { VerifyBankAccountBody } from '../../../api/schemas/bankAccounts';

// Request bodies a route reads as unknown and parses in its handler (the body's shape picks the parser), so
// its route schema says nothing the reference could show. The reference documents the union the handler
// accepts instead; validation stays with the handler.
export const DOCUMENTED_BODIES: Record<string, z.ZodType> = {
  'POST /v2/auth': AuthRequest,
  'POST /v2/bank-accounts': VerifyBankAccountBody,
};
