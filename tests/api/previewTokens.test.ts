import { describe, expect, it } from 'vitest';
import { CommissionRulePage } from '../../src/api/schemas/commissionRules';
import { issuePreviewToken, type PreviewClaims } from '../../src/server/auth/previewTokens';
import type { Db } from '../../src/server/store/db';
import { entityApi, expectStatus, userWith, type EntityApi } from '../support/entityApi';
import { expectError, expectValidationError, type ApiResponse } from '../support/http';
import { ADMIN, AGENT, INTERNAL, LAKESIDE, MANAGER, NORTHWIND_AUSTIN } from '../support/personas';
import { buyPolicies } from '../support/policyMatterFixtures';
import { entityIdOf } from '../support/records';
import {
  addDays,
  issuePaidRentersPolicy,
  rentersPolicyIssue,
  businessToday,
} from '../support/rentersPolicyFixtures';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// A commit makes exactly what its preview showed (issue 21, item 10; docs/decisions/013). The preview of a
// pet cancellation and of a renters cancel answers a token signed by the server; a commit presenting one for
// other inputs, another policy or another user, an expired, forged or stale one is refused, saying to preview
// again, and writes nothing. A commit presenting none is SPEC's committed action (013 amended): it commits the
// change as it is now. Both lines of business, one mechanism, the same cases.

interface Policy {
  matterId: number;
  policyNumber: string;
}

// One line of business as the cases drive it: two different requests (`a`, `b`) of the same change.
interface Line {
  name: string;
  // The user who previews, and another who may change the same policy.
  user: string;
  otherUser: string;
  tokenField: string;
  fresh(): Promise<Policy>;
  body(policy: Policy, variant: 'a' | 'b', commit: boolean, token?: string): Record<string, unknown>;
  tokenOf(answer: ApiResponse): string | null;
  // Another change to the policy, saved between a preview and its commit.
  touch(policy: Policy): Promise<void>;
  path(policy: Policy): string;
  // The change events the policy's log holds.
  changes(policy: Policy): Promise<number>;
}

const decode = (token: string): PreviewClaims =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as PreviewClaims;
const withoutExp = ({ exp: _exp, ...claims }: PreviewClaims) => claims;

