import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DASHBOARD_ACCESS_ATTRIBUTE_ID, authenticated, publicRoute } from '../../../api/access';
import { BrandResponse, MyEntitiesResponse, type AccessibleEntity } from '../../../api/schemas/session';
import { isStaff } from '../../access/principal';
import { businessDate, systemClock, type Clock } from '../../../calendar';
import type { Db } from '../../store/db';
import { brandAnswer } from '../../domain/brand/brandAnswer';
import { notFound } from '../errors';
import { requirePrincipal } from '../routeTable';

const ACCESS_ATTRIBUTE_IDS: readonly number[] = [DASHBOARD_ACCESS_ATTRIBUTE_ID];

// The session's own data: accessible entities with the acting one, and the brand. The profile is served
// with own settings (myRoutes.ts).
export function sessionRoutes(
  app: FastifyInstance,
  options: { db: Db; environmentCode: string; sandbox: boolean; sessionRecording: boolean; clock: Clock },
): void {
  const { db } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v2/my/entities',
    { config: { access: authenticated }, schema: { response: { 200: MyEntitiesResponse } } },
    async (request) => {
      const principal = requirePrincipal(request);
      let query = db
        .selectFrom('entities as e')
        .select((eb) => [
          'e.id',
          'e.master_entity_id',
          'e.entity_code',
          'e.entity_name',
          'e.type_code',
          'e.tracking_code',
          'e.can_quote',
          eb
            .selectFrom('entities as c')
            .select((c) => c.fn.countAll<string>().as('n'))
            .whereRef('c.master_entity_id', '=', 'e.id')
            .as('child_count'),
        ])
        .where('e.status_code', '=', 'ACTIVE')
        .orderBy('e.path');
      if (!isStaff(principal)) query = query.where('e.path', 'like', `${principal.entityPath}%`);
      const rows = await query.execute();
      const data: AccessibleEntity[] = rows.map((e) => ({
        id: e.id,
        parentEntityId: e.master_entity_id,
        entityCode: e.entity_code,
        entityName: e.entity_name,
        typeCode: e.type_code,
        trackingCode: e.tracking_code,
        childCount: Number(e.child_count ?? 0),
        canQuote: e.can_quote,
      }));
      const acting = data.find((e) => e.id === principal.acting.id);
      if (!acting) throw notFound('acting entity');
      // Settings are read through /attributes with entity_settings_view; the session carries only those the
      // portal's access checks read (the dashboard flag), for its menu and route guards.
      const attributes = principal.acting.attributes.filter((a) =>
        ACCESS_ATTRIBUTE_IDS.includes(a.attributeId),
      );
      return { data, acting: { ...acting, attributes } };
    },
  );

  r.get(
    '/v1/public/entity-brands',
    { config: { access: publicRoute }, schema: { response: { 200: BrandResponse } } },
    async () => {
      const brand = await db
        .selectFrom('brands')
        .select(['code', 'data'])
        .where('code', '=', 'default')
        .executeTakeFirst();
      if (!brand) throw notFound('brand');
      return {
        data: brandAnswer(brand.code, brand.data as Record<string, unknown>),
        environment: options.environmentCode,
        sandbox: options.sandbox ? sandboxState(options.clock) : null,
        sessionRecording: options.sessionRecording,
      };
    },
  );
}

// The sandbox's business date, and whether it is no longer today's: the sandbox clock moved forward (its
// offset is shared by every process, src/server/jobs/sandboxClock.ts), or a test's clock set elsewhere.
function sandboxState(clock: Clock) {
  const day = businessDate(clock.now());
  return { businessDate: day, clockMoved: day !== businessDate(systemClock.now()) };
}
