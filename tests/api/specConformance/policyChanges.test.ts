import { describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/store/db';
import { entityApi } from '../../support/entityApi';
import type { ApiResponse } from '../../support/http';
import { AGENT, INTERNAL, NORTHWIND_AUSTIN } from '../../support/personas';
import { buyPolicies } from '../../support/policyMatterFixtures';
import { entityIdOf } from '../../support/records';
import {
  addDays,
  businessToday,
  issuePaidRentersPolicy,
  rentersPolicyIssue,
} from '../../support/rentersPolicyFixtures';
import { useTestServer } from '../../support/suite';
import { DEMO_PASSWORD, testDatabases } from '../../support/testServer';

// SPEC §7: cancel, discontinue and reinstate each run "as a preview, or as a committed action when commit is
// set"; §3 "Cancel request" (policy_number, reason_code, cancellation_method, commit), "Reinstate request"
// (policy_number, reason_code, commit) and "Result meta" (cancel_date, refund_amount, committed). A client
// written from those lines alone: it logs in with POST /v2/auth, commits without previewing (a preview and
// its token are the portal's way, docs/decisions/013 amended, not a condition of the commit), and reads the
// answers by SPEC's names, with no schema of the product's. The policies are made by the product's helpers.
describe.each(testDatabases())(
  'SPEC §3/§7 cancel, discontinue and reinstate, as a SPEC client calls them, on %s',
  (database) => {
    const s = useTestServer(database);
    const db = (): Db => s.t.server.database.db;
    const today = businessToday();

    const login = async (email: string) => {
      const answer = await s.api.post('/v2/auth', { email, password: DEMO_PASSWORD });
      expect(answer.status, answer.text).toBe(200);
      return (answer.body as { accessToken: string }).accessToken;
    };

    // A paid annual renters policy in force for 40 days, sold by an agency INTERNAL reaches.
    const rentersPolicy = async () => {
      const entityId = await entityIdOf(db(), NORTHWIND_AUSTIN);
      const issue = rentersPolicyIssue({
        entityId,
        termInterval: 'annual',
        effectiveDate: addDays(today, -40),
      });
      return issuePaidRentersPolicy(db(), issue);
    };

    const eventCount = async (streamType: string, streamId: string) =>
      Number(
        (
          await db()
            .selectFrom('events')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('stream_type', '=', streamType)
            .where('stream_id', '=', streamId)
            .executeTakeFirstOrThrow()
        ).n,
      );

    type Answer = { data: Record<string, unknown>; meta: Record<string, unknown> };
    const ok = (answer: ApiResponse): Answer => {
      expect(answer.status, answer.text).toBe(200);
      return answer.body as Answer;
    };

    it('cancels a renters policy with commit set and no preview, on the business date for a pro rata cancel without cancel_date', async () => {
      const policy = await rentersPolicy();
      const token = await login(INTERNAL);
      const cancel = (data: Record<string, unknown>) =>
        s.api.post(`/v2/renters/policies/${policy.matterId}/cancel`, { data }, { token });
      const request = {
        policy_number: policy.policyNumber,
        reason_code: 'MOVED_OUT',
        cancellation_method: 'PRO_RATA',
        commit: true,
      };

      // A bad field is a 422 on it, and nothing is written.
      const before = await eventCount('renters_policy', policy.policyNumber);
      for (const [patch, field] of [
        [{ cancellation_method: 'HALF' }, 'data.cancellation_method'],
        [{ reason_code: 'PAYMENT_RECEIVED' }, 'data.reason_code'],
        [{ cancel_date: addDays(today, 400) }, 'data.cancel_date'],
      ] as const) {
        const refused = await cancel({ ...request, ...patch });
        expect(refused.status, refused.text).toBe(422);
        expect(Object.keys((refused.body as { errors: Record<string, string[]> }).errors)).toContain(field);
      }
      expect(await eventCount('renters_policy', policy.policyNumber)).toBe(before);

      const committed = ok(await cancel(request));
      expect(committed.meta).toMatchObject({ committed: true, cancel_date: today });
      expect(committed.meta.refund_amount).toEqual(expect.any(Number));
      expect(committed.meta.refund_amount as number).toBeGreaterThan(0);
      expect(committed.data).toMatchObject({
        committed: true,
        effective_date: today,
        new_status_code: 'CANCELLED',
      });

      // Sent again, the same committed action answers its outcome and writes nothing more.
      const written = await eventCount('renters_policy', policy.policyNumber);
      expect(ok(await cancel(request))).toEqual(committed);
      expect(await eventCount('renters_policy', policy.policyNumber)).toBe(written);

      // Reinstated, then discontinued, each by its request's fields alone.
      const reinstated = ok(
        await s.api.post(
          `/v2/renters/policies/${policy.matterId}/reinstate`,
          { data: { policy_number: policy.policyNumber, reason_code: 'CANCELLED_IN_ERROR', commit: true } },
          { token },
        ),
      );
      expect(reinstated.meta).toMatchObject({ committed: true, cancel_date: null });
      expect(reinstated.data).toMatchObject({ committed: true, new_status_code: 'ACTIVE' });
      const discontinue = { policy_number: policy.policyNumber, reason_code: 'UNDERWRITING', commit: true };
      const discontinued = ok(
        await s.api.post(
          `/v2/renters/policies/${policy.matterId}/discontinue`,
          { data: discontinue },
          { token },
        ),
      );
      expect(discontinued.meta).toMatchObject({ committed: true, cancel_date: null, refund_amount: 0 });
      expect(discontinued.data).toMatchObject({ committed: true, new_status_code: 'ACTIVE' });
    });

    it('previews, then commits with the preview token; a token whose inputs differ from the preview is still refused (409)', async () => {
      const policy = await rentersPolicy();
      const token = await login(INTERNAL);
      const cancel = (data: Record<string, unknown>) =>
        s.api.post(`/v2/renters/policies/${policy.matterId}/cancel`, { data }, { token });
      const request = {
        policy_number: policy.policyNumber,
        reason_code: 'CUSTOMER_REQUEST',
        cancellation_method: 'PRO_RATA',
        cancel_date: addDays(today, 10),
      };
      const preview = ok(await cancel({ ...request, commit: false }));
      expect(preview.meta).toMatchObject({ committed: false, cancel_date: addDays(today, 10) });
      const previewToken = preview.data.preview_token;
      expect(previewToken).toEqual(expect.any(String));

      const before = await eventCount('renters_policy', policy.policyNumber);
      const other = await cancel({
        ...request,
        cancel_date: addDays(today, 11),
        commit: true,
        preview_token: previewToken,
      });
      expect(other.status, other.text).toBe(409);
      expect(await eventCount('renters_policy', policy.policyNumber)).toBe(before);

      const committed = ok(await cancel({ ...request, commit: true, preview_token: previewToken }));
      expect(committed.meta).toMatchObject({
        committed: true,
        cancel_date: addDays(today, 10),
        refund_amount: preview.meta.refund_amount,
      });
    });

    it('refuses a commit without a preview whose policy_version is not the policy’s (409), writing nothing', async () => {
      const policy = await rentersPolicy();
      const token = await login(INTERNAL);
      const before = await eventCount('renters_policy', policy.policyNumber);
      const stale = await s.api.post(
        `/v2/renters/policies/${policy.matterId}/discontinue`,
        {
          data: {
            policy_number: policy.policyNumber,
            reason_code: 'UNDERWRITING',
            commit: true,
            policy_version: before + 5,
          },
        },
        { token },
      );
      expect(stale.status, stale.text).toBe(409);
      expect(await eventCount('renters_policy', policy.policyNumber)).toBe(before);
    });

    it('cancels a pet policy with commit set and no preview token', async () => {
      const [policy] = await buyPolicies(
        entityApi(() => s.api),
        db(),
        AGENT,
      );
      const token = await login(AGENT);
      const path = `/v2/policies/${policy!.matterId}/cancel`;
      const before = await eventCount('policy', policy!.policyNumber);
      const bad = await s.api.post(
        path,
        { data: { cancelDate: addDays(today, 900), reason: 'CUSTOMER_REQUEST', commit: true } },
        { token },
      );
      expect(bad.status, bad.text).toBe(422);
      expect(Object.keys((bad.body as { errors: Record<string, string[]> }).errors)).toEqual(['cancelDate']);
      expect(await eventCount('policy', policy!.policyNumber)).toBe(before);

      const cancelDate = addDays(today, 20);
      const committed = ok(
        await s.api.post(path, { data: { cancelDate, reason: 'CUSTOMER_REQUEST', commit: true } }, { token }),
      );
      // A policy sold today is in its free look: cancelled flat, from its effective date, everything refunded.
      expect(committed.data).toMatchObject({ committed: true, previewToken: null, flatCancel: true });
      expect(committed.data.cancelEffectiveDate).toMatch(/^\d{4}-\d\d-\d\d$/);
      expect(committed.data.refund).toEqual(expect.any(Number));
      expect(await eventCount('policy', policy!.policyNumber)).toBeGreaterThan(before);
    });
  },
);
