import { diagramScene } from '../../src/ui/statechart/diagramScene';
import { layoutStatechart } from '../../src/ui/statechart/statechartLayout';
import type { TransitionInfo } from '../../src/ui/statechart/statechartModel';
import { escapeXml as esc, svgString } from '../../src/ui/statechart/svgElement';
import type { CoveragePath, PathStep } from '../../tests/model/coverageFile';
import { percent, type MachineCoverage } from './coverageSummary';

// The model-test report: per statechart its diagram with every transition marked covered or not, the table of
// transitions with the generated paths that took each, and those paths step by step.

const SHOWN_PATHS = 8;

const STYLE = `
  :root { color-scheme: light; }
  body { font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #0f172a; margin: 0; background: #f1f5f9; }
  header, main > section, nav { background: #fff; margin: 16px; padding: 16px 20px; border: 1px solid #e2e8f0; border-radius: 8px; }
  h1 { font-size: 22px; margin: 0 0 4px; }
  h2 { font-size: 18px; margin: 0 0 12px; display: flex; gap: 12px; align-items: center; flex-wrap: wrap; }
  h3 { font-size: 15px; margin: 20px 0 8px; }
  code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: 12.5px; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #e2e8f0; vertical-align: top; }
  th { background: #f8fafc; font-weight: 600; }
  .badge { font-size: 13px; font-weight: 600; padding: 2px 8px; border-radius: 999px; }
  .ok { background: #dcfce7; color: #14532d; }
  .bad { background: #fee2e2; color: #7f1d1d; }
  tr.uncovered td { background: #fef2f2; }
  tr.uncovered td:last-child { color: #991b1b; font-weight: 600; }
  .diagram { overflow-x: auto; border: 1px solid #e2e8f0; border-radius: 6px; }
  .diagram:focus-visible { outline: 3px solid #6366f1; outline-offset: 2px; }
  .warn { color: #7f1d1d; background: #fef2f2; padding: 8px 12px; border-radius: 6px; }
  ol.paths { padding-left: 0; list-style: none; }
  ol.paths > li { padding: 6px 0; border-bottom: 1px solid #f1f5f9; }
  ol.paths > li:target { background: #fef9c3; }
  .path-head { font-weight: 600; margin-right: 8px; }
  .suite { color: #475569; }
  ol.steps { display: inline; padding: 0; list-style: none; }
  ol.steps li { display: inline; }
  ol.steps li + li::before { content: "  "; white-space: pre; }
  .state { font-weight: 600; color: #334155; }
  .detail { color: #64748b; font-size: 12px; }
  h2 code { font-size: inherit; }
  summary { cursor: pointer; font-weight: 600; }
  caption { caption-side: bottom; text-align: left; padding-top: 6px; color: #475569; font-size: 13px; }
`;

const sectionId = (machine: string) => `m-${machine}`;
const pathId = (machine: string, n: number) => `${sectionId(machine)}-p${n}`;
const stateName = (id: string) => (id === '' ? '(root)' : id);

function targetsOf(t: TransitionInfo): string {
  return t.targets.length ? t.targets.map(stateName).join(', ') : `${stateName(t.source)} (stays, no exit)`;
}

function coveredByCell(s: MachineCoverage, key: string): string {
  const paths = s.coveredBy.get(key) ?? [];
  if (paths.length) {
    const links = paths
      .slice(0, SHOWN_PATHS)
      .map((n) => `<a href="#${pathId(s.name, n)}">P${n}</a>`)
      .join(', ');
    const more = paths.length > SHOWN_PATHS ? ` and ${paths.length - SHOWN_PATHS} more` : '';
    return `${links}${more}`;
  }
  // Recorded as covered by a test that kept no paths (a file written before paths were recorded).
  return s.covered.has(key) ? 'covered' : 'not covered';
}

function transitionTable(s: MachineCoverage): string {
  const rows = s.transitions.map((t) => {
    const covered = s.covered.has(t.key);
    return `<tr class="${covered ? 'covered' : 'uncovered'}" data-key="${esc(t.key)}" title="${esc(t.key)}">
      <td><code>${esc(stateName(t.source))}</code></td>
      <td><code>${esc(t.event)}</code></td>
      <td>${t.guard ? `<code>${esc(t.guard)}</code>` : ''}</td>
      <td><code>${esc(targetsOf(t))}</code></td>
      <td>${coveredByCell(s, t.key)}</td>
    </tr>`;
  });
  return `<table class="transitions">
    <caption>Every transition of the definition; hover a row for its key.</caption>
    <thead><tr><th scope="col">Source</th><th scope="col">Event</th><th scope="col">Guard</th><th scope="col">Target</th><th scope="col">Covered by</th></tr></thead>
    <tbody>${rows.join('')}</tbody>
  </table>`;
}

