import { businessDate, type Clock } from '../../../calendar';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cents } from '../../domain/rating/wireAmounts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BULK_COMMANDS,
  OverrideListResponse,
  OverrideRequest,
  OverrideResponse,
  OverrideUpdateRequest,
  STATEMENT_ACCESS,
  StatementCommandRequest,
  StatementDownloadQuery,
  StatementPage,
  StatementResponse,
  StatementSearchQuery,
  type BulkCommand,
} from '../../../api/schemas/commissionStatements';
import { integerParam } from '../../../api/schemas/params';
import { recordDownload, runStatementCommand } from '../../domain/commission/statementCommands';
import {
  NOT_PENDING_FOR_RECALCULATION,
  recalculateStatement,
} from '../../domain/commission/statementRecalculation';
import { statementCsv, statementPdf } from '../../domain/commission/statementFiles';
import { sendCsv } from '../csvDownload';
import { addOverride, deleteOverride, updateOverride } from '../../domain/commission/statementOverrides';
import { sortedStatementRows, toStatementRow } from '../../domain/commission/statementSearch';
import {
  statementOfEntity,
  statementOverrides,
  statementView,
  type StoredStatement,
} from '../../domain/commission/statementView';
import type { Principal } from '../../access/principal';
import type { Db } from '../../store/db';
import { notFound } from '../errors';
import { CONFLICT } from '../openapi/conflicts';
import { fetchPage } from '../../store/paging';
import { can, entityFor, metadataOf } from './entityRouteSupport';
import { checkStatementFilter, STATEMENT_COMMANDS } from './commissionStatementRoutes';
import { roleReach } from '../../domain/roles/roleOwnership';

// /v2/entities/{entityId}/commission-statements: one entity's statements, each with its commands, download
// and overrides (SPEC §7 "Commission"). The entity must be in the caller's scope and the statement its own
// (404 otherwise, so ids of other agencies are not confirmed).
const EntityParams = z.object({ entityId: integerParam('entityId') });
const StatementParams = EntityParams.extend({ statementId: integerParam('statementId') });
const OverrideParams = StatementParams.extend({ overrideId: integerParam('overrideId') });

// When the statement's state refuses a command (commandRefusal in the statement's machine), for the reference.
const COMMAND_REFUSED: Readonly<Record<BulkCommand, string>> = {
  approve:
    'The statement is not pending, or is out of date: commissionable events arrived after it was calculated (recalculate it first).',
  unapprove: 'The statement is not approved (a paid one is marked unpaid first).',
  'mark-paid': 'The statement is not approved, or its entity has no verified bank account.',
  'mark-unpaid': 'The statement is not paid.',
};
const OVERRIDE_CONFLICTS = [
  'The statement is not pending: unapprove it first.',
  CONFLICT.concurrentWrite,
] as const;

