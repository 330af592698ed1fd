import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, Result, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

// axe-core run inside the page. The portal's Content-Security-Policy refuses inline and foreign scripts, so
// the library is not added as a <script>: it is evaluated through the DevTools protocol, which the page's
// policy does not govern, and the page itself stays exactly as the user gets it.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// WCAG 2.1 A and AA plus axe's best practices (landmarks, heading order, one main, …).
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] as const;

// What fails a screen; moderate and minor findings are reported beside it.
const BLOCKING: readonly ImpactValue[] = ['serious', 'critical'];

declare global {
  interface Window {
    axe?: { run(context: Document, options: RunOptions): Promise<AxeResults> };
  }
}

export async function runAxe(page: Page): Promise<Result[]> {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = {
    runOnly: { type: 'tag', values: [...AXE_TAGS] },
    resultTypes: ['violations'],
  };
  const results = await page.evaluate((runOptions) => window.axe!.run(document, runOptions), options);
  return results.violations;
}

// Findings in code this suite does not fix, each with its reason and the fix it waits for. They are listed
// with the moderate findings instead of failing the screen; docs/accessibility.md keeps the same list.
export interface KnownException {
  rule: string;
  // The element's own markup as axe reports it (node.html), to match nothing else.
  html: string;
  reason: string;
}

export const KNOWN_EXCEPTIONS: readonly KnownException[] = [];

const known = (rule: string, html: string) =>
  KNOWN_EXCEPTIONS.some((e) => e.rule === rule && html.startsWith(e.html));

// The violations with the nodes of known exceptions split off into rules of their own ("<rule> (known)").
export function separateKnown(violations: readonly Result[]): { open: Result[]; known: Result[] } {
  const open: Result[] = [];
  const knownOnes: Result[] = [];
  for (const v of violations) {
    const mine = v.nodes.filter((node) => !known(v.id, node.html));
    const theirs = v.nodes.filter((node) => known(v.id, node.html));
    if (mine.length) open.push({ ...v, nodes: mine });
    if (theirs.length) knownOnes.push({ ...v, id: `${v.id} (known)`, nodes: theirs });
  }
  return { open, known: knownOnes };
}

export const isBlocking = (violation: Result): boolean => BLOCKING.includes(violation.impact ?? null);

// One paragraph per rule: what is wrong, how bad, where (up to five elements) and where to read about it.
export function describeViolations(violations: readonly Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.slice(0, 5).map((node) => {
        const why = node.failureSummary?.split('\n').slice(1, 2).join('').trim();
        return `    - ${node.target.join(' ')}${why ? ` — ${why}` : ''}`;
      });
      const more = v.nodes.length > 5 ? [`    … and ${v.nodes.length - 5} more`] : [];
      return [`  ${v.id} (${v.impact}): ${v.help}`, ...nodes, ...more, `    ${v.helpUrl}`].join('\n');
    })
    .join('\n');
}
