import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  RECONCILIATION_LIST_LIMIT,
  ReconciliationResponse,
  type ReconciliationRun,
} from '../../../api/schemas/reconciliation';
import { lastReconciliation } from '../../domain/reconciliation/reconciliationRecord';
import type { Db } from '../../store/db';
import { rootOnly } from './jobRoutes';
import { serverTimestamp } from '../../../calendar';

// The last daily reconciliation of the money (docs/reconciliation.md), shown on the jobs screen: whoever may
// see the jobs screen may see it, and no one else, since it names every agency's policies.
export function reconciliationRoutes(app: FastifyInstance, options: { db: Db }): void {
  const { db } = options;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v2/jobs/reconciliation',
    {
      config: { access: rootOnly },
      schema: {
        summary: 'Get the last reconciliation of the money and the discrepancies it found',
        response: { 200: ReconciliationResponse },
      },
    },
    async () => {
      const run = await lastReconciliation(db, RECONCILIATION_LIST_LIMIT);
      if (!run) return { data: null };
      const data: ReconciliationRun = {
        business_date: run.businessDate,
        finished_at: serverTimestamp(run.finishedAt),
        policies: run.policies,
        count: run.count,
        discrepancies: run.discrepancies.map((d) => ({
          kind: d.kind,
          line: d.line,
          policy_number: d.policyNumber,
          expected_cents: d.expectedCents,
          found_cents: d.foundCents,
          message: d.message,
        })),
      };
      return { data };
    },
  );
}
