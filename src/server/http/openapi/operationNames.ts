// Summaries and operation ids made from a route's method and path, for routes whose schema names neither.
// A route can always say better in its own `schema.summary`; SUMMARIES below covers the paths whose words
// alone would mislead.

export const SUMMARIES: Record<string, string> = {
  'POST /v2/auth': 'Log in, refresh the tokens or log out',
  'POST /v1/password-forgot': 'Mail a password reset link',
  'POST /v1/password-reset': 'Set a new password with the mailed token',
  'GET /v1/public/entity-brands': 'List the brands shown on the login page',
  'GET /v2/my/entities': 'List the entities the user may act as',
  'POST /v2/my/password': 'Change my password',
  'POST /v1/quote/action': 'Run a quote action (plans, breeds, customer, fees, quote view, create, purchase)',
  'GET /v2/configs': 'Get the quoting configuration',
  'GET /v1/one-inc-session': 'Open a payment session',
  'GET /v2/downloadReceipt': 'Download a purchase receipt (PDF)',
  'GET /v2/renters/downloadReceipt': 'Download a renters payment receipt (PDF)',
  'GET /v2/dashboard/statistics': 'Get the dashboard statistics',
  'GET /healthz': 'Liveness check',
  'GET /readyz': 'Readiness check: database, migrations, job runner',
  'GET /metrics': 'Metrics in Prometheus text format',
  'GET /api/openapi.json': 'This reference as an OpenAPI 3.1 document',
  'GET /api/docs': 'This reference as a web page',
  'GET /api/docs/docs.css': 'The reference page’s stylesheet',
  'GET /v2/policies/events': 'List the events of a policy',
  'GET /v2/policies/documents': 'List the documents of a policy',
  'GET /v2/policies/payments': 'List the payments of a policy',
  'GET /v2/policies/rates': 'List the rates of a policy',
  'GET /v2/reports/commission-statements': 'Run the commission statements report',
  'GET /v2/commission-statement-reports': 'Download the commission statements report (CSV or PDF)',
  'GET /v2/reports/nwp': 'Run the net written premium report',
  'GET /v2/reports/nwp/export': 'Export the net written premium report (CSV)',
  'POST /v2/commission-payment-reports': 'Download a commission payment report (CSV)',
  'POST /v2/bank-accounts': 'Verify a bank account for payouts',
  'GET /v2/bank-accounts': 'List bank account verifications',
  'POST /v1/one-inc-session/:sessionId/payment-methods': 'Send a card or bank account into a payment session',
  'GET /v2/quote/:uuid': 'Get a quote to resume it',
  'GET /v2/quotes/:uuid': 'Download a quote (PDF)',
  'GET /v2/renters/customers/:customerId/payment_accounts/:accountId/payment_methods/setup-intent':
    'Start adding a payment method to a renters customer’s account',
  'POST /v2/renters/tokenize': 'Tokenize a renters customer’s payment method',
  'POST /v2/session-recordings': 'Start recording the caller’s portal session',
  'POST /v2/session-recordings/:recordingId/events': 'Append a batch of events to the caller’s recording',
  'GET /v2/session-recordings': 'List session recordings (root entity, session_recording_view)',
  'GET /v2/session-recordings/:recordingId/events': 'Get a session recording’s events for replay',
  'GET /v2/calendar': 'Get the business time zone and today’s business date',
  'GET /v2/jobs': 'List the daily work of each business day',
  'GET /v2/jobs/overview': 'Get the business date, the job runner and mail delivery',
  'POST /v2/jobs/:id/retry': 'Run a failed piece of daily work again',
  'POST /v2/jobs/clock': 'Move the sandbox clock forward and run the skipped days',
  'POST /v2/entities/:entityId/commission-configs/batch':
    'Save several commission rules at once, each answered with its storage status',
};

// Last path words that name an action on what precedes them; "%" stands for what precedes.
const ACTIONS: Record<string, string> = {
  approve: 'Approve %',
  unapprove: 'Unapprove %',
  'mark-paid': 'Mark % as paid',
  'mark-unpaid': 'Mark % as unpaid',
  recalculate: 'Recalculate %',
  generate: 'Generate %',
  deactivate: 'Deactivate %',
  reactivate: 'Reactivate %',
  expire: 'Expire %',
  impact: 'Preview the impact of %',
  cancel: 'Cancel %',
  discontinue: 'Discontinue %',
  reinstate: 'Reinstate %',
  export: 'Export % (CSV)',
  match: 'Find matching %',
  download: 'Download %',
  lookup: 'Look up %',
  back: 'Step back in %',
  purchase: 'Purchase %',
  'password-reset': 'Mail a password reset link to %',
};

const WORD_SEPARATORS = /[-_]|(?<=[a-z])(?=[A-Z])/;

function words(segment: string): string {
  return segment.split(WORD_SEPARATORS).join(' ').toLowerCase();
}

// English plurals as the API's paths use them: entities, addresses, statuses, quotes.
function singular(phrase: string): string {
  return phrase.replace(/(\w+)$/, (word) => {
    if (/ies$/.test(word)) return word.slice(0, -3) + 'y';
    if (/(ss|us|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
    if (/[^s]s$/.test(word)) return word.slice(0, -1);
    return word;
  });
}

const isParam = (segment: string) => segment.startsWith(':');

// The resources a path names, each singular where a parameter picks one: /entities/:id/locations →
// ["entity", "locations"].
function resources(segments: string[]): string[] {
  return segments
    .map((segment, i) => ({ segment, picked: isParam(segments[i + 1] ?? '') }))
    .filter(({ segment }) => !isParam(segment))
    .map(({ segment, picked }) => (picked ? singular(words(segment)) : words(segment)));
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function summaryOf(method: string, url: string): string {
  const known = SUMMARIES[`${method} ${url}`];
  if (known) return known;
  const segments = url
    .split('/')
    .filter(Boolean)
    .filter((s, i) => !(i === 0 && /^(v\d+|api)$/.test(s)));
  const last = segments[segments.length - 1] ?? '';
  const action = ACTIONS[last];
  if (action && segments.length > 1) return action.replace('%', resources(segments.slice(0, -1)).join(' '));
  const named = resources(segments);
  if (segments[0] === 'lists') return `List ${named.slice(1).join(' ')}`;
  const picked = isParam(last);
  const plural = !picked && singular(last) !== last;
  const noun = named.join(' ');
  switch (method) {
    case 'GET':
      return `${plural ? 'List' : 'Get'} ${noun}`;
    case 'POST':
      if (picked) return `Act on ${noun}`;
      return plural ? `Add ${singular(noun)}` : `Save ${noun}`;
    case 'PATCH':
      return `Update ${noun}`;
    case 'PUT':
      return `Set ${noun}`;
    case 'DELETE':
      return `${picked ? 'Delete' : 'Remove'} ${noun}`;
    default:
      return `${method} ${url}`;
  }
}

// A stable, unique operation id: method and path in camelCase, parameters as "By<Name>".
export function operationIdOf(method: string, url: string): string {
  const parts = url
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      isParam(segment)
        ? ['by', ...segment.slice(1).split(WORD_SEPARATORS)]
        : segment.split(/[-_.]|(?=[A-Z])/),
    )
    .filter(Boolean)
    .map((part) => capitalised(part.toLowerCase()));
  return method.toLowerCase() + parts.join('');
}
