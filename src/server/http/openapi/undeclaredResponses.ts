// Success answers that are not JSON, so their routes declare no response schema (a file streams as the
// client reads it; a 204 has no body): what the reference says of each instead, by "METHOD /path".
// tests/api/openapi.test.ts fails for a route that declares no success answer and is not listed here.

type ResponseDoc = Record<string, unknown> & { description: string };

const binary = { type: 'string', contentMediaType: 'application/octet-stream' };

const csvHeaders = {
  'content-disposition': { type: 'string', description: 'attachment; filename="…"' },
  'x-total-count': {
    type: 'integer',
    description: 'How many data rows the file holds (the header line is not one), sent before the rows.',
  },
};

const csv = (what: string): ResponseDoc => ({
  description: `${what} as CSV, streamed.`,
  headers: csvHeaders,
  content: { 'text/csv': { schema: { type: 'string' } } },
});

const pdf = (what: string): ResponseDoc => ({
  description: `${what} as a PDF download.`,
  headers: { 'content-disposition': csvHeaders['content-disposition'] },
  content: { 'application/pdf': { schema: binary } },
});

const csvOrPdf = (what: string): ResponseDoc => ({
  description: `${what}: CSV or PDF, as the \`format\` query asks.`,
  headers: csvHeaders,
  content: { 'text/csv': { schema: { type: 'string' } }, 'application/pdf': { schema: binary } },
});

const storedFile = (what: string): ResponseDoc => ({
  description: `${what}, with the type it was stored with, as an attachment.`,
  headers: { 'content-disposition': csvHeaders['content-disposition'] },
  content: { '*/*': { schema: binary } },
});

// A 204's schema has type null, which tells @fastify/swagger to document no body.
const noContent = (what: string) => ({ 204: { type: 'null', description: what } });

export const UNDECLARED_RESPONSES: Record<string, Record<number, ResponseDoc>> = {
  'DELETE /v2/entities/:entityId/locations/:locationId': noContent('The location is removed.'),
  'DELETE /v2/entities/:entityId/locations/:locationId/contacts/:contactId':
    noContent('The contact is removed.'),
  'POST /v2/commission-payment-reports': { 200: csv('The payment report of the chosen statements') },
  'GET /v2/entities/:entityId/commission-statements/:statementId/download': {
    200: csvOrPdf('The commission statement'),
  },
  'GET /v2/commission-statement-reports': { 200: csvOrPdf('The commission statements report') },
  'GET /v2/reports/nwp/export': { 200: csv('The net written premium report') },
  'GET /v2/quotes/export': { 200: csv('The matching quotes') },
  'GET /v2/policies/export': { 200: csv('The matching policies') },
  'GET /v2/matters/export': { 200: csv('The matching matters') },
  'GET /v2/renters/policies/export': { 200: csv('The matching renters policies') },
  'GET /v2/downloadReceipt': { 200: pdf('The purchase receipt') },
  'GET /v2/renters/downloadReceipt': { 200: pdf('The payment receipt') },
  'GET /v2/quotes/:uuid': { 200: pdf('The quote') },
  'GET /v2/renters/policies/:matterId/documents/:documentId': { 200: storedFile('The policy document') },
  'GET /v2/matters/:matterId/documents/:documentId': { 200: storedFile('The document') },
  'GET /v2/matters/:matterId/files/:fileId': { 200: storedFile('The file') },
};
