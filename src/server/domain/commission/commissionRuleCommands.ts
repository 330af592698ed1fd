import { sql } from 'kysely';
import { Invalid, notFound, Refused } from '../domainErrors';
import { execute } from '../../store/aggregate';
import { VersionConflictError, type EventMetadata, type Trx } from '../../store/eventStore';
import { commissionRuleAggregate } from './commissionRuleAggregate';
import type { CommissionRuleFields } from './commissionRuleEvents';
import {
  checkRule,
  loadRuleContext,
  lockEntityRules,
  overlapMessage,
  overlapsOf,
  ruleErrors,
} from './commissionRuleChecks';
import { entityRules, findRule, ruleStatus, type StoredRule } from './commissionRuleQueries';
import { overlappingRules, type RateRule } from '../moneyRules/commissionRates';

// Commands of the commission_rule stream. Each takes the entity's rule lock first, then checks, then appends
// through execute() (the record lifecycle decides; a stale version answers 409).
export type RuleFields = Omit<RateRule, 'id'>;

const eventData = (rule: RuleFields): CommissionRuleFields => ({
  entityId: rule.entityId,
  businessType: rule.businessType,
  calculationType: rule.calculationType,
  eventCode: rule.eventCode,
  stateCodes: [...rule.stateCodes],
  species: rule.species,
  payMultiplier: rule.payMultiplier,
  effectiveDate: rule.effectiveDate,
  expirationDate: rule.expirationDate,
});

async function nextRuleId(trx: Trx): Promise<number> {
  const { rows } = await sql<{ id: number }>`select nextval('commission_rule_id_seq')::int as id`.execute(
    trx,
  );
  return rows[0]!.id;
}

async function append(
  trx: Trx,
  id: number,
  type: string,
  data: Record<string, unknown>,
  meta: EventMetadata,
  version?: number,
) {
  await execute(trx, commissionRuleAggregate, String(id), [{ type, data }], meta, version);
}

// Appends a checked rule's creation; the caller holds the entity's lock.
async function appendCreated(trx: Trx, fields: RuleFields, metadata: EventMetadata, copiedFrom?: number) {
  const id = await nextRuleId(trx);
  const data = { id, ...eventData(fields), ...(copiedFrom !== undefined && { copiedFrom }) };
  await append(trx, id, 'commissionRule.created', data, metadata);
  return id;
}

export async function createRule(trx: Trx, fields: RuleFields, metadata: EventMetadata): Promise<number> {
  await lockEntityRules(trx, fields.entityId);
  // Checked as rule 0, which no saved rule is.
  await checkRule(trx, { id: 0, ...fields });
  return appendCreated(trx, fields, metadata);
}

async function ruleToChange(trx: Trx, entityId: number, ruleId: number, today: string): Promise<StoredRule> {
  await lockEntityRules(trx, entityId);
  const rule = await findRule(trx, entityId, ruleId);
  if (!rule) throw notFound('commission rule');
  // The past stays as it was paid: an expired rule is history, a new rule takes its place.
  if (ruleStatus(rule, today) === 'expired') {
    throw new Refused(`Rule ${rule.id} has expired and can no longer be changed.`);
  }
  return rule;
}

export async function changeRule(
  trx: Trx,
  entityId: number,
  ruleId: number,
  changes: Partial<RuleFields>,
  expectedVersion: number,
  today: string,
  metadata: EventMetadata,
): Promise<void> {
  const current = await ruleToChange(trx, entityId, ruleId, today);
  // A stale edit is refused before its fields are judged against rules the editor has not seen.
  if (current.version !== expectedVersion) {
    throw new VersionConflictError(commissionRuleAggregate.streamType, String(ruleId), expectedVersion);
  }
  const merged: RateRule = { ...current, ...changes, id: current.id, entityId };
  await checkRule(trx, merged);
  await append(trx, ruleId, 'commissionRule.changed', eventData(merged), metadata, expectedVersion);
}

