import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { anyOf, authenticated } from '../../../api/access';
import {
  BUSINESS_TYPES,
  CALCULATION_TYPES,
  CommissionListResponse,
} from '../../../api/schemas/commissionRules';
import { RoleListResponse } from '../../../api/schemas/roles';
import { PrivilegeListResponse } from '../../../api/schemas/session';
import { PetTypeListResponse } from '../../../api/schemas/petTypes';
import { StateListResponse } from '../../../api/schemas/states';
import { roleReach } from '../../domain/roles/roleOwnership';
import { roleOptions } from '../../domain/roles/roleQueries';
import type { Db } from '../../store/db';
import { requirePrincipal } from '../routeTable';

// Reference lists (SPEC §7 "Lists"). The privilege list serves whoever edits roles; the role list whoever
// searches or assigns them; the states list every signed-in user (address and filter forms).
export function listRoutes(app: FastifyInstance, options: { db: Db }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/v2/lists/access/privileges',
    {
      config: { access: anyOf('admin', 'admin_role_list', 'admin_role_add', 'admin_role_edit') },
      schema: { response: { 200: PrivilegeListResponse } },
    },
    async () => ({
      data: await options.db.selectFrom('privileges').selectAll().orderBy('id').execute(),
    }),
  );
  r.get(
    '/v2/lists/roles',
    {
      config: {
        access: anyOf('admin', 'admin_role_list', 'admin_user_list', 'admin_user_add', 'admin_user_edit'),
      },
      schema: { response: { 200: RoleListResponse } },
    },
    // The roles of the caller's reach (docs/decisions/012), without the owner's path the checks use.
    async (request) => ({
      data: (await roleOptions(options.db, roleReach(requirePrincipal(request)))).map(
        ({ owner_path: _path, ...option }) => option,
      ),
    }),
  );
  r.get(
    '/v2/lists/states',
    { config: { access: authenticated }, schema: { response: { 200: StateListResponse } } },
    async () => ({ data: await options.db.selectFrom('states').selectAll().orderBy('name').execute() }),
  );
  // The species a quote may rate (SPEC §3 "Pet type"), for every signed-in user as the states are.
  r.get(
    '/v2/lists/pet-types',
    { config: { access: authenticated }, schema: { response: { 200: PetTypeListResponse } } },
    async () => ({
      data: await options.db
        .selectFrom('pet_types')
        .select(['code', 'description'])
        .orderBy('sort_order')
        .orderBy('code')
        .execute(),
    }),
  );
  // Commission rule forms and filters (SPEC §7 "commission business types, calculation types").
  for (const [path, items] of [
    ['/v2/lists/commission/business-types', BUSINESS_TYPES],
    ['/v2/lists/commission/calculation-types', CALCULATION_TYPES],
  ] as const) {
    r.get(
      path,
      { config: { access: authenticated }, schema: { response: { 200: CommissionListResponse } } },
      async () => ({ data: items.map(({ code, name }) => ({ code, name })) }),
    );
  }
}
