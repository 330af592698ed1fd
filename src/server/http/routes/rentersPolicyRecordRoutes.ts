import { businessDate, systemClock, type Clock } from '../../../calendar';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allOf, anyOf, isAllowed } from '../../../api/access';
import { integerParam, uuidParam } from '../../../api/schemas/params';
import { MatterIdParams } from '../../../api/schemas/policies';
import { PolicyDocumentsResponse, pagingQuery } from '../../../api/schemas/policyMatters';
import {
  AddRentersNoteRequest,
  RentersNoteResponse,
  RentersNotesPage,
} from '../../../api/schemas/rentersNotes';
import {
  RENTERS_ADDRESS_PRIVILEGES,
  RentersAddressConfirmRequest,
  RentersAddressRequest,
  RentersContactRequest,
  RentersInsuredAddRequest,
  RentersInsuredDeleteRequest,
  RENTERS_PAYMENT_PAGE_LIMIT,
  RentersPaymentsResponse,
  RentersPolicyEventsResponse,
  RentersPolicyRecordResponse,
  RentersReceiptQuery,
} from '../../../api/schemas/rentersPolicyRecord';
import {
  RentersPolicyTermsResponse,
  RentersPolicyTransactionsResponse,
  RentersPolicyWireResponse,
} from '../../../api/schemas/rentersPolicyTerms';
import { accessSubject, isStaff } from '../../access/principal';
import { collectedCharges } from '../../domain/billing/collectedCharges';
import { upcomingBill } from '../../domain/billing/upcomingBill';
import { rentersPayments, rentersPolicyEvents } from '../../domain/rentersPolicies/rentersPolicyActivity';
import {
  addRentersNote,
  rentersNoteAnswer,
  rentersNotesPage,
} from '../../domain/rentersPolicies/rentersNotes';
import {
  addRentersInsured,
  changeRentersAddress,
  changeRentersContact,
  removeRentersInsured,
} from '../../domain/rentersPolicies/rentersPolicyEdits';
import { confirmRentersAddress } from '../../domain/rentersPolicies/rentersAddressConfirmation';
import { loadRentersPolicyRecord, readRentersPolicy } from '../../domain/rentersPolicies/rentersPolicyRecord';
import {
  requireRentersPolicy,
  requireRentersPolicyNumber,
  type RentersPolicyRef,
} from '../../domain/rentersPolicies/rentersPolicyScope';
import {
  rentersEndingReasons,
  rentersPolicyWireOf,
  rentersTermsOf,
  rentersTransactionsOf,
} from '../../domain/rentersPolicies/rentersPolicyTerms';
import { rentersReceiptPdf } from '../../domain/rentersPolicies/rentersReceiptPdf';
import type { Db } from '../../store/db';
import { pageMeta } from '../../store/paging';
import { forbidden, notFound } from '../errors';
import { CONFLICT } from '../openapi/conflicts';
import { requirePrincipal } from '../routeTable';
import { documentsAnswer, sendDocument } from './policyAnnotationAnswers';
import { metadataOf } from './userMetadata';
import { roleReach } from '../../domain/roles/roleOwnership';

// The renters policy edit screen (/renters/customers/{customerId}/policies/{matterId}): the record, its edits
// and its matters (docs/renters-policy-record.md). Everything needs renters_policy_ax; each edit also its own
// privilege (SPEC §6 "Renters"). A policy outside the caller's scope answers 404.
const access = anyOf('renters_policy_ax');
const editAccess = (privilege: string) => allOf(access, anyOf(privilege));
const MatterParams = z.object({ matterId: MatterIdParams.shape.matterId });
// Each edit is an event on the policy's log (rentersPolicyEdits.ts); notes send no version.
const EDIT_CONFLICTS = [CONFLICT.staleVersion('data.policy_version'), CONFLICT.concurrentWrite];

