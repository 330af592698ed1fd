import type { Db } from '../../store/db';
import type { Trx } from '../../store/eventStore';

export interface EntityQuestion {
  id: number;
  type: string;
  question: string;
  species: string | null;
  // The answer that rules a pet out; null for questions that only inform (decision 004).
  decline_answer: boolean | null;
}

// The questions an entity asks (its enabled links), or the default questions when it has no links
// (decision 004); with a species, those for all species and that one. Shared by the `underwritingQuestions`
// read action and the server's decline decision, so both see the same list.
export async function entityQuestions(
  db: Db | Trx,
  entityId: number,
  species: 'DOG' | 'CAT' | undefined,
): Promise<EntityQuestion[]> {
  const links = await db
    .selectFrom('entity_underwriting_questions')
    .select(['uw_question_id', 'enabled'])
    .where('entity_id', '=', entityId)
    .execute();
  let query = db
    .selectFrom('underwriting_questions')
    .select(['id', 'type', 'question', 'species', 'decline_answer'])
    .where('is_enabled', '=', true)
    .orderBy('sort_order');
  if (links.length > 0) {
    const enabled = links.filter((l) => l.enabled).map((l) => l.uw_question_id);
    if (enabled.length === 0) return [];
    query = query.where('id', 'in', enabled);
  } else {
    query = query.where('is_default', '=', true);
  }
  if (species) query = query.where((eb) => eb.or([eb('species', 'is', null), eb('species', '=', species)]));
  return query.execute();
}

// A pet is declined when any of its answers is the declining answer of its question.
export function declines(questions: readonly EntityQuestion[], answers: Record<string, boolean>): boolean {
  return questions.some((q) => q.decline_answer !== null && answers[String(q.id)] === q.decline_answer);
}
