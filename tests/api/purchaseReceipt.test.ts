import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { QuoteCommandAnswer } from '../../src/api/schemas/quoteCommands';
import { money } from '../../src/server/domain/documents/pdfText';
import { entityApi, expectStatus, userWith } from '../support/entityApi';
import { ACCOUNTING, AGENT, INTERNAL, LAKESIDE, MANAGER } from '../support/personas';
import { purchaseOf, quoteApi, quoteAtCheckout, tokenFor } from '../support/quoteApi';
import { useTestServer } from '../support/suite';
import { testDatabases } from '../support/testServer';

// GET /v2/downloadReceipt?policyNumber=: the purchase's payment receipt as a PDF. The test reads the text
// the pages draw (Tj strings of the content streams), as the quote document test does.
function drawnText(pdf: PDFDocument): string {
  const lines: string[] = [];
  for (const page of pdf.getPages()) {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const operators = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const [, hex] of operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
        lines.push(Buffer.from(hex!, 'hex').toString('latin1'));
    }
  }
  return lines.join('\n');
}

describe.each(testDatabases())('payment receipt on %s', (database) => {
  const s = useTestServer(database);
  const e = entityApi(() => s.api);
  const q = quoteApi(e);
  const db = () => s.t.server.database.db;
  const download = async (policyNumber: string, email = AGENT) =>
    fetch(`${s.t.url}/v2/downloadReceipt?policyNumber=${encodeURIComponent(policyNumber)}`, {
      headers: { authorization: `Bearer ${await e.tokenOf(email)}` },
    });

  it('receipts the purchase: policyholder, policies, amount, method, charge id', async () => {
    const checkout = await quoteAtCheckout(q);
    const response = await q.act('POST', 'purchase', purchaseOf(checkout, await tokenFor(e)));
    expectStatus(response, 200);
    const bought = QuoteCommandAnswer.parse(response.body).data.quote;
    const number = bought.policies[1]!.policy_number;

    for (const email of [AGENT, MANAGER, INTERNAL]) {
      const file = await download(number, email);
      expect(file.status, await file.clone().text()).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(file.headers.get('content-disposition')).toBe(`attachment; filename="receipt-${number}.pdf"`);
    }
    const bytes = new Uint8Array(await (await download(number)).arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = drawnText(await PDFDocument.load(bytes));
    const charge = await db()
      .selectFrom('payment_charges')
      .select(['charge_id', 'amount_cents'])
      .where('idempotency_key', 'like', `quote:${bought.uuid}:%`)
      .executeTakeFirstOrThrow();
    expect(charge.amount_cents).toBe(Math.round(bought.totals!.monthly_downpayment * 100));
    for (const expected of [
      'Payment receipt',
      `${bought.customer!.first_name} ${bought.customer!.last_name}`,
      bought.customer!.email,
      ...bought.policies.map((p) => p.policy_number),
      ...bought.policies.map((p) => p.pet_name),
      money(charge.amount_cents / 100),
      'Card ending in 4242',
      charge.charge_id!,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('is 404 outside the caller’s scope or for an unknown policy, 422 for a malformed number', async () => {
    const checkout = await quoteAtCheckout(q);
    const response = await q.act('POST', 'purchase', purchaseOf(checkout, await tokenFor(e)));
    const number = QuoteCommandAnswer.parse(response.body).data.quote.policy_number!;
    const lakeside = await userWith(db(), {
      entityCode: LAKESIDE,
      userType: 'external',
      privilegeCodes: ['quote_policy'],
    });
    expect((await download(number, lakeside)).status).toBe(404);
    expect((await download('PET-TX-99999999')).status).toBe(404);
    const malformed = await download('12345');
    expect(malformed.status).toBe(422);
    expect(await malformed.json()).toMatchObject({ errors: { policyNumber: [expect.any(String)] } });
    expect((await download(number, ACCOUNTING)).status).toBe(403);
    expect((await fetch(`${s.t.url}/v2/downloadReceipt?policyNumber=${number}`)).status).toBe(401);
  });
});
