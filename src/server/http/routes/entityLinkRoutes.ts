import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENTITY_ACCESS } from '../../../api/entityAccess';
import {
  DiscountStatesResponse,
  DiscountStatesUpdate,
  EntityUnderwritingQuestionsResponse,
  EntityUnderwritingQuestionsUpdate,
  QuoteSourceCreate,
  QuoteSourceListResponse,
  QuoteSourceResponse,
  QuoteSourceUpdate,
  UnderwritingQuestionListResponse,
} from '../../../api/schemas/entities';
import { integerParam } from '../../../api/schemas/params';
import {
  addQuoteSource,
  setDiscountStates,
  setUnderwritingQuestions,
  updateQuoteSource,
} from '../../domain/entities/linkCommands';
import type { Db } from '../../store/db';
import { notFound } from '../errors';
import { ENTITY_CHANGE_CONFLICTS, entityFor, metadataOf } from './entityRouteSupport';
import { serverTimestamp } from '../../../calendar';

// An entity's underwriting questions, quote sources and discount states, and the underwriting question
// reference list (SPEC §7 "Entities" sub-resources, v2/underwriting-questions).
const EntityParams = z.object({ entityId: integerParam('entityId') });
const QuoteSourceParams = EntityParams.extend({ quoteSourceId: integerParam('quoteSourceId') });

export function entityLinkRoutes(app: FastifyInstance, options: { db: Db }): void {
  const { db } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const links = async (entityId: number) => ({
    data: (
      await db
        .selectFrom('entity_underwriting_questions')
        .selectAll()
        .where('entity_id', '=', entityId)
        .orderBy('uw_question_id')
        .execute()
    ).map((l) => ({ id: l.id, entityId: l.entity_id, uw_question_id: l.uw_question_id, enabled: l.enabled })),
  });

  const quoteSources = (entityId: number) =>
    db
      .selectFrom('entity_quote_sources')
      .selectAll()
      .where('entity_id', '=', entityId)
      .orderBy('code')
      .execute();
  const quoteSourceWire = (s: Awaited<ReturnType<typeof quoteSources>>[number]) => ({
    ...s,
    label: s.name,
    created_at: serverTimestamp(s.created_at),
    updated_at: serverTimestamp(s.updated_at),
  });

  const discountStates = async (entityId: number) => ({
    data: await db
      .selectFrom('entity_discount_states as d')
      .innerJoin('states as s', 's.code', 'd.state_code')
      .select(['d.state_code', 's.name'])
      .where('d.entity_id', '=', entityId)
      .orderBy('d.state_code')
      .execute(),
  });

  r.get(
    '/v2/underwriting-questions',
    {
      config: { access: ENTITY_ACCESS.lookups },
      schema: { response: { 200: UnderwritingQuestionListResponse } },
    },
    async () => ({
      data: await db
        .selectFrom('underwriting_questions')
        .select(['id', 'type', 'question', 'species', 'decline_answer', 'is_default'])
        .where('is_enabled', '=', true)
        .orderBy('sort_order')
        .execute(),
    }),
  );

  r.get(
    '/v2/entities/:entityId/underwriting-questions',
    {
      config: { access: ENTITY_ACCESS.adminView },
      schema: { params: EntityParams, response: { 200: EntityUnderwritingQuestionsResponse } },
    },
    async (request) => links((await entityFor(db, request, request.params.entityId)).entity.id),
  );

  r.patch(
    '/v2/entities/:entityId/underwriting-questions',
    {
      config: { access: ENTITY_ACCESS.edit, conflicts: ENTITY_CHANGE_CONFLICTS },
      schema: {
        params: EntityParams,
        body: EntityUnderwritingQuestionsUpdate,
        response: { 200: EntityUnderwritingQuestionsResponse },
      },
    },
    async (request) => {
      const { principal, entity } = await entityFor(db, request, request.params.entityId);
      await db
        .transaction()
        .execute((trx) =>
          setUnderwritingQuestions(
            trx,
            entity.id,
            request.body.underwritingQuestionIds,
            metadataOf(request, principal),
          ),
        );
      return links(entity.id);
    },
  );

  r.get(
    '/v2/entities/:entityId/quote-sources',
    {
      config: { access: ENTITY_ACCESS.adminView },
      schema: { params: EntityParams, response: { 200: QuoteSourceListResponse } },
    },
    async (request) => {
      const { entity } = await entityFor(db, request, request.params.entityId);
      return { data: (await quoteSources(entity.id)).map(quoteSourceWire) };
    },
  );

  r.post(
    '/v2/entities/:entityId/quote-sources',
    {
      config: { access: ENTITY_ACCESS.edit, conflicts: ENTITY_CHANGE_CONFLICTS },
      schema: { params: EntityParams, body: QuoteSourceCreate, response: { 201: QuoteSourceResponse } },
    },
    async (request, reply) => {
      const { principal, entity } = await entityFor(db, request, request.params.entityId);
      const { code, name, is_enabled } = request.body;
      const id = await db
        .transaction()
        .execute((trx) =>
          addQuoteSource(
            trx,
            entity.id,
            { code, name, isEnabled: is_enabled ?? true },
            metadataOf(request, principal),
          ),
        );
      const source = (await quoteSources(entity.id)).find((s) => s.id === id)!;
      return reply.code(201).send({ data: quoteSourceWire(source) });
    },
  );

  r.patch(
    '/v2/entities/:entityId/quote-sources/:quoteSourceId',
    {
      config: { access: ENTITY_ACCESS.edit, conflicts: ENTITY_CHANGE_CONFLICTS },
      schema: { params: QuoteSourceParams, body: QuoteSourceUpdate, response: { 200: QuoteSourceResponse } },
    },
    async (request) => {
      const { principal, entity } = await entityFor(db, request, request.params.entityId);
      const { quoteSourceId } = request.params;
      const { name, is_enabled } = request.body;
      await db.transaction().execute((trx) =>
        updateQuoteSource(
          trx,
          entity.id,
          quoteSourceId,
          {
            ...(name !== undefined ? { name } : {}),
            ...(is_enabled !== undefined ? { isEnabled: is_enabled } : {}),
          },
          metadataOf(request, principal),
        ),
      );
      const source = (await quoteSources(entity.id)).find((s) => s.id === quoteSourceId);
      if (!source) throw notFound('quote source');
      return { data: quoteSourceWire(source) };
    },
  );

  r.get(
    '/v2/entities/:entityId/discount-state-availabilities',
    {
      config: { access: ENTITY_ACCESS.adminView },
      schema: { params: EntityParams, response: { 200: DiscountStatesResponse } },
    },
    async (request) => discountStates((await entityFor(db, request, request.params.entityId)).entity.id),
  );

  // POST replaces the entity's list with the given state codes (SPEC §7: "POST state codes").
  r.post(
    '/v2/entities/:entityId/discount-state-availabilities',
    {
      config: { access: ENTITY_ACCESS.edit, conflicts: ENTITY_CHANGE_CONFLICTS },
      schema: { params: EntityParams, body: DiscountStatesUpdate, response: { 200: DiscountStatesResponse } },
    },
    async (request) => {
      const { principal, entity } = await entityFor(db, request, request.params.entityId);
      await db
        .transaction()
        .execute((trx) =>
          setDiscountStates(trx, entity.id, request.body.state_codes, metadataOf(request, principal)),
        );
      return discountStates(entity.id);
    },
  );
}