// A path reads as the states it passes through with the event between each: `restoring  session.restored →
// authorised  session.logout → loggingOut`.
function stepItem(step: PathStep, byKey: ReadonlyMap<string, TransitionInfo>): string {
  const taken = step.transitions.map((k) => byKey.get(k));
  const to = taken.length
    ? taken
        .map((t) => (t ? (t.targets.length ? t.targets.map(stateName).join(', ') : 'stays') : '?'))
        .join(', ')
    : 'ignored';
  const detail = step.detail ? ` <span class="detail">${esc(step.detail)}</span>` : '';
  return `<li title="${esc(step.transitions.join('\n') || 'no transition taken')}"><code>${esc(step.event)}</code>${detail} → <span class="state">${esc(to)}</span></li>`;
}

function startOf(path: CoveragePath, byKey: ReadonlyMap<string, TransitionInfo>): string {
  const first = path.steps.flatMap((s) => s.transitions)[0];
  const source = first ? byKey.get(first)?.source : undefined;
  return source === undefined ? '' : `<li class="state">${esc(stateName(source))}</li>`;
}

function pathList(s: MachineCoverage): string {
  if (!s.paths.length) return '<p>No generated paths were recorded for this machine.</p>';
  const byKey = new Map(s.transitions.map((t) => [t.key, t]));
  const items = s.paths.map(
    (path, i) => `<li id="${pathId(s.name, i + 1)}">
      <span class="path-head">P${i + 1}</span><span class="suite">${esc(path.suite)}</span> · ${esc(path.description)}:
      <ol class="steps">${startOf(path, byKey)}${path.steps.map((step) => stepItem(step, byKey)).join('')}</ol>
    </li>`,
  );
  return `<details${s.missing.length ? ' open' : ''}>
    <summary>Generated paths (${s.paths.length})</summary>
    <ol class="paths">${items.join('')}</ol>
  </details>`;
}

function machineSection(s: MachineCoverage): string {
  const all = s.transitions.length;
  const done = s.covered.size;
  const complete = s.recorded && !s.missing.length && !s.stale.length;
  const diagram = layoutStatechart(s.machine);
  const svg = svgString(
    diagramScene(diagram, {
      idPrefix: sectionId(s.name),
      title: `Statechart ${s.name}: transitions coloured by model-test coverage`,
      covered: s.covered,
    }),
  );
  const warnings = [
    s.recorded ? '' : '<p class="warn">No model test wrote coverage for this machine.</p>',
    s.stale.length
      ? `<div class="warn">The coverage file names transitions the definition no longer has:<ul>${s.stale
          .map((k) => `<li><code>${esc(k)}</code></li>`)
          .join('')}</ul></div>`
      : '',
  ].join('');
  return `<section id="${sectionId(s.name)}" aria-labelledby="${sectionId(s.name)}-h">
    <h2 id="${sectionId(s.name)}-h"><code>${esc(s.name)}</code>
      <span class="badge ${complete ? 'ok' : 'bad'}">${done}/${all} transitions covered (${percent(done, all)}%)</span>
    </h2>
    ${warnings}
    <div class="diagram" tabindex="0" role="region" aria-label="Diagram of ${esc(s.name)}">${svg}</div>
    <h3>Transitions (${diagram.nodes.length} states, ${all} transitions)</h3>
    ${transitionTable(s)}
    <h3>Paths the model tests drove</h3>
    ${pathList(s)}
  </section>`;
}

function contents(summaries: readonly MachineCoverage[]): string {
  const rows = summaries.map((s) => {
    const all = s.transitions.length;
    return `<tr><td><a href="#${sectionId(s.name)}"><code>${esc(s.name)}</code></a></td>
      <td>${s.covered.size}/${all} (${percent(s.covered.size, all)}%)</td>
      <td>${s.recorded ? s.paths.length : 'no coverage file'}</td></tr>`;
  });
  return `<nav aria-label="Statecharts"><table>
    <thead><tr><th scope="col">Statechart</th><th scope="col">Transitions covered</th><th scope="col">Paths</th></tr></thead>
    <tbody>${rows.join('')}</tbody></table></nav>`;
}

export function renderReport(summaries: readonly MachineCoverage[], generatedAt: Date): string {
  const all = summaries.reduce((n, s) => n + s.transitions.length, 0);
  const done = summaries.reduce((n, s) => n + s.covered.size, 0);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Statechart transition coverage</title>
<style>${STYLE}</style>
</head>
<body>
<header>
  <h1>Statechart transition coverage</h1>
  <p>${done} of ${all} transitions of ${summaries.length} statecharts covered by the model-based tests
  (<code>npm run test:model -- --report</code>, ${esc(generatedAt.toISOString())}).
  Green solid lines were taken by at least one generated path; red dashed ones by none.</p>
</header>
${contents(summaries)}
<main>
${summaries.map(machineSection).join('\n')}
</main>
</body>
</html>
`;
}
