import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { AGENT, INTERNAL } from '../support/personas';
import { issuePolicies, purchasePolicies, type IssuedPolicy } from '../support/policyFixtures';
import { portalSuite } from './portalSession';
import { waitForPath } from './portalPage';

// /policies: pet policy search through the portal, over policies purchased through the API first.
const portal = portalSuite({ width: 1440, height: 900 });
const { shot, signedIn } = portal;

const LAST_NAME = `Pz${randomBytes(3).toString('hex')}`;
const PET = `Biscotti${randomBytes(3).toString('hex')}`;

let batch: IssuedPolicy[];
let biscotti: IssuedPolicy;
let house: IssuedPolicy;

beforeAll(async () => {
  // Twelve policies of one policyholder's name for Northwind Austin (agent@), in three purchases.
  batch = await issuePolicies(portal.server, 12, { customer: { lastName: LAST_NAME }, prefix: 'Pup' });
  [biscotti] = (await purchasePolicies(portal.server, { petNames: [PET] })).policies as [IssuedPolicy];
  // The house's: no Northwind agent may see it.
  [house] = (await purchasePolicies(portal.server, { email: INTERNAL, petNames: [`${PET}house`] }))
    .policies as [IssuedPolicy];
});

const tableRows = (page: Page) => page.getByRole('table', { name: 'Policies' }).locator('tbody tr');

describe('policy search', () => {
  it('finds a policy by pet name and opens it', async () => {
    const page = await signedIn(AGENT);
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Policies', exact: true })
      .click();
    await waitForPath(page, '/policies');
    await page.getByRole('heading', { name: 'Policies' }).waitFor();

    await page.getByLabel('Pet name').fill(PET.toLowerCase());
    await page.getByRole('button', { name: 'Search' }).click();
    await waitForPath(page, `/policies?petName=${PET.toLowerCase()}`);
    // The house's policy with a name of the same start stays out of sight.
    await page.getByText('Showing 1–1 of 1').waitFor();
    const row = tableRows(page).first();
    await row.getByText(PET, { exact: true }).waitFor();
    await expect(row.innerText()).resolves.not.toContain(house.policyNumber);
    await shot(page, 'policies-search');

    await row.getByRole('link', { name: new RegExp(biscotti.policyNumber) }).click();
    await waitForPath(page, `/policies/${biscotti.matterId}`);
  });

  it('pages and sorts in the URL, and a shared link opens the same search', async () => {
    const page = await signedIn(AGENT);
    await page.goto('/policies');
    await page.getByLabel('Full name').fill(LAST_NAME);
    await page.getByRole('button', { name: 'Search' }).click();
    await waitForPath(page, `/policies?full_name=${LAST_NAME}`);
    await page.getByText('Showing 1–10 of 12').waitFor();
    // Newest purchase first: the last policy issued leads.
    await tableRows(page).first().getByText('Pup12', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Next' }).click();
    await waitForPath(page, `/policies?full_name=${LAST_NAME}&page=2`);
    await page.getByText('Showing 11–12 of 12').waitFor();
    await expect(tableRows(page).count()).resolves.toBe(2);
    await tableRows(page).last().getByText('Pup1', { exact: true }).waitFor();

    await page.getByRole('button', { name: /^Pet/ }).click();
    await waitForPath(page, `/policies?full_name=${LAST_NAME}&sort=petName&order=asc`);
    await tableRows(page).first().getByText('Pup1', { exact: true }).waitFor();
    await tableRows(page).nth(1).getByText('Pup10', { exact: true }).waitFor();

    await page.goto(`/policies?full_name=${LAST_NAME}&sort=petName&order=desc&page=2`);
    await page.getByText('Showing 11–12 of 12').waitFor();
    await tableRows(page).last().getByText('Pup1', { exact: true }).waitFor();
    await expect(page.getByLabel('Full name').inputValue()).resolves.toBe(LAST_NAME);
  });

  it('exports every matching row as CSV, not only the page shown', async () => {
    const page = await signedIn(AGENT);
    await page.goto(`/policies?full_name=${LAST_NAME}`);
    await page.getByText('Showing 1–10 of 12').waitFor();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('policies.csv');
    const lines = readFileSync(await file.path(), 'utf8')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^matterId,policyNumber,policyVersion,petName,/);
    expect(lines).toHaveLength(13);
    // Newest purchase first, as the table shows them.
    expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual(
      batch.map((p) => p.matterId).reverse(),
    );
    // The notice names the rows the file holds.
    await page.getByText(`policies.csv was downloaded: ${lines.length - 1} rows.`).waitFor();
  });

  it('shows the progress of an export against the rows the server announced', async () => {
    const page = await signedIn(AGENT);
    // The file arrives as the server sends it, but held after its header and first five rows until the test
    // lets the rest go, so the bar can be seen part way (a route handler could only answer all at once).
    // Aborting errors the body as a browser's own fetch does.
    await page.addInitScript(() => {
      const original = window.fetch.bind(window);
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      (window as unknown as { releaseExport(): void }).releaseExport = () => release();
      window.fetch = async (input, init) => {
        const response = await original(input, init);
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (!url.includes('/v2/policies/export') || !response.ok) return response;
        const body = new Uint8Array(await response.arrayBuffer());
        let cut = 0;
        for (let lines = 0; lines < 6 && cut < body.length; cut++) if (body[cut] === 0x0a) lines++;
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            init?.signal?.addEventListener('abort', () =>
              controller.error(new DOMException('The user aborted a request.', 'AbortError')),
            );
            controller.enqueue(body.slice(0, cut));
            void released.then(() => {
              controller.enqueue(body.slice(cut));
              controller.close();
            });
          },
        });
        return new Response(stream, { status: response.status, headers: response.headers });
      };
    });
    await page.goto(`/policies?full_name=${LAST_NAME}`);
    await page.getByText('Showing 1–10 of 12').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();

    const bar = page.getByRole('progressbar', { name: 'Exporting 5 of 12 rows' });
    await bar.waitFor();
    await expect(bar.getAttribute('aria-valuenow')).resolves.toBe('5');
    await expect(bar.getAttribute('aria-valuemax')).resolves.toBe('12');
    await expect(page.getByRole('button', { name: 'Exporting…' }).isDisabled()).resolves.toBe(true);
    await shot(page, 'policies-export-progress', false);

    await page.evaluate(() => (window as unknown as { releaseExport(): void }).releaseExport());
    const file = await download;
    const rows =
      readFileSync(await file.path(), 'utf8')
        .trim()
        .split('\r\n').length - 1;
    expect(rows).toBe(12);
    await page.getByText(`policies.csv was downloaded: ${rows} rows.`).waitFor();
    await expect(page.getByRole('progressbar', { name: /^Exporting/ }).count()).resolves.toBe(0);
  });

  it('says which filter the server refused', async () => {
    const page = await signedIn(AGENT);
    await page.goto('/policies?date_from=2026-02-02&date_to=2026-02-01');
    await page.getByText('Check the filters').waitFor();
    await page.getByText('The end date must not be before the start date.').waitFor();
    await shot(page, 'policies-search-invalid', false);
  });
});
