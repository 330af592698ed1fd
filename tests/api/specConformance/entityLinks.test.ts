import { describe, expect, it } from 'vitest';
import { ADMIN, NORTHWIND_DALLAS } from '../../support/personas';
import { entityIdOf } from '../../support/records';
import { useTestServer } from '../../support/suite';
import { DEMO_PASSWORD, testDatabases } from '../../support/testServer';

// SPEC §7 "Sub-resources under entities/{entityId}: … discount-state-availabilities (POST state codes),
// underwriting-questions (PATCH list of underwritingQuestionId)". A client that sends the lists themselves.
type Link = { uw_question_id: number; enabled: boolean };

describe.each(testDatabases())(
  'SPEC §7 entity link lists, as a SPEC client sends them, on %s',
  (database) => {
    const s = useTestServer(database);

    const signIn = async () => {
      const login = await s.api.post('/v2/auth', { email: ADMIN, password: DEMO_PASSWORD });
      expect(login.status).toBe(200);
      return (login.body as { accessToken: string }).accessToken;
    };

    it('takes the underwriting questions as a list of ids or of {underwritingQuestionId}', async () => {
      const token = await signIn();
      const path = `/v2/entities/${await entityIdOf(s.t.server.database.db, NORTHWIND_DALLAS)}/underwriting-questions`;
      const patch = async (body: unknown) => {
        const response = await s.api.request('PATCH', path, { token, body });
        expect(response.status, response.text).toBe(200);
        return (response.body as { data: Link[] }).data.filter((l) => l.enabled).map((l) => l.uw_question_id);
      };
      expect(await patch([3, 5])).toEqual([3, 5]);
      expect(await patch([{ underwritingQuestionId: 6 }])).toEqual([6]);
      const refused = await s.api.request('PATCH', path, { token, body: [{ underwritingQuestionId: 'x' }] });
      expect(refused.status).toBe(422);
      expect(Object.keys((refused.body as { errors: object }).errors)).toEqual(['0.underwritingQuestionId']);
    });

    // §7 "Other resource paths: … v2/underwriting-questions"; §3 "Underwriting question: id, type, question
    // text, boolean answer" and "Entity underwriting question link: id, entityId, uw_question_id, enabled".
    it('reads the underwriting questions and each link names one of them', async () => {
      const token = await signIn();
      const response = await s.api.get('/v2/underwriting-questions', { token });
      expect(response.status, response.text).toBe(200);
      const questions = (response.body as { data: Record<string, unknown>[] }).data;
      expect(questions.length).toBeGreaterThan(0);
      for (const q of questions) {
        expect(typeof q.id).toBe('number');
        expect(typeof q.type).toBe('string');
        expect(String(q.question)).toMatch(/\?$/);
        // The answer that declines a pet is a boolean (or none for a question that never declines).
        expect([true, false, null]).toContain(q.decline_answer);
      }
      const path = `/v2/entities/${await entityIdOf(s.t.server.database.db, NORTHWIND_DALLAS)}/underwriting-questions`;
      const links = ((await s.api.get(path, { token })).body as { data: Record<string, unknown>[] }).data;
      const ids = new Set(questions.map((q) => q.id));
      for (const link of links) {
        expect(Object.keys(link)).toEqual(
          expect.arrayContaining(['id', 'entityId', 'uw_question_id', 'enabled']),
        );
        expect(ids.has(link.uw_question_id)).toBe(true);
      }
    });

    it('takes the discount states as a list of state codes', async () => {
      const token = await signIn();
      const path = `/v2/entities/${await entityIdOf(s.t.server.database.db, NORTHWIND_DALLAS)}/discount-state-availabilities`;
      const response = await s.api.post(path, ['TX', 'ok'], { token });
      expect(response.status, response.text).toBe(200);
      expect((response.body as { data: { state_code: string }[] }).data.map((d) => d.state_code)).toEqual([
        'OK',
        'TX',
      ]);
      expect((await s.api.post(path, ['ZZ'], { token })).status).toBe(422);
    });
  },
);
