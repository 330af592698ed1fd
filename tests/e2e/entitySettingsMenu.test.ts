import { describe, expect, it } from 'vitest';
import { entityIdOf } from '../support/records';
import { portalSuite } from './portalSession';
import { signIn, waitForPath } from './portalPage';

// SPEC §2: the menu's Entity Settings opens the settings of the agency the user acts for, and follows a
// switch of the acting agency.
const portal = portalSuite({ width: 1440, height: 900 });
const { freshPage, shot } = portal;

const NORTHWIND = '1234-5678-AB';
const NORTHWIND_AUSTIN = '1234-5678-AC';

describe("the menu's Entity Settings", () => {
  it("opens the acting agency's settings, and the other agency's after a switch", async () => {
    const db = portal.server.server.database.db;
    const [northwind, austin] = [await entityIdOf(db, NORTHWIND), await entityIdOf(db, NORTHWIND_AUSTIN)];
    const page = await freshPage();
    await page.goto('/login');
    // The manager of Northwind holds entity_settings_view and may act for its child agencies.
    await signIn(page, 'manager@demo.test');
    await waitForPath(page, '/');
    const menu = page.getByRole('navigation', { name: 'Main menu' });

    await menu.getByRole('link', { name: 'Entity Settings' }).click();
    await waitForPath(page, `/my/entities/${northwind}`);
    await page.getByRole('heading', { name: /Northwind Pet Agency$/ }).waitFor();
    await page.getByRole('heading', { name: 'Settings' }).first().waitFor();
    await shot(page, 'entity-settings-acting-agency');

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
  });
});
