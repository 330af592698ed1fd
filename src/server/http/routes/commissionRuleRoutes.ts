import { businessDate, type Clock } from '../../../calendar';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COMMISSION_RULE_ACCESS,
  CommissionRuleBatchRequest,
  CommissionRuleBatchResponse,
  CommissionRuleCreateRequest,
  type CommissionRuleBatchItem,
  CommissionRuleExpireRequest,
  CommissionRuleGenerateRequest,
  CommissionRuleGenerateResponse,
  CommissionRulePage,
  CommissionRuleQuery,
  CommissionRuleResponse,
  CommissionRuleUpdateRequest,
} from '../../../api/schemas/commissionRules';
import { integerParam } from '../../../api/schemas/params';
import {
  changeRule,
  createRule,
  expireRule,
  generateRules,
  storeRuleBatch,
  type RuleFields,
} from '../../domain/commission/commissionRuleCommands';
import {
  findRule,
  payFromWire,
  ruleSearch,
  toStoredRule,
  toWire,
} from '../../domain/commission/commissionRuleQueries';
import { checkRule } from '../../domain/commission/commissionRuleChecks';
import { entityRules } from '../../domain/commission/commissionRuleQueries';
import { recalculatePendingStatements, ruleImpact } from '../../domain/commission/ruleImpact';
import { RuleImpactResponse } from '../../../api/schemas/commissionStatements';
import { findEntityInScope } from '../../domain/entities/entityQueries';
import type { Db } from '../../store/db';
import { HttpError, ValidationFailed, notFound } from '../errors';
import { CONFLICT } from '../openapi/conflicts';
import { fetchPage } from '../../store/paging';
import { entityFor, metadataOf } from './entityRouteSupport';

// /v2/entities/{entityId}/commission-configs: an entity's commission rate rules (SPEC §3 "Rate/pay rule",
// §7; docs/commission.md "Storage and API"). Back office only; the entity must be in the caller's scope
// (404 otherwise) and active to change its rules.
const EntityParams = z.object({ entityId: integerParam('entityId') });
const RuleParams = EntityParams.extend({ ruleId: integerParam('ruleId') });

type WireFields = Partial<z.output<typeof CommissionRuleCreateRequest>['data']>;

