import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf } from '../../../api/access';
import { MatterIdParams } from '../../../api/schemas/policies';
import { integerParam, uuidParam } from '../../../api/schemas/params';
import {
  AddPolicyNoteRequest,
  ClaimResponse,
  ClaimsResponse,
  PolicyDocumentsResponse,
  PolicyNoteResponse,
  PolicyNotesPage,
  PolicyNumberQuery,
  PolicyPaymentsPage,
  PolicyRatesResponse,
  pagingQuery,
  type Claim,
} from '../../../api/schemas/policyMatters';
import { listClaims } from '../../domain/matters/claimQueries';
import { CLAIM_STATUS_INFO } from '../../domain/matters/claimStatus';
import { requireMatter, requirePolicyNumber } from '../../domain/matters/matterScope';
import { addNote } from '../../domain/policies/policyNotes';
import { policyPayments } from '../../domain/billing/policyPayments';
import { policyRates } from '../../domain/policies/policyRates';
import { dollars, dollarsOrNull } from '../../domain/rating/wireAmounts';
import type { Db } from '../../store/db';
import { notFound } from '../errors';
import { CONFLICT } from '../openapi/conflicts';
import { requirePrincipal } from '../routeTable';
import { documentsAnswer, noteAnswer, notesPage, sendDocument } from './policyAnnotationAnswers';
import { metadataOf } from './userMetadata';
import { serverTimestamp } from '../../../calendar';

// SPEC §7 "Policies and matters": a pet policy's notes, documents, claims, payments and rates (files are in
// matterFileRoutes.ts). Everything needs quote_policy; a policy outside the caller's scope answers 404.
const access = anyOf('quote_policy');
// The same id rule as the policy routes, so a bad matter id gets one message everywhere.
const MatterParams = z.object({ matterId: MatterIdParams.shape.matterId });

type ClaimRow = Awaited<ReturnType<typeof listClaims>>[number];
const iso = (value: Date | string) => serverTimestamp(value);
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
const claimOut = (c: ClaimRow): Claim => {
  const status = c.status as Claim['status'];
  return {
    id: c.id,
    claimNumber: c.claim_number,
    status,
    lossDate: c.loss_day,
    reportedDate: c.reported_day,
    conditions: c.conditions,
    description: c.description,
    claimedAmount: dollars(c.claimed_cents),
    approvedAmount: dollarsOrNull(c.approved_cents),
    paidAmount: dollars(c.paid_cents),
    payments: c.payments.map((p) => ({
      id: p.id,
      paidOn: p.paid_day,
      amount: dollars(p.amount_cents),
      method: p.method,
      reference: p.reference,
      status: 'PAID',
      info: { status: 'PAID', method: p.method, reference: p.reference },
      totalPaymentAmount: dollars(p.amount_cents),
      transactionDate: p.paid_day,
    })),
    source: c.source as Claim['source'],
    amount: dollars(c.claimed_cents),
    amountPaid: dollars(c.paid_cents),
    diagnosis: c.diagnosis,
    treatmentStart: c.treatment_start_day,
    treatmentEnd: c.treatment_end_day,
    dateOfLoss: c.loss_day,
    assessedAt: isoOrNull(c.assessed_at),
    reassessedAt: isoOrNull(c.reassessed_at),
    closedAt: isoOrNull(c.closed_at),
    createdAt: iso(c.created_at),
    claimStatus: CLAIM_STATUS_INFO[status],
  };
};

