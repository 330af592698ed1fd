import { mkdirSync } from 'node:fs';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { SCREENSHOTS } from '../browser';
import { describeViolations, isBlocking, runAxe, separateKnown } from './axeAudit';

// One screen as a desktop and a portrait tablet show it: axe finds no serious or critical violation, the
// document does not scroll sideways, and a full-page screenshot of each width is kept to be looked at.
export const DESKTOP = { width: 1280, height: 800 } as const;
export const TABLET = { width: 768, height: 1024 } as const;
export const SCREEN_SHOTS = `${SCREENSHOTS}/screens`;

const WIDTHS = [
  ['desktop', DESKTOP],
  ['tablet', TABLET],
] as const;

export interface ScreenFindings {
  name: string;
  // Moderate and minor violations and known exceptions per width: reported, not failed.
  minor: { width: string; violations: Result[] }[];
}

// Waits until the screen has its data: no request in flight, no loading spinner, no transition running
// (the side menu slides when the width changes).
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      !document.querySelector('[role="progressbar"][data-active="true"]') &&
      ![...document.querySelectorAll('[role="status"]')].some((s) => s.querySelector('.animate-spin')) &&
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 15_000 },
  );
  // A resize is answered by ResizeObservers at the next frame, and what they set (a table that now scrolls
  // becomes focusable) is drawn by React a frame later: wait for both before the page is judged.
  await page.evaluate(
    () =>
      new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))),
  );
}

// The outermost elements that stick out to the right of the page, outside any box that scrolls or clips
// them, to name in a failure.
async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    const clips = (el: Element) =>
      ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(el).overflowX);
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${
        typeof el.className === 'string' && el.className
          ? `.${el.className.split(/\s+/).slice(0, 4).join('.')}`
          : ''
      } (right edge ${Math.round(el.getBoundingClientRect().right)}px)`;
    const sticksOut = (el: Element) => el.getBoundingClientRect().right > limit + 1;
    const found: string[] = [];
    const walk = (el: Element) => {
      for (const child of el.children) {
        if (
          sticksOut(child) &&
          !(child.parentElement && sticksOut(child.parentElement) && child.parentElement !== document.body)
        ) {
          found.push(describe(child));
        } else if (!clips(child)) walk(child);
      }
    };
    walk(document.body);
    return found.slice(0, 8);
  });
}

async function horizontalOverflow(page: Page): Promise<string | null> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  if (scroll <= client) return null;
  const culprits = await overflowingElements(page);
  return `  the page scrolls sideways (${scroll}px wide in ${client}px):\n${culprits.map((c) => `    - ${c}`).join('\n')}`;
}

// The whole page as a window that tall would show it: a full-page capture keeps the window's height for
// sticky bars and full-height columns, and draws them in the middle of a long page. An open dialog is
// shot in the window as it is, where it sits over the page.
async function shoot(page: Page, path: string, size: { width: number; height: number }): Promise<void> {
  const dialog = await page.locator('[role="dialog"]').count();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (dialog || height <= size.height) {
    await page.screenshot({ path });
    return;
  }
  await page.setViewportSize({ width: size.width, height });
  await settle(page);
  await page.screenshot({ path });
  await page.setViewportSize(size);
}

// Checks the page as it stands at both widths (the viewport is put back afterwards) and throws one error
// naming every problem found.
export async function checkAccessibility(page: Page, name: string): Promise<ScreenFindings> {
  mkdirSync(SCREEN_SHOTS, { recursive: true });
  const original = page.viewportSize();
  const problems: string[] = [];
  const findings: ScreenFindings = { name, minor: [] };
  try {
    for (const [width, size] of WIDTHS) {
      await page.setViewportSize(size);
      await settle(page);
      const { open, known } = separateKnown(await runAxe(page));
      const blocking = open.filter(isBlocking);
      if (blocking.length) problems.push(`at ${width} width, axe:\n${describeViolations(blocking)}`);
      const others = [...open.filter((v) => !isBlocking(v)), ...known];
      if (others.length) findings.minor.push({ width, violations: others });
      const overflow = await horizontalOverflow(page);
      if (overflow) problems.push(`at ${width} width:\n${overflow}`);
      await shoot(page, `${SCREEN_SHOTS}/${name}-${width}.png`, size);
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
  if (problems.length) throw new Error(`${name}:\n${problems.join('\n')}`);
  return findings;
}
