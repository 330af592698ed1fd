// The reference's sections: one tag per resource area, found from the path, in the order the reference
// lists them.
export interface ApiTag {
  name: string;
  description: string;
  // The section's heading on the reference page (Redoc's name for the field).
  'x-displayName': string;
}

export const API_TAGS: readonly ApiTag[] = [
  {
    name: 'auth',
    'x-displayName': 'Auth and session',
    description: 'Login, logout, token refresh, password reset and the login page’s brands.',
  },
  {
    name: 'my',
    'x-displayName': 'My account',
    description: 'The signed-in user: profile, password and the entities they may act as.',
  },
  { name: 'users', 'x-displayName': 'Users', description: 'User administration.' },
  { name: 'roles', 'x-displayName': 'Roles', description: 'Roles and the privileges they grant.' },
  {
    name: 'entities',
    'x-displayName': 'Entities',
    description: 'Agencies and agents: records, locations, contacts, attributes and quoting settings.',
  },
  {
    name: 'commission',
    'x-displayName': 'Commission',
    description: 'Commission rules, statements, overrides and payment reports.',
  },
  {
    name: 'bank-accounts',
    'x-displayName': 'Bank accounts',
    description: 'Bank account verification for payouts.',
  },
  {
    name: 'quotes',
    'x-displayName': 'Pet quotes',
    description: 'Pet quotes: the quote action wrapper, search, documents and purchase.',
  },
  {
    name: 'policies',
    'x-displayName': 'Pet policies',
    description: 'Pet policies and matters: search, view, edit, notes, files, claims.',
  },
  {
    name: 'renters',
    'x-displayName': 'Renters',
    description: 'Renters quotes and policies, changes, payment methods and rewrites.',
  },
  {
    name: 'refunds',
    'x-displayName': 'Refunds',
    description: 'Refunds the payment service refused, listed for staff to ask for again.',
  },
  { name: 'reports', 'x-displayName': 'Reports', description: 'Reports and exports.' },
  { name: 'dashboard', 'x-displayName': 'Dashboard', description: 'The agent dashboard’s statistics.' },
  { name: 'lists', 'x-displayName': 'Lists', description: 'Reference lists for forms and filters.' },
  {
    name: 'reference',
    'x-displayName': 'API reference',
    description: 'This reference and the OpenAPI document it is made from.',
  },
  {
    name: 'calendar',
    'x-displayName': 'Business calendar',
    description: 'The business time zone and today’s business date, from the server’s clock.',
  },
  {
    name: 'jobs',
    'x-displayName': 'Jobs',
    description:
      'Each business day’s work, its retry, the sandbox clock and mail delivery (root administrators).',
  },
  {
    name: 'session-recordings',
    'x-displayName': 'Session recordings',
    description:
      'Support recordings of portal sessions: sent by the portal, replayed by root administrators.',
  },
  { name: 'health', 'x-displayName': 'Health', description: 'Liveness for load balancers.' },
];

// First path segment (after /v1, /v2 or /api) → tag, where the segment is not the tag's own name.
const SEGMENT_TAGS: Record<string, string> = {
  'password-forgot': 'auth',
  'password-reset': 'auth',
  public: 'auth',
  'attribute-forms': 'entities',
  'underwriting-questions': 'entities',
  'commission-statements': 'commission',
  'commission-payment-reports': 'commission',
  'commission-statement-reports': 'commission',
  quote: 'quotes',
  configs: 'quotes',
  'one-inc-session': 'quotes',
  downloadReceipt: 'quotes',
  matters: 'policies',
  openapi: 'reference',
  'openapi.json': 'reference',
  docs: 'reference',
  healthz: 'health',
  readyz: 'health',
  metrics: 'health',
};

// Sub-resources of an entity that belong to another area.
const ENTITY_SUBRESOURCE_TAGS: Record<string, string> = {
  'commission-configs': 'commission',
  'commission-statements': 'commission',
  'bank-accounts': 'bank-accounts',
};

export function tagOf(url: string): string {
  const segments = url.split('/').filter(Boolean);
  const rest = /^(v\d+|api)$/.test(segments[0] ?? '') ? segments.slice(1) : segments;
  const first = rest[0] ?? '';
  if (first === 'entities') {
    const sub = rest[2];
    if (sub && ENTITY_SUBRESOURCE_TAGS[sub]) return ENTITY_SUBRESOURCE_TAGS[sub];
  }
  return SEGMENT_TAGS[first] ?? first;
}
