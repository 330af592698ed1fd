import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf } from '../../../api/access';
import { integerParam } from '../../../api/schemas/params';
import { RentersRewriteResponse } from '../../../api/schemas/rentersRewrite';
import type { Clock } from '../../../calendar/clock';
import { rentersToday } from '../../domain/rentersPolicies/rentersToday';
import { rentersRewriteAnswer } from '../../domain/rentersQuotes/rentersRewriteAnswer';
import type { Db } from '../../store/db';
import { requirePrincipal } from '../routeTable';

// Rewrite eligibility of a renters policy (SPEC §4, docs/decisions/008), read by the policy edit screen:
// renters_policy_ax, scoped like the policy (another agency's is 404). Whether the caller holds
// renters_plcy_rewrite is part of the answer (a blocker), not a refusal, so the screen can say why.
const access = anyOf('renters_policy_ax');
const params = z.object({ matterId: integerParam('matterId') });

export function rentersRewriteRoutes(app: FastifyInstance, options: { db: Db; clock: Clock }): void {
  const { db, clock } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/v2/renters/policies/:matterId/rewrite',
    { config: { access }, schema: { params, response: { 200: RentersRewriteResponse } } },
    async (request) => ({
      data: await rentersRewriteAnswer(
        db,
        requirePrincipal(request),
        request.params.matterId,
        rentersToday(clock),
      ),
    }),
  );
}
