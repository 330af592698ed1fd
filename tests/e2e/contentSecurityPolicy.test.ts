import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from './portalPage';
import { portalSuite } from './portalSession';

// The portal works under its Content-Security-Policy (docs/security.md "Headers"): no inline style and no
// inline script are allowed, so a screen or a library that writes a `style` attribute or a `<style>` element
// would lose its look silently. The browser reports every refusal; none may come from the portal's screens.
const SCREENS: [string, string[]][] = [
  [
    'admin@demo.test',
    [
      '/dashboard',
      '/admin/entities',
      '/admin/users',
      '/policies',
      '/reporting/nwp',
      '/admin/commission-review/statements',
      '/quotes/journey',
    ],
  ],
  ['manager@demo.test', ['/my/entities', '/my/settings']],
  ['accounting@demo.test', ['/accounting/commission-payments', '/accounting/bank-verification']],
  ['agent@demo.test', ['/renters/quotes/journey-start', '/renters/policies']],
];

declare global {
  interface Window {
    cspRefusals?: string[];
  }
}

// zod asks once whether it may compile its validators (`Function('')`), is refused and does without.
const ZODS_EVAL_PROBE = /^script-src eval /;

async function refusals(page: Page): Promise<string[]> {
  const seen = await page.evaluate(() => window.cspRefusals?.splice(0) ?? []);
  return seen.filter((refusal) => !ZODS_EVAL_PROBE.test(refusal));
}

describe('the portal under its Content-Security-Policy', () => {
  const portal = portalSuite();

  it('renders every screen without a refused style or script, and reports one added as a control', async () => {
    const refused: string[] = [];
    for (const [email, paths] of SCREENS) {
      const page = await portal.freshPage();
      await page.addInitScript(() => {
        window.cspRefusals = [];
        document.addEventListener('securitypolicyviolation', (event) =>
          window.cspRefusals!.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
        );
      });
      await page.goto('/login');
      await signIn(page, email);
      await page.waitForURL((url) => url.pathname !== '/login');
      for (const path of paths) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        // A popover (menus, listboxes) is placed by Headless UI with styles of its own.
        const popover = page.locator('button[aria-haspopup]').first();
        if ((await popover.count()) > 0) {
          await popover.click().catch(() => undefined);
          await page.waitForTimeout(200);
        }
        refused.push(...(await refusals(page)).map((refusal) => `${email} ${path}: ${refusal}`));
      }
      // The control: an inline <style> element and a style attribute are refused and reported.
      await page.evaluate(() => {
        const style = document.createElement('style');
        style.textContent = 'body { outline: 1px solid red; }';
        document.head.append(style);
        const box = document.createElement('div');
        box.setAttribute('style', 'color: red');
        document.body.append(box);
      });
      await expect
        .poll(async () => (await page.evaluate(() => window.cspRefusals ?? [])).length)
        .toBeGreaterThanOrEqual(2);
      expect((await refusals(page)).map((refusal) => refusal.split(' ')[0]).sort()).toEqual([
        'style-src-attr',
        'style-src-elem',
      ]);
    }
    expect(refused).toEqual([]);
  }, 180_000);
});
