import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

// One line of `bench/results/latest.md`: a measured figure beside the reference measured in the same run
// (machines are noisy, so a ratio travels better than a number) and, where issue 10 sets one, its budget.
export interface Figure {
  // What was measured, e.g. "postgres · GET /v2/policies (name) p99".
  figure: string;
  value: number;
  unit: string;
  // The same run's reference, e.g. GET /healthz req/s, or the raw SQL time of the same search.
  reference?: { label: string; value: number };
  budget?: Budget;
  // Data size or conditions, e.g. "1,000,000 policies, 32 connections".
  note?: string;
}

export interface Budget {
  // "at most" for times and sizes, "at least" for throughput.
  kind: 'at most' | 'at least';
  value: number;
  // A budget on the ratio to the reference rather than on the value itself.
  onRatio?: boolean;
}

export function ratioOf(figure: Figure): number | null {
  if (!figure.reference || figure.reference.value === 0) return null;
  return figure.value / figure.reference.value;
}

export function passes(figure: Figure): boolean | null {
  const { budget } = figure;
  if (!budget) return null;
  const measured = budget.onRatio ? ratioOf(figure) : figure.value;
  if (measured === null || Number.isNaN(measured)) return false;
  return budget.kind === 'at most' ? measured <= budget.value : measured >= budget.value;
}

const number = (value: number) =>
  Number.isNaN(value)
    ? '–'
    : value >= 100
      ? Math.round(value).toLocaleString('en-US')
      : String(Number(value.toPrecision(3)));

function budgetText({ kind, value, onRatio }: Budget, unit: string): string {
  const sign = kind === 'at most' ? '≤' : '≥';
  return onRatio ? `${sign} ${number(value)}× reference` : `${sign} ${number(value)} ${unit}`;
}

export function figureTable(figures: readonly Figure[]): string {
  const lines = [
    '| figure | value | reference | ratio | budget | result |',
    '| --- | ---: | --- | ---: | --- | --- |',
  ];
  for (const f of figures) {
    const ratio = ratioOf(f);
    const pass = passes(f);
    const reference = f.reference ? `${f.reference.label}: ${number(f.reference.value)}` : '';
    lines.push(
      [
        '',
        f.note ? `${f.figure} (${f.note})` : f.figure,
        `${number(f.value)} ${f.unit}`,
        reference,
        ratio === null ? '' : ratio.toFixed(2),
        f.budget ? budgetText(f.budget, f.unit) : '',
        pass === null ? '' : pass ? 'pass' : '**miss**',
        '',
      ]
        .join(' | ')
        .trim(),
    );
  }
  return lines.join('\n');
}

export interface BenchReport {
  title: string;
  // When and on what the figures were measured (date, machine, data sizes).
  context: readonly string[];
  sections: readonly { heading: string; figures: readonly Figure[]; notes?: readonly string[] }[];
}

export function reportMarkdown(report: BenchReport): string {
  const parts = [`# ${report.title}`, '', ...report.context.map((c) => `- ${c}`)];
  for (const section of report.sections) {
    parts.push('', `## ${section.heading}`, '', figureTable(section.figures));
    if (section.notes?.length) parts.push('', ...section.notes.map((n) => `- ${n}`));
  }
  return `${parts.join('\n')}\n`;
}

export function writeReport(path: string, report: BenchReport): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, reportMarkdown(report));
}