export async function expireRule(
  trx: Trx,
  entityId: number,
  ruleId: number,
  expirationDate: string,
  today: string,
  metadata: EventMetadata,
): Promise<void> {
  const current = await ruleToChange(trx, entityId, ruleId, today);
  if (expirationDate < current.effectiveDate) {
    throw new Invalid({
      'data.expiration_date': [
        `The expiration date may not be before the effective date (${current.effectiveDate}).`,
      ],
    });
  }
  // Expiring later than the rule already does would lengthen it: checked for overlaps like an edit.
  const expired = { ...current, expirationDate };
  const overlaps = await overlapsOf(trx, expired);
  if (overlaps.length) {
    throw new Invalid({ 'data.expiration_date': overlaps.map((o) => overlapMessage(expired, o)) });
  }
  await append(trx, ruleId, 'commissionRule.expired', { expirationDate }, metadata);
}

export interface GenerateResult {
  created: number;
  skipped: { rule: StoredRule; reason: string }[];
}

const inForceOn = (rule: RateRule, day: string) =>
  rule.effectiveDate <= day && (rule.expirationDate === null || day < rule.expirationDate);

// Copies the template entity's rules in force on `effectiveDate` to the entity, from that date on, each up
// to the template rule's own expiration. A copy that would overlap one of the entity's rules (an earlier
// generate's copy among them) is skipped with the reason, so running it again creates nothing.
export async function generateRules(
  trx: Trx,
  entityId: number,
  templateEntityId: number,
  effectiveDate: string,
  metadata: EventMetadata,
): Promise<GenerateResult> {
  await lockEntityRules(trx, entityId);
  const template = (await entityRules(trx, templateEntityId)).filter((rule) =>
    inForceOn(rule, effectiveDate),
  );
  // Checked against the entity's rules as they grow, in memory: one load for the whole copy.
  const context = await loadRuleContext(trx, entityId);
  const result: GenerateResult = { created: 0, skipped: [] };
  for (const source of template) {
    const copy: RateRule = { ...source, id: 0, entityId, effectiveDate };
    const errors = ruleErrors(copy, context);
    if (Object.keys(errors).length) {
      result.skipped.push({ rule: source, reason: Object.values(errors).flat().join(' ') });
      continue;
    }
    const { id: _id, ...fields } = copy;
    const id = await appendCreated(trx, fields, metadata, source.id);
    context.rules.push({ ...copy, id });
    result.created++;
  }
  return result;
}

export type BatchOutcome =
  | { status: 'STORED'; id: number }
  | {
      status: 'CONFLICT';
      conflictCode: 'OVERLAPS_STORED_RULE' | 'OVERLAPS_BATCH_RULE';
      errors: Record<string, string[]>;
    }
  | { status: 'INVALID'; errors: Record<string, string[]> };

// Stores each rule of a batch that passes the checks a single create makes, in the order given, under the
// entity's lock (docs/commission.md "Batch save"). A rule that overlaps a rule already stored, or one the batch
// stored before it, is not stored and says which; one that fails another check is not stored either. The
// others stand: a batch is many creates in one transaction, not all or nothing.
export async function storeRuleBatch(
  trx: Trx,
  entityId: number,
  rules: readonly Omit<RuleFields, 'entityId'>[],
  metadata: EventMetadata,
): Promise<BatchOutcome[]> {
  await lockEntityRules(trx, entityId);
  const context = await loadRuleContext(trx, entityId);
  const stored = new Set<number>();
  const outcomes: BatchOutcome[] = [];
  for (const [index, fields] of rules.entries()) {
    const rule: RateRule = { ...fields, entityId, id: 0 };
    const found = ruleErrors(rule, context);
    // Field names as the batch request sends them: data.{index}.…
    const errors = Object.fromEntries(
      Object.entries(found).map(([field, messages]) => [
        field.replace(/^data\./, `data.${index}.`),
        messages,
      ]),
    );
    if (Object.keys(errors).length === 0) {
      const id = await appendCreated(trx, { ...fields, entityId }, metadata);
      context.rules.push({ ...rule, id });
      stored.add(id);
      outcomes.push({ status: 'STORED', id });
      continue;
    }
    // ruleErrors judges overlaps only of an otherwise sound rule, on data.effective_date.
    const overlaps = Object.keys(found).length === 1 ? overlappingRules(context.rules, rule) : [];
    if (overlaps.length === 0) {
      outcomes.push({ status: 'INVALID', errors });
    } else {
      const inBatch = overlaps.some((o) => stored.has(o.id));
      const conflictCode = inBatch ? 'OVERLAPS_BATCH_RULE' : 'OVERLAPS_STORED_RULE';
      outcomes.push({ status: 'CONFLICT', conflictCode, errors });
    }
  }
  return outcomes;
}
