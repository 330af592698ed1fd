import { describe, expect, it } from 'vitest';
import { PolicyNotesPage } from '../../src/api/schemas/policyMatters';
import { RentersNotesPage } from '../../src/api/schemas/rentersNotes';
import { entityApi } from '../support/entityApi';
import { runBounded, shuffled } from '../support/burst';
import { AGENT, INTERNAL, MANAGER, NORTHWIND_AUSTIN } from '../support/personas';
import { buyPolicies, policyEventTypes } from '../support/policyMatterFixtures';
import { entityIdOf } from '../support/records';
import { issueTestRentersPolicy, rentersPolicyIssue } from '../support/rentersPolicyFixtures';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// Notes never conflict (issue 21, item 11): two agents adding notes to one policy at the same moment all get
// 201, and every note is listed once. Before, each note was appended at the version its request read, so a
// burst answered "changed by someone else" to about one note in five on PostgreSQL.
const NOTES = 50;
const IN_FLIGHT = 12;
const NAMES: Readonly<Record<string, string>> = {
  [AGENT]: 'Sam Patel',
  [MANAGER]: 'Casey Nguyen',
  [INTERNAL]: 'Jordan Reyes',
};

describe.each(testDatabases())('a burst of notes on one policy on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;

  async function burst(path: string, writers: readonly string[]) {
    const tasks = shuffled(
      Array.from({ length: NOTES }, (_, n) => {
        const email = writers[n % writers.length]!;
        return () => e.post(path, email, { data: { note: `Burst note ${n} by ${email}` } });
      }),
    );
    const answers = await runBounded(tasks, IN_FLIGHT);
    const statuses = answers.map((a) => a?.status);
    expect(
      statuses.filter((status) => status !== 201),
      JSON.stringify(answers.find((a) => a?.status !== 201)?.body),
    ).toEqual([]);
    const body = (await e.get(`${path}?page=1&limit=100`, writers[0]!)).body;
    // A renters note speaks SPEC §3's Note (content, created_by); a pet note the pet matters' camelCase.
    const listed = path.startsWith('/v2/renters/')
      ? RentersNotesPage.parse(body).data.map((n) => ({ note: n.content, by: n.created_by }))
      : PolicyNotesPage.parse(body).data.map((n) => ({ note: n.note, by: n.createdBy }));
    expect(listed).toHaveLength(NOTES);
    expect(listed.map((n) => n.note).sort()).toEqual(
      Array.from({ length: NOTES }, (_, n) => `Burst note ${n} by ${writers[n % writers.length]}`).sort(),
    );
    // Each note keeps who sent it (the audit metadata of its event).
    for (const note of listed) expect(note.by?.name, note.note).toBe(NAMES[note.note.split(' by ')[1]!]);
  }

  it('pet: two agents add 50 notes at once; all succeed and all are listed', async () => {
    const [policy] = await buyPolicies(e, db(), AGENT);
    await burst(`/v2/policies/${policy!.matterId}/notes`, [AGENT, MANAGER]);
    const types = await policyEventTypes(db(), policy!.policyNumber);
    expect(types.filter((t) => t === 'policy.noteAdded')).toHaveLength(NOTES);
    // The log stays one unbroken sequence of versions.
    const rows = await db()
      .selectFrom('events')
      .select('version')
      .where('stream_type', '=', 'policy')
      .where('stream_id', '=', policy!.policyNumber)
      .orderBy('version')
      .execute();
    expect(rows.map((r) => r.version)).toEqual(rows.map((_, i) => i + 1));
  });

  it('renters: two agents add 50 notes at once; all succeed and all are listed', async () => {
    const entityId = await entityIdOf(db(), NORTHWIND_AUSTIN);
    const policy = await issueTestRentersPolicy(db(), rentersPolicyIssue({ entityId }));
    await burst(`/v2/renters/policies/${policy.matterId}/notes`, [INTERNAL, MANAGER]);
    const rows = await db()
      .selectFrom('events')
      .select(['version', 'type'])
      .where('stream_type', '=', 'renters_policy')
      .where('stream_id', '=', policy.policyNumber)
      .orderBy('version')
      .execute();
    expect(rows.filter((r) => r.type === 'renters.noteAdded')).toHaveLength(NOTES);
    expect(rows.map((r) => r.version)).toEqual(rows.map((_, i) => i + 1));
  });
});
