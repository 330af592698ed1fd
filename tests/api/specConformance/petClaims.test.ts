import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { changeClaim, submitClaim } from '../../../src/server/domain/matters/claimCommands';
import { claimEvent } from '../../../src/server/domain/matters/matterEvents';
import type { EventMetadata } from '../../../src/server/store/eventStore';
import { entityApi } from '../../support/entityApi';
import { AGENT, MANAGER } from '../../support/personas';
import { buyPolicies, testClaim, upload } from '../../support/policyMatterFixtures';
import { TEST_METADATA } from '../../support/records';
import { useTestServer } from '../../support/suite';
import { DEMO_PASSWORD, testDatabases } from '../../support/testServer';

// SPEC §3 (Policies, pets): "Claim: id, source, status, amount, amount paid, diagnosis, treatment start and
// end, date of loss, assessed, reassessed, closed and created timestamps, claim status (id, name, tooltip,
// codes), conditions (ailment id and description). Payment record: id, status, info with status, total
// payment amount, transaction date." and §7 "Matters: … claims". The claims are made by the product's
// fixtures at moments of the test's choosing; the client logs in and reads the answers by SPEC's names
// alone, with no schema of the product's (docs/pet-claims.md names each field).
vi.setConfig({ hookTimeout: 120_000, testTimeout: 120_000 });

const CLAIM = [
  'id',
  'source',
  'status',
  'amount',
  'amountPaid',
  'diagnosis',
  'treatmentStart',
  'treatmentEnd',
  'dateOfLoss',
  'assessedAt',
  'reassessedAt',
  'closedAt',
  'createdAt',
  'claimStatus',
  'conditions',
];
const CLAIM_STATUS = ['id', 'name', 'tooltip', 'codes'];
const CONDITION = ['ailmentId', 'description'];
const PAYMENT = ['id', 'status', 'info', 'totalPaymentAmount', 'transactionDate'];

type Json = Record<string, unknown>;
const at = (iso: string): EventMetadata => ({ ...TEST_METADATA, at: new Date(iso) });

