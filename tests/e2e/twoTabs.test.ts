import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '../../src/api/tokens';
import { AGENT } from '../support/personas';
import { userIdOf } from '../support/records';
import { portalSuite } from './portalSession';
import { pathOf } from './portalPage';

// docs/security.md "Two tabs": tabs share the tokens, a refresh token works once, and presenting a spent one
// ends the session everywhere. Two tabs whose access token has expired refresh together: one refresh between
// them, both stay signed in, and the session lives on.
const portal = portalSuite();

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

describe('two tabs of one browser', () => {
  it('refresh an expired access token once between them and both stay signed in', async () => {
    const first = await portal.signedIn(AGENT);
    const second = await first.context().newPage();
    await second.goto('/quotes');
    await second.getByRole('navigation', { name: 'Main menu' }).waitFor();

    const db = portal.server.server.database.db;
    const userId = await userIdOf(db, AGENT);
    const family = await db
      .selectFrom('session_families')
      .select('id')
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    const tokensBefore = await db
      .selectFrom('refresh_tokens')
      .select('token_hash')
      .where('family_id', '=', family.id)
      .execute();
    const refreshBefore = await stored(first, REFRESH_TOKEN_KEY);

    // The access token both tabs read is no longer accepted, as when it expires.
    await first.evaluate((key) => {
      const token = localStorage.getItem(key)!;
      localStorage.setItem(key, `${token.slice(0, -4)}AAAA`);
    }, ACCESS_TOKEN_KEY);
    await Promise.all([first.reload(), second.reload()]);
    for (const page of [first, second]) {
      await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
      expect(pathOf(page)).not.toMatch(/^\/login/);
    }

    const after = await db
      .selectFrom('session_families')
      .select(['revoked_at', 'revoked_reason'])
      .where('id', '=', family.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ revoked_at: null, revoked_reason: null });
    const tokensAfter = await db
      .selectFrom('refresh_tokens')
      .select('token_hash')
      .where('family_id', '=', family.id)
      .execute();
    expect(tokensAfter).toHaveLength(tokensBefore.length + 1);
    expect(await stored(second, REFRESH_TOKEN_KEY)).not.toBe(refreshBefore);
    expect(await stored(second, REFRESH_TOKEN_KEY)).toBe(await stored(first, REFRESH_TOKEN_KEY));

    // And the session keeps working in both tabs.
    await second.getByRole('link', { name: 'Policies' }).first().click();
    await second.waitForURL((url) => url.pathname === '/policies');
    await first.reload();
    await first.getByRole('navigation', { name: 'Main menu' }).waitFor();
    expect(pathOf(first)).not.toMatch(/^\/login/);
  });
});
