import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { downloadFile, type DownloadedFile } from '../download';
import {
  ClaimResponse,
  ClaimsResponse,
  MatterFileResponse,
  MatterFilesResponse,
  PolicyDocumentsResponse,
  PolicyNoteResponse,
  PolicyNotesPage,
  PolicyPaymentsPage,
  PolicyRatesResponse,
  type MatterFile,
  type PolicyDocument,
  type PolicyNote,
} from '../schemas/policyMatters';
import { uploadFile } from '../upload';
import { policyKeys } from './policies';

// The matters of a pet policy: notes, documents, uploaded files, claims, payments and rates. Keyed under the
// policy's matter id (policyKeys.matter), so one invalidation refreshes the whole policy screen.

// SPEC §9: payment lists show 5 rows a page.
export const PAYMENT_PAGE_LIMIT = 5;
export const NOTE_PAGE_LIMIT = 10;

const matterPath = (matterId: number) => `/v2/matters/${matterId}`;

export const notesQuery = (matterId: number, page: number) =>
  queryOptions({
    queryKey: [...policyKeys.matter(matterId), 'notes', page],
    queryFn: async ({ signal }) =>
      PolicyNotesPage.parse(
        await apiRequest(`/v2/policies/${matterId}/notes`, {
          query: { page, limit: NOTE_PAGE_LIMIT },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export async function addNote(matterId: number, note: string): Promise<PolicyNote> {
  const answer = await apiRequest(`/v2/policies/${matterId}/notes`, {
    method: 'POST',
    body: { data: { note } },
  });
  return PolicyNoteResponse.parse(answer).data;
}

export const documentsQuery = (matterId: number, policyNumber: string) =>
  queryOptions({
    queryKey: [...policyKeys.matter(matterId), 'documents', policyNumber],
    queryFn: async ({ signal }) =>
      PolicyDocumentsResponse.parse(
        await apiRequest('/v2/policies/documents', { query: { policyNumber }, signal }),
      ).data,
  });

export const downloadDocument = (matterId: number, document: PolicyDocument): Promise<DownloadedFile> =>
  downloadFile(`${matterPath(matterId)}/documents/${encodeURIComponent(document.id)}`, {
    fallbackName: document.name,
  });

export const filesQuery = (matterId: number) =>
  queryOptions({
    queryKey: [...policyKeys.matter(matterId), 'files'],
    queryFn: async ({ signal }) =>
      MatterFilesResponse.parse(await apiRequest(`${matterPath(matterId)}/files`, { signal })).data,
  });

export async function attachFile(matterId: number, file: File): Promise<MatterFile> {
  return MatterFileResponse.parse(await uploadFile(`${matterPath(matterId)}/files`, file)).data;
}

export const downloadMatterFile = (matterId: number, file: MatterFile): Promise<DownloadedFile> =>
  downloadFile(`${matterPath(matterId)}/files/${encodeURIComponent(file.id)}`, { fallbackName: file.name });

export const claimsQuery = (matterId: number) =>
  queryOptions({
    queryKey: [...policyKeys.matter(matterId), 'claims'],
    queryFn: async ({ signal }) =>
      ClaimsResponse.parse(await apiRequest(`${matterPath(matterId)}/claims`, { signal })).data,
  });

export const claimQuery = (matterId: number, claimId: number) =>
  queryOptions({
    queryKey: [...policyKeys.matter(matterId), 'claims', claimId],
    queryFn: async ({ signal }) =>
      ClaimResponse.parse(await apiRequest(`${matterPath(matterId)}/claims/${claimId}`, { signal })).data,
  });

export const paymentsQuery = (matterId: number, policyNumber: string, page: number) =>
  queryOptions({
    queryKey: [...policyKeys.matter(matterId), 'payments', policyNumber, page],
    queryFn: async ({ signal }) =>
      PolicyPaymentsPage.parse(
        await apiRequest('/v2/policies/payments', {
          query: { policyNumber, page, limit: PAYMENT_PAGE_LIMIT },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const ratesQuery = (matterId: number, policyNumber: string) =>
  queryOptions({
    queryKey: [...policyKeys.matter(matterId), 'rates', policyNumber],
    queryFn: async ({ signal }) =>
      PolicyRatesResponse.parse(await apiRequest('/v2/policies/rates', { query: { policyNumber }, signal }))
        .data,
  });
