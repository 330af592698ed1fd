import { describe, expect, it } from 'vitest';
import { entityIdOf } from '../support/records';
import { portalSuite } from './portalSession';
import { signIn, waitForPath } from './portalPage';

// SPEC §2: the menu's Entity Settings opens the settings of the agency the user acts for, and follows a
// switch of the acting agency. SPEC §7: an agency user's calls carry that agency's code in the agentEntityCode
// header although they never picked one.
const portal = portalSuite({ width: 1440, height: 900 });
const { freshPage, shot } = portal;

const NORTHWIND = '1234-5678-AB';
const NORTHWIND_AUSTIN = '1234-5678-AC';

describe("the menu's Entity Settings", () => {
  it("opens the acting agency's settings, and the other agency's after a switch", async () => {
    const db = portal.server.server.database.db;
    const [northwind, austin] = [await entityIdOf(db, NORTHWIND), await entityIdOf(db, NORTHWIND_AUSTIN)];
    const page = await freshPage();
    const sent: { path: string; agent: string | undefined }[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/v')) sent.push({ path, agent: request.headers()['agententitycode'] });
    });
    await page.goto('/login');
    // The manager of Northwind holds entity_settings_view and may act for its child agencies.
    await signIn(page, 'manager@demo.test');
    await waitForPath(page, '/');
    const menu = page.getByRole('navigation', { name: 'Main menu' });

    const fromClick = sent.length;
    await menu.getByRole('link', { name: 'Entity Settings' }).click();
    await waitForPath(page, `/my/entities/${northwind}`);
    await page.getByRole('heading', { name: /Northwind Pet Agency$/ }).waitFor();
    await page.getByRole('heading', { name: 'Settings' }).first().waitFor();
    await shot(page, 'entity-settings-acting-agency');
    // The entity's record was read with the acting agency's code, which the manager never picked.
    const read = sent.find((r) => r.path === `/v2/entities/${northwind}`);
    expect(read?.agent).toBe(NORTHWIND);

    await page.getByLabel('Acting for').selectOption(NORTHWIND_AUSTIN);
    await expect
      .poll(() => menu.getByRole('link', { name: 'Entity Settings' }).getAttribute('href'))
      .toBe(`/my/entities/${austin}`);
    await menu.getByRole('link', { name: 'Entity Settings' }).click();
    await waitForPath(page, `/my/entities/${austin}`);
    await page
      .getByRole('heading', { name: /Austin/ })
      .first()
      .waitFor();
    await shot(page, 'entity-settings-after-switch');
    expect(
      sent.filter((r) => r.path === `/v2/entities/${austin}`).every((r) => r.agent === NORTHWIND_AUSTIN),
    ).toBe(true);
    // Every authenticated call from the first click on carried an acting agency (public calls carry none).
    const unmarked = sent
      .slice(fromClick)
      .filter((r) => r.agent === undefined && r.path !== '/v2/auth' && !r.path.startsWith('/v1/public'));
    expect(unmarked).toEqual([]);
  });
});