export function rentersPolicyRecordRoutes(app: FastifyInstance, options: { db: Db; clock?: Clock }): void {
  const { db, clock = systemClock } = options;
  // The business day of the server's clock, as every route's (docs/decisions/016-one-business-day.md).
  const today = () => businessDate(clock.now());
  const r = app.withTypeProvider<ZodTypeProvider>();

  const policyOf = (request: FastifyRequest, matterId: number) =>
    requireRentersPolicy(db, requirePrincipal(request), matterId);
  // Edits answer the fresh record, so the screen updates from the answer.
  const recordOf = async (ref: RentersPolicyRef) => ({ data: await recordWithBill(ref) });
  async function recordWithBill(ref: RentersPolicyRef) {
    const day = today();
    const billed = await upcomingBill(db, { line: 'renters', policyNumber: ref.policyNumber }, day);
    return loadRentersPolicyRecord(db, ref, day, billed);
  }

  r.get(
    '/v2/renters/customers/:customerId/policies/:matterId',
    {
      config: { access },
      schema: {
        params: MatterParams.extend({ customerId: integerParam('customerId') }),
        response: { 200: RentersPolicyRecordResponse },
      },
    },
    async (request) => {
      const ref = await policyOf(request, request.params.matterId);
      if (ref.customerId !== request.params.customerId) throw notFound('renters policy');
      return recordOf(ref);
    },
  );

  // SPEC §3's Policy, Policy term and Transaction in the renters wire's snake_case, read like the record
  // (docs/renters-policy-record.md "Policy, terms and transactions"). The policy and its terms are made from
  // the record itself, so their flags, dates and next bill are the record's to the cent.
  r.get(
    '/v2/renters/policies/:matterId',
    {
      config: { access },
      schema: {
        summary: 'Get a renters policy (SPEC §3 Policy)',
        params: MatterParams,
        response: { 200: RentersPolicyWireResponse },
      },
    },
    async (request) => {
      const ref = await policyOf(request, request.params.matterId);
      const events = await readRentersPolicy(db, ref.policyNumber);
      const record = await recordWithBill(ref);
      return { data: rentersPolicyWireOf(record, rentersEndingReasons(events)) };
    },
  );

  r.get(
    '/v2/renters/policies/:matterId/terms',
    {
      config: { access },
      schema: {
        summary: 'List the terms of a renters policy',
        params: MatterParams,
        response: { 200: RentersPolicyTermsResponse },
      },
    },
    async (request) => {
      const ref = await policyOf(request, request.params.matterId);
      const events = await readRentersPolicy(db, ref.policyNumber);
      return { data: rentersTermsOf(events, await recordWithBill(ref)) };
    },
  );

  r.get(
    '/v2/renters/policies/:matterId/transactions',
    {
      config: { access },
      schema: {
        summary: 'List the transactions of a renters policy',
        params: MatterParams,
        response: { 200: RentersPolicyTransactionsResponse },
      },
    },
    async (request) => {
      const ref = await policyOf(request, request.params.matterId);
      return { data: rentersTransactionsOf(await readRentersPolicy(db, ref.policyNumber), today()) };
    },
  );

  r.post(
    '/v2/renters/policies/:matterId/contacts',
    {
      config: { access: editAccess('renters_phone_edit'), conflicts: EDIT_CONFLICTS },
      schema: {
        params: MatterParams,
        body: RentersContactRequest,
        response: { 200: RentersPolicyRecordResponse },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const ref = await policyOf(request, request.params.matterId);
      await changeRentersContact(db, metadataOf(request, principal), ref, request.body.data);
      return recordOf(ref);
    },
  );

  // The privilege depends on the address type in the body, so it is checked here rather than by the table.
  r.post(
    '/v2/renters/policies/:matterId/addresses',
    {
      config: { access, conflicts: EDIT_CONFLICTS },
      schema: {
        params: MatterParams,
        body: RentersAddressRequest,
        response: { 200: RentersPolicyRecordResponse },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      requireAddressPrivilege(principal, request.body.data.address_type);
      const ref = await policyOf(request, request.params.matterId);
      await changeRentersAddress(db, metadataOf(request, principal), ref, request.body.data);
      return recordOf(ref);
    },
  );

  // Confirming an address takes the privilege of changing it (docs/security.md).
  r.post(
    '/v2/renters/policies/:matterId/addresses/confirm',
    {
      config: {
        access,
        conflicts: [
          ...EDIT_CONFLICTS,
          'The address named is not waiting for confirmation: it is confirmed already.',
        ],
      },
      schema: {
        params: MatterParams,
        body: RentersAddressConfirmRequest,
        response: { 200: RentersPolicyRecordResponse },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      requireAddressPrivilege(principal, request.body.data.address_type);
      const ref = await policyOf(request, request.params.matterId);
      await confirmRentersAddress(db, metadataOf(request, principal), ref, request.body.data);
      return recordOf(ref);
    },
  );

  r.post(
    '/v2/renters/policies/:matterId/additional-insureds',
    {
      config: { access: editAccess('renters_addl_ins_add'), conflicts: EDIT_CONFLICTS },
      schema: {
        params: MatterParams,
        body: RentersInsuredAddRequest,
        response: { 201: RentersPolicyRecordResponse },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const ref = await policyOf(request, request.params.matterId);
      await addRentersInsured(db, metadataOf(request, principal), ref, request.body.data);
      return reply.code(201).send(await recordOf(ref));
    },
  );

  r.delete(
    '/v2/renters/policies/:matterId/additional-insureds',
    {
      config: { access: editAccess('renters_addl_ins_add'), conflicts: EDIT_CONFLICTS },
      schema: {
        params: MatterParams,
        body: RentersInsuredDeleteRequest,
        response: { 200: RentersPolicyRecordResponse },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const ref = await policyOf(request, request.params.matterId);
      await removeRentersInsured(db, metadataOf(request, principal), ref, request.body);
      return recordOf(ref);
    },
  );

  r.get(
    '/v2/renters/policies/:matterId/notes',
    {
      config: { access },
      schema: {
        summary: 'List the notes of a renters policy (SPEC §3 Note)',
        params: MatterParams,
        querystring: pagingQuery(10),
        response: { 200: RentersNotesPage },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const ref = await policyOf(request, request.params.matterId);
      return rentersNotesPage(db, ref.policyNumber, request.query, isStaff(principal));
    },
  );

  r.post(
    '/v2/renters/policies/:matterId/notes',
    {
      config: { access, conflicts: [CONFLICT.concurrentWrite] },
      schema: {
        summary: 'Add a note to a renters policy (SPEC §3 Note)',
        params: MatterParams,
        body: AddRentersNoteRequest,
        response: { 201: RentersNoteResponse },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const ref = await policyOf(request, request.params.matterId);
      const note = request.body.data;
      const id = await addRentersNote(db, metadataOf(request, principal), ref, note, isStaff(principal));
      return reply.code(201).send(await rentersNoteAnswer(db, ref.policyNumber, id));
    },
  );

  r.get(
    '/v2/renters/policies/:matterId/documents',
    { config: { access }, schema: { params: MatterParams, response: { 200: PolicyDocumentsResponse } } },
    async (request) => {
      const ref = await policyOf(request, request.params.matterId);
      return documentsAnswer(db, ref.policyNumber);
    },
  );

  // A file, not JSON: no 200 schema.
  r.get(
    '/v2/renters/policies/:matterId/documents/:documentId',
    {
      config: { access },
      schema: { params: MatterParams.extend({ documentId: uuidParam('documentId') }) },
    },
    async (request, reply) => {
      const ref = await policyOf(request, request.params.matterId);
      return sendDocument(db, reply, ref.policyNumber, request.params.documentId);
    },
  );

  r.get(
    '/v2/renters/policies/:matterId/events',
    { config: { access }, schema: { params: MatterParams, response: { 200: RentersPolicyEventsResponse } } },
    async (request) => {
      const ref = await policyOf(request, request.params.matterId);
      // Newest first, as the pet policy's events answer.
      const viewer = roleReach(requirePrincipal(request));
      return { data: (await rentersPolicyEvents(db, ref.policyNumber, viewer)).reverse() };
    },
  );

  r.get(
    '/v2/renters/policies/:matterId/payments',
    {
      config: { access },
      schema: {
        summary: 'List the payments of a renters policy, a page at a time (SPEC §3 Payment)',
        params: MatterParams,
        querystring: pagingQuery(RENTERS_PAYMENT_PAGE_LIMIT),
        response: { 200: RentersPaymentsResponse },
      },
    },
    async (request) => {
      const ref = await policyOf(request, request.params.matterId);
      const events = await readRentersPolicy(db, ref.policyNumber);
      const record = await recordWithBill(ref);
      const { upcomingPaymentDate, upcomingPaymentAmount } = record.summary;
      const nextBill =
        upcomingPaymentDate !== null && upcomingPaymentAmount !== null
          ? { dueDate: upcomingPaymentDate, amountCents: Math.round(upcomingPaymentAmount * 100) }
          : null;
      const collected = await collectedCharges(db, { line: 'renters', policyNumber: ref.policyNumber });
      const { page, limit } = request.query;
      const all = rentersPayments(events, nextBill, collected);
      const rows = all.slice((page - 1) * limit, page * limit);
      return { data: rows, meta: pageMeta(page, limit, rows.length, { total: all.length }) };
    },
  );

  // A file, not JSON: no 200 schema.
  r.get(
    '/v2/renters/downloadReceipt',
    { config: { access }, schema: { querystring: RentersReceiptQuery } },
    async (request, reply) => {
      const { policyNumber } = request.query;
      const ref = await requireRentersPolicyNumber(db, requirePrincipal(request), policyNumber);
      const [issued] = await readRentersPolicy(db, ref.policyNumber);
      if (!issued) throw notFound('renters policy');
      const bytes = await rentersReceiptPdf(issued);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="receipt-${policyNumber}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes));
    },
  );
}

// Changing or confirming an address of a type takes that type's privilege (docs/security.md).
function requireAddressPrivilege(
  principal: ReturnType<typeof requirePrincipal>,
  addressType: keyof typeof RENTERS_ADDRESS_PRIVILEGES,
): void {
  if (!isAllowed(anyOf(RENTERS_ADDRESS_PRIVILEGES[addressType]), accessSubject(principal))) throw forbidden();
}
