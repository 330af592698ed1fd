import type { Page } from 'playwright-core';
import type { Portal } from './portalSession';

// The policy 360 screen in the words it shows.

// Full-page shots of a scrolled page misplace the sticky header, so they are taken from the top.
export function shotFromTop(portal: Portal) {
  return async (page: Page, name: string): Promise<void> => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await portal.shot(page, name);
  };
}

export async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tablist', { name: 'Policy matters' }).getByRole('tab', { name }).click();
  await page.getByRole('tab', { name, selected: true }).waitFor();
}

// The text of a card (Summary, Policyholder, Pet, Coverage).
export function card(page: Page, title: string) {
  return page.getByRole('region', { name: title, exact: true });
}

// A one-page PDF small enough to read in a test.
export function tinyPdf(text: string): Buffer {
  const stream = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