describe.each(testDatabases())(
  'SPEC §3 pet claim and payment record, as a SPEC client reads them, on %s',
  (database) => {
    const s = useTestServer(database);
    const e = entityApi(() => s.api);
    const db = () => s.t.server.database.db;

    const login = async () => {
      const answer = await s.api.post('/v2/auth', { email: MANAGER, password: DEMO_PASSWORD });
      expect(answer.status).toBe(200);
      return (answer.body as { accessToken: string }).accessToken;
    };

    it('answers every §3 claim and payment field on the claim list and the claim, agreeing with the claim made', async () => {
      const [policy] = await buyPolicies(e, db(), AGENT);
      const submitted = testClaim(policy!.policyNumber, {
        source: 'EMAIL',
        lossDate: '2026-10-02',
        reportedDate: '2026-10-05',
        treatmentStart: '2026-10-02',
        treatmentEnd: '2026-10-04',
        diagnosis: 'Grade II cutaneous mast cell tumor, left flank',
        conditions: [
          { ailmentId: 6120, description: 'Mast cell tumor' },
          { ailmentId: 1640, description: 'Skin mass' },
        ],
        description: 'Mass on the left flank; excision and histopathology.',
        claimedCents: 420_000,
      });
      const { claimId } = await db()
        .transaction()
        .execute((trx) => submitClaim(trx, at('2026-10-05T15:00:00.000Z'), submitted));
      const change = (when: string, events: Parameters<typeof changeClaim>[3]) =>
        db()
          .transaction()
          .execute((trx) => changeClaim(trx, at(when), claimId, events));
      const paid = (amountCents: number, paidOn: string, method: string) =>
        claimEvent.paymentMade({
          paymentId: randomUUID(),
          paidOn,
          amountCents,
          method,
          reference: `EFT-${paidOn}`,
        });
      await change('2026-10-06T14:00:00.000Z', [claimEvent.reviewStarted()]);
      await change('2026-10-08T16:30:00.000Z', [claimEvent.approved({ approvedCents: 360_000 })]);
      await change('2026-10-20T17:00:00.000Z', [paid(200_000, '2026-10-20', 'ACH')]);
      await change('2026-11-10T17:00:00.000Z', [paid(160_000, '2026-11-10', 'CHECK')]);
      await change('2026-11-12T18:00:00.000Z', [claimEvent.closed({ reason: 'Paid in full.' })]);
      // A second claim, only submitted: nothing assessed or closed yet.
      const { claimId: openId } = await db()
        .transaction()
        .execute((trx) =>
          submitClaim(
            trx,
            at('2026-11-25T15:00:00.000Z'),
            testClaim(policy!.policyNumber, {
              source: 'PHONE',
              lossDate: '2026-11-23',
              reportedDate: '2026-11-25',
            }),
          ),
        );

      const token = await login();
      const list = await s.api.get(`/v2/matters/${policy!.matterId}/claims`, { token });
      expect(list.status, list.text).toBe(200);
      const claims = (list.body as { data: Json[] }).data;
      expect(claims.map((c) => c.id)).toEqual([openId, claimId]);
      const one = await s.api.get(`/v2/matters/${policy!.matterId}/claims/${claimId}`, { token });
      expect(one.status, one.text).toBe(200);
      const viewed = (one.body as { data: Json }).data;
      expect(viewed).toEqual(claims[1]);

      for (const claim of claims) {
        expect(Object.keys(claim)).toEqual(expect.arrayContaining(CLAIM));
        expect(Object.keys(claim.claimStatus as Json).sort()).toEqual([...CLAIM_STATUS].sort());
        for (const condition of claim.conditions as Json[]) {
          expect(Object.keys(condition).sort()).toEqual([...CONDITION].sort());
        }
        for (const payment of claim.payments as Json[]) {
          expect(Object.keys(payment)).toEqual(expect.arrayContaining(PAYMENT));
          expect(Object.keys(payment.info as Json)).toContain('status');
        }
      }

      expect(viewed).toMatchObject({
        id: claimId,
        source: 'EMAIL',
        status: 'CLOSED',
        amount: 4200,
        amountPaid: 3600,
        diagnosis: 'Grade II cutaneous mast cell tumor, left flank',
        treatmentStart: '2026-10-02',
        treatmentEnd: '2026-10-04',
        dateOfLoss: '2026-10-02',
        // The decision assesses the claim; a decided claim takes no second decision, so none reassesses it.
        assessedAt: '2026-10-08T16:30:00.000000Z',
        reassessedAt: null,
        closedAt: '2026-11-12T18:00:00.000000Z',
        createdAt: '2026-10-05T15:00:00.000000Z',
        conditions: [
          { ailmentId: 6120, description: 'Mast cell tumor' },
          { ailmentId: 1640, description: 'Skin mass' },
        ],
      });
      const status = viewed.claimStatus as Json;
      expect(status).toMatchObject({ id: expect.any(Number), name: 'Closed', codes: ['CLOSED'] });
      expect(status.tooltip).toMatch(/^[A-Z].+\.$/);

      const payments = viewed.payments as Json[];
      expect(payments.map((p) => [p.transactionDate, p.totalPaymentAmount, p.status])).toEqual([
        ['2026-10-20', 2000, 'PAID'],
        ['2026-11-10', 1600, 'PAID'],
      ]);
      expect(payments.map((p) => (p.info as Json).status)).toEqual(['PAID', 'PAID']);
      for (const p of payments) expect(p.id).toMatch(/^[0-9a-f-]{36}$/);
      // Amount paid is the sum of the payment records.
      expect(payments.reduce((sum, p) => sum + (p.totalPaymentAmount as number), 0)).toBe(viewed.amountPaid);

      expect(claims[0]).toMatchObject({
        id: openId,
        source: 'PHONE',
        status: 'SUBMITTED',
        amountPaid: 0,
        dateOfLoss: '2026-11-23',
        assessedAt: null,
        reassessedAt: null,
        closedAt: null,
        createdAt: '2026-11-25T15:00:00.000000Z',
        claimStatus: expect.objectContaining({ name: 'Submitted', codes: ['SUBMITTED'] }),
        payments: [],
      });
      // Each status has its own id.
      expect((claims[0]!.claimStatus as Json).id).not.toBe(status.id);
    });

    it('describes the same names in the OpenAPI document', async () => {
      const doc = (await s.api.get('/api/openapi.json')).body as Json;
      const resolve = (node: Json): Json =>
        typeof node.$ref === 'string'
          ? resolve(
              node.$ref
                .slice(2)
                .split('/')
                .reduce<Json>((n, k) => n[k] as Json, doc),
            )
          : node;
      const propertiesOf = (node: Json) => resolve(node).properties as Record<string, Json>;
      const paths = doc.paths as Record<string, Json>;
      for (const [path, many] of [
        ['/v2/matters/{matterId}/claims', true],
        ['/v2/matters/{matterId}/claims/{claimId}', false],
      ] as const) {
        const ok = ((paths[path]!.get as Json).responses as Record<string, Json>)['200']!;
        const body = ((resolve(ok).content as Json)['application/json'] as Json).schema as Json;
        const data = propertiesOf(body).data!;
        const claim = propertiesOf(many ? (resolve(data).items as Json) : data);
        expect(Object.keys(claim)).toEqual(expect.arrayContaining(CLAIM));
        expect(Object.keys(propertiesOf(claim.claimStatus!))).toEqual(expect.arrayContaining(CLAIM_STATUS));
        expect(Object.keys(propertiesOf(resolve(claim.conditions!).items as Json))).toEqual(
          expect.arrayContaining(CONDITION),
        );
        const payment = propertiesOf(resolve(claim.payments!).items as Json);
        expect(Object.keys(payment)).toEqual(expect.arrayContaining(PAYMENT));
        expect(Object.keys(propertiesOf(payment.info!))).toContain('status');
      }
    });

    // §7 "Policies and matters: GET policies search and GET policies/export (file); query holds the search
    // criteria. Matters: search, export, view, claims, documents/{documentId}, files/{fileId}, payments. GET
    // documents, events, payments and rates: query policyNumber. GET/POST policies/{policyId}/notes (query;
    // body data). GET downloadReceipt (file): query policyNumber", called as a SPEC client calls them.
    it('answers every §7 policy and matter call for a bought policy', async () => {
      const [policy] = await buyPolicies(e, db(), AGENT);
      const { policyNumber, matterId } = policy!;
      const token = await login();
      const get = async (path: string) => {
        const answer = await s.api.get(path, { token });
        expect(answer.status, `${path}: ${answer.text}`).toBe(200);
        return answer;
      };
      const found = (await get(`/v2/policies?filter[policy_number]=${policyNumber}`)).body as {
        data: Json[];
        meta: Json;
      };
      expect(found.data.map((r) => r.policyNumber)).toEqual([policyNumber]);
      expect(found.meta).toMatchObject({ page: { number: 1 }, total: 1 });
      const exported = await get(`/v2/policies/export?filter[policy_number]=${policyNumber}`);
      expect(exported.headers.get('content-disposition')).toMatch(/attachment/);
      expect(exported.text).toContain(policyNumber);
      const matters = (await get(`/v2/matters?filter[policy_number]=${policyNumber}`)).body as {
        data: Json[];
      };
      expect(matters.data).toHaveLength(1);
      expect((await get(`/v2/matters/export?filter[policy_number]=${policyNumber}`)).text).toContain(
        policyNumber,
      );
      const view = ((await get(`/v2/matters/${matterId}`)).body as { data: Json }).data;
      expect(view.matterId).toBe(matterId);
      expect(view.matterIds).toContain(matterId);

      const documents = (
        (await get(`/v2/policies/documents?policyNumber=${policyNumber}`)).body as { data: Json[] }
      ).data;
      expect(documents.length).toBeGreaterThan(0);
      const document = await get(`/v2/matters/${matterId}/documents/${documents[0]!.id as string}`);
      expect(document.headers.get('content-type')).toMatch(/pdf/);
      const events = (
        (await get(`/v2/policies/events?policyNumber=${policyNumber}`)).body as { data: Json[] }
      ).data;
      expect(events.length).toBeGreaterThan(0);
      expect(
        ((await get(`/v2/policies/payments?policyNumber=${policyNumber}`)).body as { data: Json[] }).data
          .length,
      ).toBeGreaterThan(0);
      expect(
        ((await get(`/v2/policies/rates?policyNumber=${policyNumber}`)).body as { data: unknown }).data,
      ).toBeTruthy();
      expect(
        ((await get(`/v2/matters/${matterId}/payments`)).body as { data: Json[] }).data.length,
      ).toBeGreaterThan(0);
      const receipt = await get(`/v2/downloadReceipt?policyNumber=${policyNumber}`);
      expect(receipt.headers.get('content-disposition')).toMatch(/attachment/);

      const note = await s.api.post(
        `/v2/policies/${matterId}/notes`,
        { data: { note: 'Called the customer.' } },
        { token },
      );
      expect(note.status, note.text).toBe(201);
      const notes = ((await get(`/v2/policies/${matterId}/notes?page=1&limit=10`)).body as { data: Json[] })
        .data;
      expect(notes.map((n) => n.note)).toContain('Called the customer.');

      const bytes = new TextEncoder().encode('%PDF-1.4\n% vet invoice\n');
      const uploaded = await upload(s.t.url, token, matterId, {
        name: 'invoice.pdf',
        type: 'application/pdf',
        bytes,
      });
      expect(uploaded.status).toBe(201);
      const fileId = ((uploaded.body as { data: Json }).data.id as string | number).toString();
      const file = await get(`/v2/matters/${matterId}/files/${fileId}`);
      expect(new Uint8Array(await new Response(file.text).arrayBuffer()).length).toBeGreaterThan(0);
    });
  },
);
