import { describe, expect, it } from 'vitest';
import { MatterFileResponse, MatterFilesResponse } from '../../src/api/schemas/policyMatters';
import { entityApi, expectStatus, userWith } from '../support/entityApi';
import { ACCOUNTING, AGENT, INTERNAL, LAKESIDE, MANAGER } from '../support/personas';
import { buyPolicies, download, policyEventTypes, upload } from '../support/policyMatterFixtures';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// Files attached to a pet policy: multipart upload, list, download; limits checked by the server.
const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x01, 0x02,
]);
const PDF = new TextEncoder().encode('%PDF-1.4\n% a tiny test file\n%%EOF\n');
const TEXT = new TextEncoder().encode('Vet invoice #1234: 2 × exam, $120.00\n');

describe.each(testDatabases())('policy files on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const db = () => s.t.server.database.db;
  const storedCount = async () =>
    Number(
      (
        await db()
          .selectFrom('matter_contents')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('uploads, lists and downloads the same bytes, with a safe name', async () => {
    const [policy] = await buyPolicies(e, db(), AGENT);
    const token = await e.tokenOf(AGENT);
    const files = [
      { name: 'x-ray.png', type: 'image/png', bytes: PNG },
      { name: '../../etc/vet: report*.pdf', type: 'application/pdf', bytes: PDF },
      { name: 'invoice', type: 'text/plain', bytes: TEXT },
    ];
    const ids: string[] = [];
    for (const file of files) {
      const answer = await upload(s.t.url, token, policy!.matterId, file);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      const stored = MatterFileResponse.parse(answer.body).data;
      expect(stored).toMatchObject({ contentType: file.type, size: file.bytes.byteLength });
      expect(stored.uploadedBy).toMatchObject({ name: 'Sam Patel' });
      ids.push(stored.id);
    }
    const listed = MatterFilesResponse.parse(
      (await e.get(`/v2/matters/${policy!.matterId}/files`, MANAGER)).body,
    ).data;
    expect(listed.map((f) => f.name).sort()).toEqual(['invoice.txt', 'vet_ report_.pdf', 'x-ray.png']);

    for (const [i, file] of files.entries()) {
      const answer = await download(
        s.t.url,
        await e.tokenOf(INTERNAL),
        `/v2/matters/${policy!.matterId}/files/${ids[i]}`,
      );
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('content-type')).toContain(file.type);
      expect(Buffer.from(await answer.arrayBuffer()).equals(Buffer.from(file.bytes))).toBe(true);
    }
    const types = await policyEventTypes(db(), policy!.policyNumber);
    expect(types.filter((t) => t === 'policy.fileAttached')).toHaveLength(3);

    // Another matter does not serve this matter's file.
    const [, other] = await buyPolicies(e, db(), AGENT);
    const crossed = await download(s.t.url, token, `/v2/matters/${other!.matterId}/files/${ids[0]}`);
    expect(crossed.status).toBe(404);
    const malformed = await download(s.t.url, token, `/v2/matters/${policy!.matterId}/files/nope`);
    expect(malformed.status).toBe(422);
  });

  it('refuses a file too big, of a wrong type or whose content is not its type, storing nothing', async () => {
    const [policy] = await buyPolicies(e, db(), AGENT);
    const token = await e.tokenOf(AGENT);
    const before = await storedCount();
    const eventsBefore = await policyEventTypes(db(), policy!.policyNumber);
    const tooBig = new Uint8Array(10 * 1024 * 1024 + 1);
    tooBig.set(PDF);
    const huge = new Uint8Array(25 * 1024 * 1024);
    huge.set(PDF);
    const refusals = [
      { name: 'big.pdf', type: 'application/pdf', bytes: tooBig },
      { name: 'huge.pdf', type: 'application/pdf', bytes: huge },
      { name: 'run.exe', type: 'application/octet-stream', bytes: Uint8Array.from([0x4d, 0x5a, 0x90, 0]) },
      { name: 'page.html', type: 'text/html', bytes: new TextEncoder().encode('<script>x</script>') },
      { name: 'fake.pdf', type: 'application/pdf', bytes: PNG },
      { name: 'fake.png', type: 'image/png', bytes: TEXT },
      { name: 'empty.txt', type: 'text/plain', bytes: new Uint8Array(0) },
    ];
    for (const file of refusals) {
      const answer = await upload(s.t.url, token, policy!.matterId, file);
      expect(answer.status, `${file.name}: ${JSON.stringify(answer.body)}`).toBe(422);
      expect(answer.body).toMatchObject({ errors: { file: [expect.any(String)] } });
    }
    const wrongField = await upload(s.t.url, token, policy!.matterId, refusals[3]!, 'document');
    expect(wrongField.status).toBe(422);
    const json = await e.post(`/v2/matters/${policy!.matterId}/files`, AGENT, { file: 'x' });
    expectStatus(json, 422);
    expect(await storedCount()).toBe(before);
    expect(await policyEventTypes(db(), policy!.policyNumber)).toEqual(eventsBefore);
    // A file exactly at the limit is taken.
    const atLimit = new Uint8Array(10 * 1024 * 1024);
    atLimit.set(PDF);
    const taken = await upload(s.t.url, token, policy!.matterId, {
      name: 'limit.pdf',
      type: 'application/pdf',
      bytes: atLimit,
    });
    expect(taken.status).toBe(201);
  });

  it('is 404 outside the caller’s scope and 403 without quote_policy', async () => {
    const [policy] = await buyPolicies(e, db(), AGENT);
    const lakeside = await userWith(db(), {
      entityCode: LAKESIDE,
      userType: 'external',
      privilegeCodes: ['quote_policy'],
    });
    const file = { name: 'a.txt', type: 'text/plain', bytes: TEXT };
    expect((await upload(s.t.url, await e.tokenOf(lakeside), policy!.matterId, file)).status).toBe(404);
    expect((await upload(s.t.url, await e.tokenOf(ACCOUNTING), policy!.matterId, file)).status).toBe(403);
    expect((await upload(s.t.url, 'not-a-token-at-all', policy!.matterId, file)).status).toBe(401);
    const stored = MatterFileResponse.parse(
      (await upload(s.t.url, await e.tokenOf(AGENT), policy!.matterId, file)).body,
    ).data;
    const path = `/v2/matters/${policy!.matterId}/files/${stored.id}`;
    expect((await download(s.t.url, await e.tokenOf(lakeside), path)).status).toBe(404);
    expect((await download(s.t.url, await e.tokenOf(ACCOUNTING), path)).status).toBe(403);
  });
});
