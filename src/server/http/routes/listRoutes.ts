import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { anyOf } from '../../../api/access';
import { PrivilegeListResponse } from '../../../api/schemas/session';
import type { Db } from '../../store/db';

// Reference lists (SPEC §7 "Lists"). The privilege list serves whoever edits roles.
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
}
