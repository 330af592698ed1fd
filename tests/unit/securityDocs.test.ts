import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  MAX_FAILURES_PER_ACCOUNT_PER_HOUR,
  MAX_FAILURES_PER_ADDRESS_PER_HOUR,
} from '../../src/server/auth/loginThrottle';
import { LIMIT_NAMES, limits, type Limit } from '../../src/server/http/abuseLimits';
import { COMMAND_SCOPES } from '../support/commandScopes';

// docs/security.md says what the server does; these keep two of its lists equal to the code they describe.
const doc = readFileSync(new URL('../../docs/security.md', import.meta.url), 'utf8');

// The text from a heading to the next heading of the same or a higher level.
function section(heading: string): string {
  const start = doc.indexOf(`\n${heading}\n`);
  expect(start, heading).toBeGreaterThan(-1);
  const level = heading.split(' ')[0]!;
  const rest = doc.slice(start + heading.length + 2);
  const next = rest.search(new RegExp(`\\n#{1,${level.length}} `));
  return next === -1 ? rest : rest.slice(0, next);
}

// One of each limit, with the key's parts made up: its name and number are what the table must say.
const EVERY_LIMIT: readonly Limit[] = [
  limits.newCardsPerPolicy('pet', 'PET-TX-00000001'),
  limits.newCardsPerUser(1),
  limits.newCardsPerQuote('pet', 'q'),
  limits.tokenizationsPerSession('s'),
  limits.tokenizationsPerRentersCustomer(1),
  limits.resetRequestsPerAddress('a@example.test'),
  limits.resetRequestsPerClient('127.0.0.1'),
];

describe('docs/security.md', () => {
  it('lists every route without a record id, and only those, as tests/support/commandScopes.ts does', () => {
    const text = section('### Commands without a record id');
    // The paragraph after the one that announces it.
    const from = text.indexOf('\n\n', text.indexOf('Every route of that list')) + 2;
    const list = text.slice(from, text.indexOf('\n\n', from)).replace(/\s+/g, ' ');
    const named = [...list.matchAll(/`((?:GET|POST|PATCH|PUT|DELETE) \/[^`]*)`/g)].map((m) => m[1]);
    expect([...named].sort()).toEqual(Object.keys(COMMAND_SCOPES).sort());
  });

  it('lists every limit on abuse with the number the server counts to', () => {
    const rows = section('## Limits on abuse')
      .split('\n')
      .filter((line) => line.startsWith('| '))
      .map((line) => line.split(' | ').map((cell) => cell.replace(/^\| |`/g, '').trim()));
    const numbers = new Map<string, Set<string>>();
    for (const [, name, , number] of rows.slice(2))
      numbers.set(name!, new Set([...(numbers.get(name!) ?? []), number!]));
    expect(EVERY_LIMIT.map((l) => l.name).sort()).toEqual([...LIMIT_NAMES].sort());
    for (const limit of EVERY_LIMIT)
      expect([...(numbers.get(limit.name) ?? [])]).toEqual([String(limit.max)]);
    expect([...(numbers.get('login-throttled') ?? [])].sort()).toEqual(
      [String(MAX_FAILURES_PER_ACCOUNT_PER_HOUR), String(MAX_FAILURES_PER_ADDRESS_PER_HOUR)].sort(),
    );
    expect([...numbers.keys()].sort()).toEqual([...LIMIT_NAMES, 'login-throttled'].sort());
  });
});