describe.each(testDatabases())('preview tokens on %s', (database) => {
  const s = useTestServer(database);
  const e: EntityApi = entityApi(() => s.api);
  const db = (): Db => s.t.server.database.db;
  const secret = () => s.t.config.accessTokenSecret;
  const today = businessToday();

  const countOf = async (streamType: string, streamId: string, type: string) =>
    Number(
      (
        await db()
          .selectFrom('events')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('stream_type', '=', streamType)
          .where('stream_id', '=', streamId)
          .where('type', '=', type)
          .executeTakeFirstOrThrow()
      ).n,
    );

  const pet: Line = {
    name: 'pet cancellation',
    user: AGENT,
    otherUser: MANAGER,
    tokenField: 'previewToken',
    fresh: async () => (await buyPolicies(e, db(), AGENT))[0]!,
    // The probe's case: a preview of one date, a commit of another.
    body: (_policy, variant, commit, token) => ({
      cancelDate: addDays(today, variant === 'a' ? 40 : 41),
      reason: 'CUSTOMER_REQUEST',
      commit,
      ...(token !== undefined ? { previewToken: token } : {}),
    }),
    tokenOf: (answer) => (answer.body as { data: { previewToken: string | null } }).data.previewToken,
    touch: async (policy) =>
      expectStatus(
        await e.patch(`/v2/policies/${policy.matterId}/policyholder`, MANAGER, {
          data: { reason: 'New number', phone: '5125550177' },
        }),
        200,
      ),
    path: (policy) => `/v2/policies/${policy.matterId}/cancel`,
    changes: (policy) => countOf('policy', policy.policyNumber, 'policy.cancelled'),
  };

  const renters: Line = {
    name: 'renters cancel',
    user: INTERNAL,
    otherUser: MANAGER,
    tokenField: 'data.preview_token',
    fresh: async () => {
      const entityId = await entityIdOf(db(), NORTHWIND_AUSTIN);
      const issue = rentersPolicyIssue({
        entityId,
        termInterval: 'annual',
        effectiveDate: addDays(today, -40),
      });
      return issuePaidRentersPolicy(db(), issue);
    },
    body: (policy, variant, commit, token) => ({
      policy_number: policy.policyNumber,
      reason_code: 'MOVED_OUT',
      cancellation_method: 'PRO_RATA',
      cancel_date: addDays(today, variant === 'a' ? 10 : 11),
      commit,
      ...(token !== undefined ? { preview_token: token } : {}),
    }),
    tokenOf: (answer) => (answer.body as { data: { preview_token: string | null } }).data.preview_token,
    touch: async (policy) =>
      expectStatus(
        await e.post(`/v2/renters/policies/${policy.matterId}/additional-insureds`, INTERNAL, {
          data: { name_first: 'Ada', name_last: 'Lovelace' },
        }),
        201,
      ),
    path: (policy) => `/v2/renters/policies/${policy.matterId}/cancel`,
    changes: (policy) => countOf('renters_policy', policy.policyNumber, 'renters.cancelled'),
  };

  describe.each([pet, renters])('$name', (line) => {
    const send = (policy: Policy, body: Record<string, unknown>, email = line.user) =>
      e.post(line.path(policy), email, { data: body });

    async function previewed(policy: Policy, variant: 'a' | 'b' = 'a') {
      const answer = await send(policy, line.body(policy, variant, false));
      expectStatus(answer, 200);
      const token = line.tokenOf(answer);
      expect(token).toEqual(expect.any(String));
      return token!;
    }

    // The commit is refused with `status`, says to preview again, and the policy keeps no change.
    async function refused(policy: Policy, answer: ApiResponse, status: 409 | 422) {
      if (status === 422) {
        const body = expectValidationError(answer, [line.tokenField]);
        expect(body.errors[line.tokenField]!.join(' ')).toMatch(/preview/i);
      } else {
        expect(expectError(answer, 409).message).toMatch(/preview it again/i);
      }
      expect(await line.changes(policy)).toBe(0);
    }

    it('commits with the token of its preview; the token holds nothing a commit answers', async () => {
      const policy = await line.fresh();
      const token = await previewed(policy);
      const committed = await send(policy, line.body(policy, 'a', true, token));
      expectStatus(committed, 200);
      expect(line.tokenOf(committed)).toBeNull();
      expect(await line.changes(policy)).toBe(1);
    });

    it('commits a commit without a token (absent or null) as a preview would compute it now (013 amended)', async () => {
      const policy = await line.fresh();
      const preview = await send(policy, line.body(policy, 'a', false));
      expectStatus(preview, 200);
      const committed = await send(policy, line.body(policy, 'a', true));
      expectStatus(committed, 200);
      expect(line.tokenOf(committed)).toBeNull();
      // The same figures the preview showed: nothing moved in between.
      const {
        preview_token: _p,
        previewToken: _q,
        committed: _c,
        policy_version: _v,
        ...shown
      } = (preview.body as { data: Record<string, unknown> }).data;
      expect((committed.body as { data: Record<string, unknown> }).data).toMatchObject({
        ...shown,
        committed: true,
      });
      expect(await line.changes(policy)).toBe(1);
      const other = await line.fresh();
      const withNull = await send(other, {
        ...line.body(other, 'a', true),
        [line.tokenField.replace('data.', '')]: null,
      });
      expectStatus(withNull, 200);
      expect(await line.changes(other)).toBe(1);
    });

    it('refuses a blank token (422): a token presented is checked', async () => {
      const policy = await line.fresh();
      await refused(policy, await send(policy, line.body(policy, 'a', true, '')), 422);
    });

    it('refuses a commit whose inputs differ from the preview (409): previewed one date, committed another', async () => {
      const policy = await line.fresh();
      const token = await previewed(policy, 'a');
      await refused(policy, await send(policy, line.body(policy, 'b', true, token)), 409);
    });

    it('refuses the token of another policy (422)', async () => {
      const [one, other] = [await line.fresh(), await line.fresh()];
      const token = await previewed(one);
      await refused(other, await send(other, line.body(other, 'a', true, token)), 422);
      expect(await line.changes(one)).toBe(0);
    });

    it('refuses the token of another user (422), and another agency cannot reach the policy (404)', async () => {
      const policy = await line.fresh();
      const token = await previewed(policy);
      await refused(policy, await send(policy, line.body(policy, 'a', true, token), line.otherUser), 422);
      const outsider = await userWith(db(), {
        entityCode: LAKESIDE,
        userType: 'external',
        privilegeCodes: ['quote_policy', 'renters_policy_ax'],
      });
      expectError(await send(policy, line.body(policy, 'a', true, token), outsider), 404);
      expect(await line.changes(policy)).toBe(0);
    });

    it('refuses an expired token (409): the same preview given 16 minutes ago', async () => {
      const policy = await line.fresh();
      const claims = decode(await previewed(policy));
      const old = issuePreviewToken(withoutExp(claims), secret(), Date.now() - 16 * 60_000);
      await refused(policy, await send(policy, line.body(policy, 'a', true, old)), 409);
    });

    it('refuses a forged token (422): altered, signed with another secret, or made up', async () => {
      const policy = await line.fresh();
      const token = await previewed(policy);
      const [prefix, , signature] = token.split('.');
      const claims = decode(token);
      // The previewed token with its figures rewritten (a smaller refund, say) and its signature kept.
      const altered = `${prefix}.${Buffer.from(JSON.stringify({ ...claims, outcome: {} })).toString('base64url')}.${signature}`;
      const otherSecret = issuePreviewToken(withoutExp(claims), 'not-the-server-secret');
      const madeUp = JSON.stringify({ kind: 'cancel', policyNumber: policy.policyNumber });
      for (const forged of [altered, otherSecret, madeUp, '', 'pv1..'])
        await refused(policy, await send(policy, line.body(policy, 'a', true, forged)), 422);
    });

    it('refuses a stale token (409): the policy changed between the preview and the commit', async () => {
      const policy = await line.fresh();
      const token = await previewed(policy);
      await line.touch(policy);
      await refused(policy, await send(policy, line.body(policy, 'a', true, token)), 409);
      // Previewed again, it commits.
      const again = await previewed(policy);
      expectStatus(await send(policy, line.body(policy, 'a', true, again)), 200);
      expect(await line.changes(policy)).toBe(1);
    });
  });

  // The figures a commit computes are checked against the token's too: a commission rule changed between
  // the preview and the commit changes what the cancellation takes back, though not the policy's log.
  it('renters: refuses a commit whose figures now differ from the preview (409)', async () => {
    const policy = await renters.fresh();
    const answer = await e.post(renters.path(policy), renters.user, {
      data: renters.body(policy, 'a', false),
    });
    expectStatus(answer, 200);
    const token = renters.tokenOf(answer)!;
    const clawback = (answer.body as { data: { commission_clawback: number } }).data.commission_clawback;
    expect(clawback).toBeGreaterThan(0);
    const austin = await entityIdOf(db(), NORTHWIND_AUSTIN);
    const rules = CommissionRulePage.parse(
      (
        await e.get(
          `/v2/entities/${austin}/commission-configs?filter[eventCode]=CN&filter[speciesCode]=RENTERS&filter[status]=active`,
          ADMIN,
        )
      ).body,
    ).data;
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules)
      expectStatus(
        await e.patch(`/v2/entities/${austin}/commission-configs/${rule.id}`, ADMIN, {
          data: { pay_multiplier: 30, version: rule.version },
        }),
        200,
      );
    const commit = await e.post(renters.path(policy), renters.user, {
      data: renters.body(policy, 'a', true, token),
    });
    expect(expectError(commit, 409).message).toMatch(
      /would not do what its preview showed.*preview it again/i,
    );
    expect(await renters.changes(policy)).toBe(0);
  });
});
