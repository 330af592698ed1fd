import { execute } from '../../store/aggregate';
import type { EventMetadata, Trx } from '../../store/eventStore';
import { Invalid, notFound } from '../domainErrors';
import { US_STATES } from '../usStates';
import { entityAggregate } from './entityAggregate';
import { nextId } from './entitySequences';

// An entity's links to reference data: the underwriting questions its quotes ask, its quote sources and
// the states where it may offer discounts.
const append = (
  trx: Trx,
  entityId: number,
  type: string,
  data: Record<string, unknown>,
  meta: EventMetadata,
) => execute(trx, entityAggregate, String(entityId), [{ type, data }], meta);

// The listed questions become the entity's enabled ones; links to others stay, disabled, so the link ids
// (and what quotes recorded against them) survive being switched off and on.
export async function setUnderwritingQuestions(
  trx: Trx,
  entityId: number,
  questionIds: readonly number[],
  metadata: EventMetadata,
): Promise<void> {
  const wanted = [...new Set(questionIds)];
  const known = new Set(
    (
      await trx.selectFrom('underwriting_questions').select('id').where('is_enabled', '=', true).execute()
    ).map((q) => q.id),
  );
  const unknown = wanted.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new Invalid({
      underwritingQuestionIds: [`Unknown underwriting question ${unknown.join(', ')}.`],
    });
  }
  const existing = await trx
    .selectFrom('entity_underwriting_questions')
    .select(['id', 'uw_question_id', 'enabled'])
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();
  const links = existing.map((l) => ({
    id: l.id,
    questionId: l.uw_question_id,
    enabled: wanted.includes(l.uw_question_id),
  }));
  // The same choice again changes nothing and records nothing.
  const enabledNow = existing.filter((l) => l.enabled).map((l) => l.uw_question_id);
  if ([...enabledNow].sort().join() === [...wanted].sort().join()) return;
  for (const questionId of wanted) {
    if (links.some((l) => l.questionId === questionId)) continue;
    links.push({ id: await nextId(trx, 'entity_uw_question_id_seq'), questionId, enabled: true });
  }
  await append(trx, entityId, 'entity.underwritingQuestionsSet', { links }, metadata);
}

export async function addQuoteSource(
  trx: Trx,
  entityId: number,
  fields: { code: string; name: string; isEnabled: boolean },
  metadata: EventMetadata,
): Promise<number> {
  const taken = await trx
    .selectFrom('entity_quote_sources')
    .select('id')
    .where('entity_id', '=', entityId)
    .where('code', '=', fields.code)
    .executeTakeFirst();
  if (taken) throw new Invalid({ code: ['The entity already has a quote source with this code.'] });
  const quoteSourceId = await nextId(trx, 'entity_quote_source_id_seq');
  await append(trx, entityId, 'entity.quoteSourceAdded', { quoteSourceId, ...fields }, metadata);
  return quoteSourceId;
}

export async function updateQuoteSource(
  trx: Trx,
  entityId: number,
  quoteSourceId: number,
  changes: { name?: string; isEnabled?: boolean },
  metadata: EventMetadata,
): Promise<void> {
  const source = await trx
    .selectFrom('entity_quote_sources')
    .select('id')
    .where('id', '=', quoteSourceId)
    .where('entity_id', '=', entityId)
    .executeTakeFirst();
  if (!source) throw notFound('quote source');
  if (changes.name === undefined && changes.isEnabled === undefined) return;
  await append(trx, entityId, 'entity.quoteSourceUpdated', { quoteSourceId, ...changes }, metadata);
}

const STATE_CODES = new Set(US_STATES.map(([code]) => code));

export async function setDiscountStates(
  trx: Trx,
  entityId: number,
  stateCodes: readonly string[],
  metadata: EventMetadata,
): Promise<void> {
  const wanted = [...new Set(stateCodes)].sort();
  const invalid = wanted.filter((code) => !STATE_CODES.has(code));
  if (invalid.length > 0) {
    throw new Invalid({ state_codes: [`Unknown state code ${invalid.join(', ')}.`] });
  }
  const current = await trx
    .selectFrom('entity_discount_states')
    .select('state_code')
    .where('entity_id', '=', entityId)
    .orderBy('state_code')
    .execute();
  // The same list again changes nothing and records nothing.
  if (current.map((c) => c.state_code).join() === wanted.join()) return;
  await append(trx, entityId, 'entity.discountStatesSet', { stateCodes: wanted }, metadata);
}
