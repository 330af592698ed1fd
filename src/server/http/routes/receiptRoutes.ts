import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf } from '../../../api/access';
import { receiptPdf } from '../../domain/documents/receiptPdf';
import { requirePolicyInScope } from '../../domain/policies/policyQueries';
import type { Db } from '../../store/db';
import { requirePrincipal } from '../routeTable';

// GET /v2/downloadReceipt?policyNumber=: the payment receipt of the purchase that issued the policy, as a
// PDF (docs/purchase.md). For quoting and policy users; a policy outside the caller's scope is 404.
const ReceiptQuery = z.object({
  policyNumber: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^PET-[A-Z]{2}-\d{8}$/, { error: 'The policy number must look like PET-TX-00001234.' }),
});

export function receiptRoutes(app: FastifyInstance, options: { db: Db }): void {
  const { db } = options;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v2/downloadReceipt',
    {
      config: { access: anyOf('quote_new', 'quote_policy') },
      // A file, not JSON: no 200 schema.
      schema: { querystring: ReceiptQuery },
    },
    async (request, reply) => {
      const { policyNumber } = request.query;
      const policy = await requirePolicyInScope(db, requirePrincipal(request), policyNumber);
      const bytes = await receiptPdf(db, policy.quote_uuid);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="receipt-${policyNumber}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes));
    },
  );
}
