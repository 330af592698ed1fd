// Where a quote came from, in the words an agent uses (docs/quote-actions.md "Searching by attribution"): the
// quote search's filters, the policy's "Sold through" card and the premium report's attribution say the same.
// A code the portal does not know reads as sent.
export interface CodeWord {
  value: string;
  label: string;
}

export const PLATFORM_OPTIONS: readonly CodeWord[] = [
  { value: 'PORTAL', label: 'Agent portal' },
  { value: 'API', label: 'Connected system' },
];

export const METHOD_OPTIONS: readonly CodeWord[] = [
  { value: 'PHONE', label: 'By phone' },
  { value: 'IN_PERSON', label: 'In person' },
  { value: 'EMAIL', label: 'By e-mail' },
  { value: 'WEB', label: 'On the web' },
  { value: 'CHAT', label: 'By chat' },
];

export const wordOf = (options: readonly CodeWord[], value: string): string =>
  options.find((o) => o.value === value)?.label ?? value;