function ruleFields(body: WireFields): Partial<Omit<RuleFields, 'entityId'>> {
  const fields = {
    businessType: body.business_type,
    calculationType: body.calculation_type,
    eventCode: body.event_code,
    stateCodes: body.state_codes,
    species: body.species,
    payMultiplier: body.pay_multiplier === undefined ? undefined : payFromWire(body.pay_multiplier),
    effectiveDate: body.effective_date,
    expirationDate: body.expiration_date,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

// The house (HQ) entity: the top of the hierarchy whose rules agencies start from.
async function houseEntityId(db: Db): Promise<number | null> {
  const house = await db
    .selectFrom('entities')
    .select('id')
    .where('type_code', '=', 'HOUSE')
    .where('master_entity_id', 'is', null)
    .orderBy('id')
    .executeTakeFirst();
  return house?.id ?? null;
}

export function commissionRuleRoutes(app: FastifyInstance, options: { db: Db; clock: Clock }): void {
  const { db } = options;
  // The business day of each request (docs/conventions.md "One business clock").
  const today = () => businessDate(options.clock.now());
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/v2/entities/:entityId/commission-configs';
  // Every rule write also recalculates the entity's pending statements, so it races their commands too.
  const inactive = 'The entity is inactive: reactivate it to change its commission rules.';
  const expired = 'The rule has expired and can no longer be changed.';

  const writableEntity = async (request: FastifyRequest, entityId: number) => {
    const found = await entityFor(db, request, entityId);
    if (found.entity.status_code !== 'ACTIVE') {
      throw new HttpError(409, inactive);
    }
    return found;
  };
  const ruleView = async (entityId: number, ruleId: number) => {
    const rule = await findRule(db, entityId, ruleId);
    if (!rule) throw notFound('commission rule');
    return toWire(rule, today());
  };

  r.get(
    base,
    {
      config: { access: COMMISSION_RULE_ACCESS.view },
      schema: {
        params: EntityParams,
        querystring: CommissionRuleQuery,
        response: { 200: CommissionRulePage },
      },
    },
    async (request) => {
      const { entity } = await entityFor(db, request, request.params.entityId);
      const { page, limit, sort, order, filter } = request.query;
      const day = today();
      const query = ruleSearch(db, entity.id, filter, sort, order, day);
      const { rows, meta } = await fetchPage(query, page, limit);
      return { data: rows.map((row) => toWire(toStoredRule(row), day)), meta };
    },
  );

  r.post(
    base,
    {
      config: { access: COMMISSION_RULE_ACCESS.edit, conflicts: [inactive, CONFLICT.concurrentWrite] },
      schema: {
        params: EntityParams,
        body: CommissionRuleCreateRequest,
        response: { 201: CommissionRuleResponse },
      },
    },
    async (request, reply) => {
      const { principal, entity } = await writableEntity(request, request.params.entityId);
      const fields = {
        ...(ruleFields(request.body.data) as Omit<RuleFields, 'entityId'>),
        entityId: entity.id,
      };
      const metadata = metadataOf(request, principal);
      const id = await db.transaction().execute(async (trx) => {
        const created = await createRule(trx, fields, metadata);
        await recalculatePendingStatements(trx, entity.id, today(), metadata);
        return created;
      });
      return reply.code(201).send({ data: await ruleView(entity.id, id) });
    },
  );

  r.patch(
    `${base}/:ruleId`,
    {
      config: {
        access: COMMISSION_RULE_ACCESS.edit,
        conflicts: [CONFLICT.staleVersion('data.version'), inactive, expired, CONFLICT.concurrentWrite],
      },
      schema: {
        params: RuleParams,
        body: CommissionRuleUpdateRequest,
        response: { 200: CommissionRuleResponse },
      },
    },
    async (request) => {
      const { principal, entity } = await writableEntity(request, request.params.entityId);
      const { ruleId } = request.params;
      const { version, ...body } = request.body.data;
      const metadata = metadataOf(request, principal);
      await db.transaction().execute(async (trx) => {
        await changeRule(trx, entity.id, ruleId, ruleFields(body), version, today(), metadata);
        await recalculatePendingStatements(trx, entity.id, today(), metadata);
      });
      return { data: await ruleView(entity.id, ruleId) };
    },
  );

  r.post(
    `${base}/:ruleId/expire`,
    {
      config: {
        access: COMMISSION_RULE_ACCESS.edit,
        conflicts: [inactive, expired, CONFLICT.concurrentWrite],
      },
      schema: {
        params: RuleParams,
        body: CommissionRuleExpireRequest,
        response: { 200: CommissionRuleResponse },
      },
    },
    async (request) => {
      const { principal, entity } = await writableEntity(request, request.params.entityId);
      const { ruleId } = request.params;
      const day = today();
      const on = request.body.data.expiration_date ?? day;
      const metadata = metadataOf(request, principal);
      await db.transaction().execute(async (trx) => {
        await expireRule(trx, entity.id, ruleId, on, day, metadata);
        await recalculatePendingStatements(trx, entity.id, day, metadata);
      });
      return { data: await ruleView(entity.id, ruleId) };
    },
  );

  // SPEC §3 "batch storage status, conflict code": several new rules in one request, each answered with
  // whether it was stored (docs/commission.md "Batch save").
  r.post(
    `${base}/batch`,
    {
      config: { access: COMMISSION_RULE_ACCESS.edit, conflicts: [inactive, CONFLICT.concurrentWrite] },
      schema: {
        params: EntityParams,
        body: CommissionRuleBatchRequest,
        response: { 200: CommissionRuleBatchResponse },
      },
    },
    async (request) => {
      const { principal, entity } = await writableEntity(request, request.params.entityId);
      const sent = request.body.data.map((rule) => ruleFields(rule) as Omit<RuleFields, 'entityId'>);
      const metadata = metadataOf(request, principal);
      const outcomes = await db.transaction().execute(async (trx) => {
        const stored = await storeRuleBatch(trx, entity.id, sent, metadata);
        if (stored.some((o) => o.status === 'STORED')) {
          await recalculatePendingStatements(trx, entity.id, today(), metadata);
        }
        return stored;
      });
      const day = today();
      const data = await Promise.all(
        outcomes.map(async (outcome, index): Promise<CommissionRuleBatchItem> => {
          if (outcome.status === 'STORED') {
            const rule = await findRule(db, entity.id, outcome.id);
            if (!rule) throw notFound('commission rule');
            return { ...toWire(rule, day), batch_storage_status: 'STORED', errors: {} };
          }
          const body = request.body.data[index]!;
          return {
            id: null,
            entity_id: entity.id,
            business_type: body.business_type,
            calculation_type: body.calculation_type,
            event_code: body.event_code,
            state_code: body.state_codes.join(','),
            state_codes: body.state_codes,
            species: body.species,
            pay_multiplier: body.pay_multiplier,
            effective_date: body.effective_date,
            expiration_date: body.expiration_date,
            status: null,
            version: null,
            batch_storage_status: outcome.status,
            batch_storage_conflict_code: outcome.status === 'CONFLICT' ? outcome.conflictCode : null,
            errors: outcome.errors,
          };
        }),
      );
      return { data };
    },
  );

  r.post(
    `${base}/generate`,
    {
      config: { access: COMMISSION_RULE_ACCESS.edit, conflicts: [inactive, CONFLICT.concurrentWrite] },
      schema: {
        params: EntityParams,
        body: CommissionRuleGenerateRequest,
        response: { 200: CommissionRuleGenerateResponse },
      },
    },
    async (request) => {
      const { principal, scope, entity } = await writableEntity(request, request.params.entityId);
      const { template_entity_id: asked, effective_date: effectiveDate } = request.body.data;
      const templateId = asked ?? (await houseEntityId(db));
      const template = templateId === null ? null : await findEntityInScope(db, templateId, scope);
      if (!template) {
        throw new ValidationFailed({
          'data.template_entity_id': ['The selected template entity is invalid.'],
        });
      }
      if (template.id === entity.id) {
        throw new ValidationFailed({
          'data.template_entity_id': ['An entity cannot copy its own rules: choose another template.'],
        });
      }
      const metadata = metadataOf(request, principal);
      const result = await db.transaction().execute(async (trx) => {
        const generated = await generateRules(trx, entity.id, template.id, effectiveDate, metadata);
        await recalculatePendingStatements(trx, entity.id, today(), metadata);
        return generated;
      });
      const day = today();
      return {
        data: {
          created: result.created,
          skipped: result.skipped.map(({ rule, reason }) => ({ rule: toWire(rule, day), reason })),
        },
      };
    },
  );

  // What saving a rule would do to the entity's unapproved statements, before it is saved (nothing stored).
  const impactOf = async (entityId: number, candidate: RuleFields & { id: number }) => {
    await db.transaction().execute((trx) => checkRule(trx, candidate));
    const rules = (await entityRules(db, entityId)).filter((rule) => rule.id !== candidate.id);
    return { data: await ruleImpact(db, entityId, [...rules, candidate]) };
  };

  r.post(
    `${base}/impact`,
    {
      config: { access: COMMISSION_RULE_ACCESS.edit },
      schema: {
        params: EntityParams,
        body: CommissionRuleCreateRequest,
        response: { 200: RuleImpactResponse },
      },
    },
    async (request) => {
      const { entity } = await entityFor(db, request, request.params.entityId);
      const fields = ruleFields(request.body.data) as Omit<RuleFields, 'entityId'>;
      return impactOf(entity.id, { ...fields, entityId: entity.id, id: 0 });
    },
  );

  r.post(
    `${base}/:ruleId/impact`,
    {
      config: { access: COMMISSION_RULE_ACCESS.edit },
      schema: {
        params: RuleParams,
        body: CommissionRuleUpdateRequest,
        response: { 200: RuleImpactResponse },
      },
    },
    async (request) => {
      const { entity } = await entityFor(db, request, request.params.entityId);
      const current = await findRule(db, entity.id, request.params.ruleId);
      if (!current) throw notFound('commission rule');
      const { version: _version, ...body } = request.body.data;
      return impactOf(entity.id, { ...current, ...ruleFields(body), id: current.id, entityId: entity.id });
    },
  );
}
