import { describe, expect, it } from 'vitest';
import { machineTitle } from '../../src/features/qa/machineTitle';
import { MACHINES } from '../../src/machines/registry';
import { listTransitions } from '../../src/machines/transitions';
import { ADMIN, REVIEWER } from '../support/personas';
import { portalSuite } from './portalSession';
import { readMenu, waitForPath } from './portalPage';

// The Transition Explorer (/admin/statecharts): the root administrator opens it from the menu and finds
// every statechart of the registry drawn, each transition once, with its table; the screen fits a portrait
// tablet with the diagram scrolling in its own region; anyone else is sent back.
const portal = portalSuite();
const { shot, signedIn } = portal;
const MACHINE_NAMES = Object.keys(MACHINES);

describe('transition explorer', () => {
  it('shows the root administrator every statechart, from the menu', async () => {
    const page = await signedIn(ADMIN);
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Transition Explorer' })
      .click();
    await waitForPath(page, '/admin/statecharts');
    await page.getByRole('heading', { level: 1, name: 'Transition Explorer' }).waitFor();
    const tabs = page.getByRole('tablist', { name: 'Statecharts' }).getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(MACHINE_NAMES.map(machineTitle));

    for (const [name, machine] of Object.entries(MACHINES)) {
      const title = machineTitle(name);
      await page.getByRole('tab', { name: title, exact: true }).click();
      const region = page.getByRole('region', { name: `Diagram of ${title}` });
      await region.getByRole('img', { name: `Statechart of ${title}` }).waitFor();
      const keys = listTransitions(machine);
      const drawn = await region
        .locator('[data-transition]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-transition')));
      expect(drawn, name).toEqual(keys);
      const rows = page.getByRole('table', { name: `Transitions of ${title}` }).locator('tbody tr');
      expect(await rows.count(), name).toBe(keys.length);
      expect(await page.locator('[data-figure="Transitions"]').textContent()).toBe(String(keys.length));
    }

    // The tabs answer the arrow keys, and the chosen one is kept in the address.
    await page.getByRole('tab', { name: machineTitle(MACHINE_NAMES[0]!), exact: true }).click();
    await page.keyboard.press('ArrowRight');
    await waitForPath(page, `/admin/statecharts?tab=${MACHINE_NAMES[1]}`);
    await page
      .getByRole('tab', { name: machineTitle(MACHINE_NAMES[1]!), exact: true, selected: true })
      .waitFor();

    await page.goto('/admin/statecharts?tab=petQuoteJourney');
    await page.getByRole('img', { name: 'Statechart of Pet quote journey' }).waitFor();
    await shot(page, 'transition-explorer-desktop');
  });

  it('fits a portrait tablet, the diagram scrolling in its own region', async () => {
    const page = await signedIn(ADMIN);
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto('/admin/statecharts?tab=rentersQuoteJourney');
    const region = page.getByRole('region', { name: 'Diagram of Renters quote journey' });
    await region.getByRole('img').waitFor();
    const fits = await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    );
    expect(fits).toBe(true);
    const scrolls = await region.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(scrolls).toBe(true);
    await shot(page, 'transition-explorer-tablet');
    // Focusable, so the keyboard can scroll it.
    await region.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });

  it('sends anyone but a root administrator away', async () => {
    const page = await signedIn(REVIEWER);
    expect(await readMenu(page)).not.toContain('Admin: Transition Explorer');
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Commission Review' })
      .click();
    await waitForPath(page, '/admin/commission-review/statements');
    // The screen has rendered and become the path to go back to.
    await page.waitForFunction(
      (path) => sessionStorage.getItem('portal.lastPath') === path,
      '/admin/commission-review/statements',
    );
    await page.goto('/admin/statecharts');
    await waitForPath(page, '/admin/commission-review/statements');
    expect(await page.getByRole('heading', { name: 'Transition Explorer' }).count()).toBe(0);
  });
});