export function entityStatementRoutes(app: FastifyInstance, options: { db: Db; clock: Clock }): void {
  const { db } = options;
  // The business day of each request (docs/conventions.md "One business clock").
  const today = () => businessDate(options.clock.now());
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/v2/entities/:entityId/commission-statements';

  const statementFor = async (request: FastifyRequest, entityId: number, statementId: number) => {
    const { principal, entity } = await entityFor(db, request, entityId);
    const statement = await statementOfEntity(db, entity.id, statementId);
    if (!statement) throw notFound('commission statement');
    return { principal, entity, statement };
  };
  const view = (principal: Principal, statement: StoredStatement) =>
    statementView(
      db,
      statement,
      {
        review: can(principal, STATEMENT_ACCESS.review),
        unapprove: can(principal, STATEMENT_ACCESS.unapprove),
        payments: can(principal, STATEMENT_ACCESS.payments),
        download: can(principal, STATEMENT_ACCESS.download),
      },
      roleReach(principal),
    );
  // The statement as it is after a command (read again: the command changed it).
  const reread = async (principal: Principal, statement: StoredStatement) => {
    const now = await statementOfEntity(db, statement.entity_id, statement.id);
    if (!now) throw notFound('commission statement');
    return view(principal, now);
  };
  const overrideOf = async (principal: Principal, statementId: number, overrideId: number) => {
    const found = (await statementOverrides(db, statementId, roleReach(principal))).find(
      (o) => o.id === overrideId,
    );
    if (!found) throw notFound('override');
    return found;
  };

  r.get(
    base,
    {
      config: { access: STATEMENT_ACCESS.read },
      schema: { params: EntityParams, querystring: StatementSearchQuery, response: { 200: StatementPage } },
    },
    async (request) => {
      const { scope, entity } = await entityFor(db, request, request.params.entityId);
      const { page, limit, sort, order, filter } = request.query;
      checkStatementFilter(filter);
      const query = sortedStatementRows(db, filter, scope, sort, order).where('s.entity_id', '=', entity.id);
      const { rows, meta } = await fetchPage(query, page, limit);
      return { data: rows.map(toStatementRow), meta };
    },
  );

  r.get(
    `${base}/:statementId`,
    {
      config: { access: STATEMENT_ACCESS.read },
      schema: { params: StatementParams, response: { 200: StatementResponse } },
    },
    async (request) => {
      const { principal, statement } = await statementFor(
        request,
        request.params.entityId,
        request.params.statementId,
      );
      return { data: await view(principal, statement) };
    },
  );

  for (const name of BULK_COMMANDS) {
    const { command, access } = STATEMENT_COMMANDS[name];
    r.post(
      `${base}/:statementId/${name}`,
      {
        config: {
          access,
          idempotent: true,
          conflicts: [CONFLICT.staleVersion('data.version'), COMMAND_REFUSED[name], CONFLICT.concurrentWrite],
        },
        schema: {
          params: StatementParams,
          body: StatementCommandRequest,
          response: { 200: StatementResponse },
        },
      },
      async (request) => {
        const { entityId, statementId } = request.params;
        const { principal, statement } = await statementFor(request, entityId, statementId);
        const context = {
          today: today(),
          metadata: metadataOf(request, principal),
          expectedVersion: request.body.data.version,
        };
        await db.transaction().execute((trx) => runStatementCommand(trx, statementId, command, context));
        return { data: await reread(principal, statement) };
      },
    );
  }

  // Reads the month's commissionable events again into a pending statement (docs/decisions/014): what an
  // out-of-date statement needs before it is approved. Whoever may approve may recalculate.
  r.post(
    `${base}/:statementId/recalculate`,
    {
      config: {
        access: STATEMENT_ACCESS.review,
        idempotent: true,
        conflicts: [
          CONFLICT.staleVersion('data.version'),
          NOT_PENDING_FOR_RECALCULATION,
          CONFLICT.concurrentWrite,
        ],
      },
      schema: {
        params: StatementParams,
        body: StatementCommandRequest,
        response: { 200: StatementResponse },
      },
    },
    async (request) => {
      const { entityId, statementId } = request.params;
      const { principal, statement } = await statementFor(request, entityId, statementId);
      const context = {
        today: today(),
        metadata: metadataOf(request, principal),
        expectedVersion: request.body.data.version,
      };
      await db.transaction().execute((trx) => recalculateStatement(trx, statementId, context));
      return { data: await reread(principal, statement) };
    },
  );

  // A file, not JSON: no 200 schema. Downloading is recorded (SPEC §4: a downloaded flag and time).
  r.get(
    `${base}/:statementId/download`,
    {
      // Recording the download appends to the statement's log, so it races with its commands.
      config: { access: STATEMENT_ACCESS.download, conflicts: [CONFLICT.concurrentWrite] },
      schema: { params: StatementParams, querystring: StatementDownloadQuery },
    },
    async (request, reply) => {
      const { entityId, statementId } = request.params;
      const { format } = request.query;
      const found = await statementFor(request, entityId, statementId);
      const statement = await view(found.principal, found.statement);
      const metadata = metadataOf(request, found.principal);
      const name = `commission-statement-${statement.entity.entity_code}-${statement.statement_month}.${format}`;
      if (format === 'csv') {
        const lines = statementCsv(statement);
        await db.transaction().execute((trx) => recordDownload(trx, statementId, format, metadata));
        // Every CSV goes through sendCsv (docs/reports.md "Exports"): its records after the first line.
        reply.header('cache-control', 'private, no-store');
        return sendCsv(reply, { filename: name, totalRows: lines.length - 1, lines });
      }
      const pdf = Buffer.from(await statementPdf(statement));
      await db.transaction().execute((trx) => recordDownload(trx, statementId, format, metadata));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  r.get(
    `${base}/:statementId/overrides`,
    {
      config: { access: STATEMENT_ACCESS.read },
      schema: { params: StatementParams, response: { 200: OverrideListResponse } },
    },
    async (request) => {
      const { principal, statement } = await statementFor(
        request,
        request.params.entityId,
        request.params.statementId,
      );
      return { data: await statementOverrides(db, statement.id, roleReach(principal)) };
    },
  );

  // Overrides change what a statement pays, so a retried add must not add twice: they take an
  // Idempotency-Key like the statement commands (docs/reliability.md "Idempotency keys").
  r.post(
    `${base}/:statementId/overrides`,
    {
      config: { access: STATEMENT_ACCESS.review, idempotent: true, conflicts: OVERRIDE_CONFLICTS },
      schema: { params: StatementParams, body: OverrideRequest, response: { 201: OverrideResponse } },
    },
    async (request, reply) => {
      const { principal, statement } = await statementFor(
        request,
        request.params.entityId,
        request.params.statementId,
      );
      const { amount, type_code: typeCode, note } = request.body.data;
      const id = await db
        .transaction()
        .execute((trx) =>
          addOverride(
            trx,
            statement.id,
            { typeCode, amountCents: cents(amount), note },
            metadataOf(request, principal),
          ),
        );
      return reply.code(201).send({ data: await overrideOf(principal, statement.id, id) });
    },
  );

  r.get(
    `${base}/:statementId/overrides/:overrideId`,
    {
      config: { access: STATEMENT_ACCESS.read },
      schema: { params: OverrideParams, response: { 200: OverrideResponse } },
    },
    async (request) => {
      const { principal, statement } = await statementFor(
        request,
        request.params.entityId,
        request.params.statementId,
      );
      return { data: await overrideOf(principal, statement.id, request.params.overrideId) };
    },
  );

  r.patch(
    `${base}/:statementId/overrides/:overrideId`,
    {
      config: { access: STATEMENT_ACCESS.review, idempotent: true, conflicts: OVERRIDE_CONFLICTS },
      schema: { params: OverrideParams, body: OverrideUpdateRequest, response: { 200: OverrideResponse } },
    },
    async (request) => {
      const { overrideId } = request.params;
      const { principal, statement } = await statementFor(
        request,
        request.params.entityId,
        request.params.statementId,
      );
      const { amount, type_code: typeCode, note } = request.body.data;
      const changes = {
        ...(amount !== undefined && { amountCents: cents(amount) }),
        ...(typeCode !== undefined && { typeCode }),
        ...(note !== undefined && { note }),
      };
      await db
        .transaction()
        .execute((trx) =>
          updateOverride(trx, statement.id, overrideId, changes, metadataOf(request, principal)),
        );
      return { data: await overrideOf(principal, statement.id, overrideId) };
    },
  );

  r.delete(
    `${base}/:statementId/overrides/:overrideId`,
    {
      config: { access: STATEMENT_ACCESS.review, idempotent: true, conflicts: OVERRIDE_CONFLICTS },
      schema: { params: OverrideParams, response: { 200: OverrideResponse } },
    },
    async (request) => {
      const { overrideId } = request.params;
      const { principal, statement } = await statementFor(
        request,
        request.params.entityId,
        request.params.statementId,
      );
      await db
        .transaction()
        .execute((trx) => deleteOverride(trx, statement.id, overrideId, metadataOf(request, principal)));
      return { data: await overrideOf(principal, statement.id, overrideId) };
    },
  );
}