export function policyMatterRoutes(app: FastifyInstance, options: { db: Db }): void {
  const { db } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v2/policies/:matterId/notes',
    {
      config: { access },
      schema: {
        params: MatterParams,
        querystring: pagingQuery(10),
        response: { 200: PolicyNotesPage },
      },
    },
    async (request) => {
      const matter = await requireMatter(db, requirePrincipal(request), request.params.matterId);
      return notesPage(db, matter.policyNumber, request.query.page, request.query.limit);
    },
  );

  r.post(
    '/v2/policies/:matterId/notes',
    {
      // A note is an event on the policy's log.
      config: { access, conflicts: [CONFLICT.concurrentWrite] },
      schema: { params: MatterParams, body: AddPolicyNoteRequest, response: { 201: PolicyNoteResponse } },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const matter = await requireMatter(db, principal, request.params.matterId);
      const id = await addNote(
        db,
        metadataOf(request, principal),
        matter.policyNumber,
        request.body.data.note,
      );
      return reply.code(201).send(await noteAnswer(db, matter.policyNumber, id));
    },
  );

  r.get(
    '/v2/policies/documents',
    {
      config: { access },
      schema: { querystring: PolicyNumberQuery, response: { 200: PolicyDocumentsResponse } },
    },
    async (request) => {
      const policy = await requirePolicyNumber(db, requirePrincipal(request), request.query.policyNumber);
      return documentsAnswer(db, policy.policyNumber);
    },
  );

  // A file, not JSON: no 200 schema.
  r.get(
    '/v2/matters/:matterId/documents/:documentId',
    {
      config: { access },
      schema: { params: MatterParams.extend({ documentId: uuidParam('documentId') }) },
    },
    async (request, reply) => {
      const matter = await requireMatter(db, requirePrincipal(request), request.params.matterId);
      return sendDocument(db, reply, matter.policyNumber, request.params.documentId);
    },
  );

  r.get(
    '/v2/matters/:matterId/claims',
    { config: { access }, schema: { params: MatterParams, response: { 200: ClaimsResponse } } },
    async (request) => {
      const matter = await requireMatter(db, requirePrincipal(request), request.params.matterId);
      return { data: (await listClaims(db, matter.policyNumber)).map(claimOut) };
    },
  );

  r.get(
    '/v2/matters/:matterId/claims/:claimId',
    {
      config: { access },
      schema: {
        params: MatterParams.extend({ claimId: integerParam('claimId') }),
        response: { 200: ClaimResponse },
      },
    },
    async (request) => {
      const matter = await requireMatter(db, requirePrincipal(request), request.params.matterId);
      const [claim] = await listClaims(db, matter.policyNumber, request.params.claimId);
      if (!claim) throw notFound('claim');
      return { data: claimOut(claim) };
    },
  );

  const paymentsPage = async (policyNumber: string, page: number, limit: number) => {
    const { rows, meta } = await policyPayments(db, policyNumber, page, limit);
    return {
      data: rows.map(({ amountCents, ...row }) => ({
        ...row,
        amount: dollars(amountCents),
        info: {
          status: row.status,
          type: row.type,
          method: row.method,
          last4: row.last4,
          reference: row.reference,
        },
        totalPaymentAmount: dollars(amountCents),
        transactionDate: row.date,
      })),
      meta,
    };
  };

  r.get(
    '/v2/policies/payments',
    {
      config: { access },
      schema: {
        querystring: pagingQuery(5).extend(PolicyNumberQuery.shape),
        response: { 200: PolicyPaymentsPage },
      },
    },
    async (request) => {
      const policy = await requirePolicyNumber(db, requirePrincipal(request), request.query.policyNumber);
      return paymentsPage(policy.policyNumber, request.query.page, request.query.limit);
    },
  );

  // SPEC §7 "Matters: … payments": the same page, addressed by the matter.
  r.get(
    '/v2/matters/:matterId/payments',
    {
      config: { access },
      schema: { params: MatterParams, querystring: pagingQuery(5), response: { 200: PolicyPaymentsPage } },
    },
    async (request) => {
      const matter = await requireMatter(db, requirePrincipal(request), request.params.matterId);
      return paymentsPage(matter.policyNumber, request.query.page, request.query.limit);
    },
  );

  r.get(
    '/v2/policies/rates',
    {
      config: { access },
      schema: { querystring: PolicyNumberQuery, response: { 200: PolicyRatesResponse } },
    },
    async (request) => {
      const policy = await requirePolicyNumber(db, requirePrincipal(request), request.query.policyNumber);
      const rates = await policyRates(db, policy.policyNumber);
      return {
        data: {
          policyNumber: rates.policyNumber,
          planCode: rates.planCode,
          planName: rates.planName,
          paymentPeriod: rates.paymentPeriod,
          deductible: dollars(rates.deductibleCents),
          reimbursement: rates.reimbursement,
          copay: 100 - rates.reimbursement,
          annualCoverage: dollarsOrNull(rates.annualCoverageCents),
          examFee: rates.examFee,
          wellnessLevel: rates.wellnessLevel,
          annualPremium: dollars(rates.annualPremiumCents),
          monthlyPayment: dollarsOrNull(rates.monthlyPaymentCents),
          downpayment: dollarsOrNull(rates.downpaymentCents),
          taxes: {
            state: dollarsOrNull(rates.stateTaxCents),
            municipal: dollarsOrNull(rates.municipalTaxCents),
          },
        },
      };
    },
  );
}
