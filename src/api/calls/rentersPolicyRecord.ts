import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { downloadFile, type DownloadedFile } from '../download';
import { PolicyDocumentsResponse, type PolicyDocument, type PolicyNote } from '../schemas/policyMatters';
import {
  RentersNoteResponse,
  RentersNotesPage,
  type RentersNote,
  type RentersNotePriority,
  type RentersNoteVisibility,
} from '../schemas/rentersNotes';
import {
  RENTERS_PAYMENT_PAGE_LIMIT,
  RentersPaymentsResponse,
  RentersPolicyEventsResponse,
  RentersPolicyRecordResponse,
  type RentersAddressTypeCode,
  type RentersNumberType,
  type RentersPolicyRecord,
} from '../schemas/rentersPolicyRecord';
import { RentersPolicyTermsResponse, RentersPolicyTransactionsResponse } from '../schemas/rentersPolicyTerms';

// The renters policy edit screen: the record (key ['renters-policy', matterId]; its tabs' lists sit under
// it, so one invalidation refreshes the whole screen), its edits (each answering the fresh record) and its
// files. Requests are snake_case, the record camelCase as SPEC §3 names it.
export const rentersPolicyRecordKeys = {
  record: (matterId: number) => ['renters-policy', matterId] as const,
};

const policyPath = (matterId: number) => `/v2/renters/policies/${matterId}`;
export const RENTERS_NOTE_PAGE_LIMIT = 10;

export const rentersPolicyRecordQuery = (customerId: number, matterId: number) =>
  queryOptions({
    queryKey: rentersPolicyRecordKeys.record(matterId),
    queryFn: async ({ signal }) =>
      RentersPolicyRecordResponse.parse(
        await apiRequest(`/v2/renters/customers/${customerId}/policies/${matterId}`, { signal }),
      ).data,
  });

const edit = async (
  matterId: number,
  what: string,
  data: Record<string, unknown>,
  method: 'POST' | 'DELETE' = 'POST',
): Promise<RentersPolicyRecord> =>
  RentersPolicyRecordResponse.parse(
    await apiRequest(`${policyPath(matterId)}/${what}`, { method, body: { data } }),
  ).data;

export interface RentersContactChange {
  number_type: RentersNumberType;
  number: string;
  extension: string | null;
  additional_info: string | null;
  policy_version: number;
}
export const changeRentersContact = (matterId: number, change: RentersContactChange) =>
  edit(matterId, 'contacts', { ...change });

export interface RentersAddressChange {
  address_type: RentersAddressTypeCode;
  line_1: string;
  line_2: string | null;
  city: string;
  state_code: string;
  zip_code: string;
  name?: string;
  policy_version: number;
}
export const changeRentersAddress = (matterId: number, change: RentersAddressChange) =>
  edit(matterId, 'addresses', { ...change });

// An address staff entered, confirmed with the policyholder.
export const confirmRentersAddress = (matterId: number, addressType: string, policyVersion: number) =>
  edit(matterId, 'addresses/confirm', { address_type: addressType, policy_version: policyVersion });

export interface RentersInsuredAdd {
  name_first: string;
  name_last: string;
  email: string | null;
  phone: string | null;
}
export const addRentersInsured = (matterId: number, insured: RentersInsuredAdd) =>
  edit(matterId, 'additional-insureds', { ...insured });

export const removeRentersInsured = (matterId: number, id: number) =>
  edit(matterId, 'additional-insureds', { id }, 'DELETE');

// SPEC §3's Note on the wire (snake_case, `content`) as the notes tab shows a note (the pet line's have no
// priority or visibility, so the tab takes them as optional).
export type ShownRentersNote = PolicyNote & {
  priority?: RentersNotePriority;
  visibility?: RentersNoteVisibility;
};
const shownNote = (n: RentersNote): ShownRentersNote => ({
  id: n.id,
  note: n.content,
  createdAt: n.created_at,
  createdBy: n.created_by,
  priority: n.priority,
  visibility: n.visibility,
});

export const rentersNotesQuery = (matterId: number, page: number) =>
  queryOptions({
    queryKey: [...rentersPolicyRecordKeys.record(matterId), 'notes', page],
    queryFn: async ({ signal }) => {
      const answer = RentersNotesPage.parse(
        await apiRequest(`${policyPath(matterId)}/notes`, {
          query: { page, limit: RENTERS_NOTE_PAGE_LIMIT },
          signal,
        }),
      );
      return { data: answer.data.map(shownNote), meta: answer.meta };
    },
    placeholderData: keepPreviousData,
  });

export async function addRentersNote(
  matterId: number,
  content: string,
  choices: { priority: RentersNotePriority; visibility: RentersNoteVisibility },
) {
  const answer = await apiRequest(`${policyPath(matterId)}/notes`, {
    method: 'POST',
    body: { data: { content, ...choices } },
  });
  return shownNote(RentersNoteResponse.parse(answer).data);
}

export const rentersDocumentsQuery = (matterId: number) =>
  queryOptions({
    queryKey: [...rentersPolicyRecordKeys.record(matterId), 'documents'],
    queryFn: async ({ signal }) =>
      PolicyDocumentsResponse.parse(await apiRequest(`${policyPath(matterId)}/documents`, { signal })).data,
  });

export const downloadRentersDocument = (
  matterId: number,
  document: PolicyDocument,
): Promise<DownloadedFile> =>
  downloadFile(`${policyPath(matterId)}/documents/${encodeURIComponent(document.id)}`, {
    fallbackName: document.name,
  });

export const rentersEventsQuery = (matterId: number) =>
  queryOptions({
    queryKey: [...rentersPolicyRecordKeys.record(matterId), 'events'],
    queryFn: async ({ signal }) =>
      RentersPolicyEventsResponse.parse(await apiRequest(`${policyPath(matterId)}/events`, { signal })).data,
  });

// A page of the policy's payments (SPEC §9: five rows a page).
export const rentersPaymentsQuery = (matterId: number, page: number) =>
  queryOptions({
    queryKey: [...rentersPolicyRecordKeys.record(matterId), 'payments', page],
    queryFn: async ({ signal }) =>
      RentersPaymentsResponse.parse(
        await apiRequest(`${policyPath(matterId)}/payments`, {
          query: { page, limit: RENTERS_PAYMENT_PAGE_LIMIT },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

// SPEC §3's terms and transactions of the policy (snake_case, as the renters wire writes them).
export const rentersTermsQuery = (matterId: number) =>
  queryOptions({
    queryKey: [...rentersPolicyRecordKeys.record(matterId), 'terms'],
    queryFn: async ({ signal }) =>
      RentersPolicyTermsResponse.parse(await apiRequest(`${policyPath(matterId)}/terms`, { signal })).data,
  });

export const rentersTransactionsQuery = (matterId: number) =>
  queryOptions({
    queryKey: [...rentersPolicyRecordKeys.record(matterId), 'transactions'],
    queryFn: async ({ signal }) =>
      RentersPolicyTransactionsResponse.parse(
        await apiRequest(`${policyPath(matterId)}/transactions`, { signal }),
      ).data,
  });

export const downloadRentersReceipt = (policyNumber: string): Promise<DownloadedFile> =>
  downloadFile('/v2/renters/downloadReceipt', {
    query: { policyNumber },
    fallbackName: `receipt-${policyNumber}.pdf`,
  });
