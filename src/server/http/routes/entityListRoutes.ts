import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type SqlBool } from 'kysely';
import { ENTITY_ACCESS } from '../../../api/entityAccess';
import {
  AccountManagerListResponse,
  AccountTypeListResponse,
  CodeListResponse,
  EntityCodeListResponse,
  EntityNameListResponse,
  EntityOptionListResponse,
  EntityTermQuery,
  EntityTypeListResponse,
  EventTypeListResponse,
  EventTypeQuery,
} from '../../../api/schemas/entityLists';
import { entityScope } from '../../access/principal';
import type { CodeListName } from '../../domain/entities/entityReference';
import { ACCOUNT_TYPES } from '../../domain/payments/accountTypes';
import { multiplierTypeOf } from '../../domain/reports/adjustmentMultipliers';
import type { Db } from '../../store/db';
import { likePattern } from '../../store/paging';
import { requirePrincipal } from '../routeTable';

// Reference lists of the entity area (SPEC §7 "Lists"). Entity pickers answer only entities in the
// caller's scope, matching the term against code, name and dba.
const CODE_LIST_PATHS: readonly [path: string, list: CodeListName][] = [
  ['/v2/lists/entity/statuses', 'entity_status'],
  ['/v2/lists/entity/tracking-code-types', 'tracking_code_type'],
  ['/v2/lists/entity/location-types', 'location_type'],
  ['/v2/lists/payout-frequencies', 'payout_frequency'],
  ['/v2/lists/payout-methods', 'payout_method'],
];

const isTrue = (v: string | undefined) => v === 'true' || v === '1';

export function entityListRoutes(app: FastifyInstance, options: { db: Db }): void {
  const { db } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const [path, listName] of CODE_LIST_PATHS) {
    r.get(
      path,
      { config: { access: ENTITY_ACCESS.lookups }, schema: { response: { 200: CodeListResponse } } },
      async () => ({
        data: await db
          .selectFrom('code_lists')
          .select(['code', 'description'])
          .where('list_name', '=', listName)
          .where('is_enabled', '=', true)
          .orderBy('sort_order')
          .execute(),
      }),
    );
  }

  r.get(
    '/v2/lists/entity/types',
    { config: { access: ENTITY_ACCESS.lookups }, schema: { response: { 200: EntityTypeListResponse } } },
    async () => ({
      data: await db
        .selectFrom('entity_types')
        .select(['type_code', 'type_desc', 'can_quote', 'is_enabled'])
        .orderBy('sort_order')
        .execute(),
    }),
  );

  r.get(
    '/v2/lists/account-types',
    { config: { access: ENTITY_ACCESS.lookups }, schema: { response: { 200: AccountTypeListResponse } } },
    async () => ({
      data: ACCOUNT_TYPES.map((t) => ({
        type_code: t.code,
        type_desc: t.description,
        enable_state_mapping: t.enableStateMapping,
        used_for: [...t.usedFor],
      })),
    }),
  );

  r.get(
    '/v2/lists/event-types',
    {
      config: { access: ENTITY_ACCESS.lookups },
      schema: { querystring: EventTypeQuery, response: { 200: EventTypeListResponse } },
    },
    async (request) => {
      let query = db
        .selectFrom('event_types')
        .select(['code', 'description', 'category', 'allow_new_business', 'allow_renewal', 'is_enabled'])
        .orderBy('sort_order');
      const isEnabled = request.query.isEnabled ?? request.query.filter?.isEnabled;
      if (isEnabled !== undefined) query = query.where('is_enabled', '=', isTrue(isEnabled));
      const rows = await query.execute();
      return { data: rows.map((row) => ({ ...row, multiplier_type: multiplierTypeOf(row.code) })) };
    },
  );

  r.get(
    '/v2/lists/entity/account-managers',
    {
      config: { access: ENTITY_ACCESS.accountManagers },
      schema: { response: { 200: AccountManagerListResponse } },
    },
    async (request) => {
      const scope = entityScope(requirePrincipal(request));
      if (scope.kind === 'subtree') {
        // An agency user is told only who manages their own entities (issue 21): no other staff, no e-mails.
        const managers = await db
          .selectFrom('users as u')
          .select(['u.id', 'u.first_name', 'u.last_name'])
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom('entities as e')
                .select('e.id')
                .whereRef('e.account_manager', '=', 'u.id')
                .where('e.path', 'like', `${scope.path}%`),
            ),
          )
          .where('u.is_deleted', '=', false)
          .orderBy('u.last_name')
          .orderBy('u.first_name')
          .execute();
        return { data: managers.map((u) => ({ id: u.id, name: `${u.first_name} ${u.last_name}` })) };
      }
      const rows = await db
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name', 'email'])
        .where('user_type', 'in', ['admin', 'internal'])
        .where('is_enabled', '=', true)
        .orderBy('last_name')
        .orderBy('first_name')
        .execute();
      return {
        data: rows.map((u) => ({ id: u.id, name: `${u.first_name} ${u.last_name}`, email: u.email })),
      };
    },
  );

  // Entities matching a term, in the caller's scope: best matches (code or name starting with the term) first.
  const entitiesByTerm = async (
    principal: ReturnType<typeof requirePrincipal>,
    query: {
      term?: string | undefined;
      filter?: { term?: string | undefined } | undefined;
      limit: number;
      includeInactive?: string | undefined;
    },
  ) => {
    const scope = entityScope(principal);
    let q = db
      .selectFrom('entities as e')
      .select(['e.id', 'e.entity_code', 'e.entity_name', 'e.status_code', 'e.master_entity_id'])
      .limit(query.limit);
    if (scope.kind === 'subtree') q = q.where('e.path', 'like', `${scope.path}%`);
    if (!isTrue(query.includeInactive)) q = q.where('e.status_code', '=', 'ACTIVE');
    const term = (query.term ?? query.filter?.term)?.trim();
    if (term) {
      const pattern = likePattern(term);
      q = q.where(
        sql<SqlBool>`(e.entity_code ilike ${pattern} or e.entity_name ilike ${pattern} or e.dba ilike ${pattern})`,
      );
      const prefix = `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.orderBy(
        sql`case when e.entity_code ilike ${prefix} or e.entity_name ilike ${prefix} then 0 else 1 end`,
      );
    }
    return q.orderBy('e.entity_name').orderBy('e.id').execute();
  };

  r.get(
    '/v2/lists/entities',
    {
      config: { access: ENTITY_ACCESS.lookups },
      schema: { querystring: EntityTermQuery, response: { 200: EntityOptionListResponse } },
    },
    async (request) => ({ data: await entitiesByTerm(requirePrincipal(request), request.query) }),
  );

  r.get(
    '/v2/lists/entity/codes',
    {
      config: { access: ENTITY_ACCESS.lookups },
      schema: { querystring: EntityTermQuery, response: { 200: EntityCodeListResponse } },
    },
    async (request) => ({
      data: (await entitiesByTerm(requirePrincipal(request), request.query)).map((e) => ({
        id: e.id,
        entity_code: e.entity_code,
      })),
    }),
  );

  r.get(
    '/v2/lists/entity/names',
    {
      config: { access: ENTITY_ACCESS.lookups },
      schema: { querystring: EntityTermQuery, response: { 200: EntityNameListResponse } },
    },
    async (request) => ({
      data: (await entitiesByTerm(requirePrincipal(request), request.query)).map((e) => ({
        id: e.id,
        entity_name: e.entity_name,
      })),
    }),
  );
}
