import { inflateSync } from 'node:zlib';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BulkStatementResponse,
  GenerateStatementsResponse,
  StatementMonthListResponse,
  type BulkCommand,
} from '../../src/api/schemas/commissionStatements';
import { DashboardStatisticsResponse } from '../../src/api/schemas/dashboard';
import { StatementReportPage } from '../../src/api/schemas/reports';
import { statementAggregate } from '../../src/server/domain/commission/statementAggregate';
import { COMMISSION_RULE_STREAM } from '../../src/server/domain/commission/commissionRuleEvents';
import { USER_STREAM } from '../../src/server/domain/users/userEvents';
import {
  codeGroup,
  monthBefore,
  statementApi,
  businessMonth,
  type Agency,
} from '../support/commissionStatementApi';
import { COMMAND_SCOPES } from '../support/commandScopes';
import { entityApi, expectStatus, userWith } from '../support/entityApi';
import type { ApiResponse, RequestOptions } from '../support/http';
import { ADMIN, REVIEWER } from '../support/personas';
import { userIdOf } from '../support/records';
import { useTestServer } from '../support/suite';
import { EVERY_GRANTABLE, tableCounts } from '../support/tenantFixtures';
import { testDatabases } from '../support/testServer';
import { businessToday } from '../support/businessToday';

// Commands that name no record (generation, bulk commands by filter or by a list of ids, the payment and
// statement reports and their files, the statement months, the premium report, commission rules copied from
// a template) as an agency user holding every privilege an administrator could grant: each acts only on the
// entities of the user's subtree, whatever the filter, the body, the ids or the agentEntityCode header name,
// and the log never names that user on another agency's record. House staff keep the house-wide scope.

const STATEMENT_STREAM = statementAggregate.streamType;
const BULK: readonly BulkCommand[] = ['approve', 'mark-paid', 'mark-unpaid', 'unapprove'];

// The middle of a month, as a sale's time.
const dayIn = (month: string) => new Date(`${month}-15T12:00:00Z`);

// The text a PDF of the server's draws: its content streams inflated, and the hex strings shown in them
// decoded (pdf-lib writes standard-font text as `<hex> Tj`).
function pdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  const texts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      content = match[1]!;
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g))
      texts.push(Buffer.from(hex[1]!, 'hex').toString('latin1'));
  }
  return texts.join(' ');
}

interface StoredStatement {
  id: number;
  entity_id: number;
  month: string;
  state: string;
  version: number;
  amount_cents: string | number;
}

describe.each(testDatabases())(
  'commands without a record id stay in the caller’s scope on %s',
  (database) => {
    const s = useTestServer(database);
    const e = entityApi(() => s.api);
    const st = statementApi(e, () => s.t);
    const db = () => s.t.server.database.db;
    const month = businessMonth();
    // A month in which only the other agency sold.
    const earlier = monthBefore(month, 2);

    // Ours with its child, and an agency of another tree; `attacker` is an external user of ours.
    let ours: Agency;
    let child: Agency;
    let theirs: Agency;
    let attacker: string;
    let attackerId: number;
    let oursPath: string;

    const as = (path: string, body: unknown, options: RequestOptions = {}) =>
      e.post(path, attacker, body, options);

    const statementsOf = async (entityIds: number[]): Promise<StoredStatement[]> =>
      db()
        .selectFrom('commission_statements')
        .select(['id', 'entity_id', 'month', 'state', 'version', 'amount_cents'])
        .where('entity_id', 'in', entityIds)
        .orderBy('id')
        .execute();
    const statementOf = async (agency: Agency, of = month) =>
      (await statementsOf([agency.id])).find((row) => row.month === of)!;
    // The statements of ours' subtree matching a month, straight from the table.
    const inScope = async (of?: string) => {
      const rows = await db()
        .selectFrom('commission_statements as s')
        .innerJoin('entities as e', 'e.id', 's.entity_id')
        .select('s.id')
        .where('e.path', 'like', `${oursPath}%`)
        .$if(of !== undefined, (q) => q.where('s.month', '=', of!))
        .execute();
      return rows.length;
    };
    const generated = (response: ApiResponse) => {
      expectStatus(response, 200);
      return GenerateStatementsResponse.parse(response.body).data;
    };
    const bulkResult = (response: ApiResponse) => {
      expectStatus(response, 200);
      return BulkStatementResponse.parse(response.body).data;
    };

    beforeAll(async () => {
      const group = codeGroup();
      ours = await st.newAgency({ code: group.code(0), name: 'Scope Ours' });
      child = await st.newAgency({ code: group.code(1), name: 'Scope Child', parent: ours.code });
      theirs = await st.newAgency({ code: codeGroup().code(0), name: 'Scope Theirs' });
      attacker = await userWith(db(), {
        entityCode: ours.code,
        userType: 'external',
        privilegeCodes: EVERY_GRANTABLE,
      });
      attackerId = await userIdOf(db(), attacker);
      oursPath = (
        await db().selectFrom('entities').select('path').where('id', '=', ours.id).executeTakeFirstOrThrow()
      ).path;
      for (const agency of [ours, child, theirs]) await st.sellRenters(agency);
      await st.sellRenters(theirs, { soldAt: dayIn(earlier) });
      await st.generate(month);
      await st.generate(earlier);
      // All verified, so mark-paid could move any of their statements.
      for (const agency of [ours, child, theirs]) await st.verifyBankAccount(agency.id);
    }, 120_000);

    it('generates and recalculates only the statements of the caller’s subtree; staff keep the house', async () => {
      // New sales change both agencies' figures, and a fourth agency has sales but no statement yet.
      await st.sellRenters(ours);
      await st.sellRenters(theirs);
      const fresh = await st.newAgency({ code: codeGroup().code(0), name: 'Scope Fresh' });
      await st.sellRenters(fresh);
      await st.sellRenters(fresh, { soldAt: dayIn(earlier) });
      const before = await statementsOf([theirs.id, fresh.id]);

      const outcome = generated(await as('/v2/commission-statements/generate', { data: { month } }));
      expect(outcome).toMatchObject({ created: 0, recalculated: 1, unchanged: 1, kept: [] });
      expect((await statementOf(ours)).version).toBeGreaterThan(1);
      // Acting for the child changes nothing of the rule; the other month holds only other agencies' sales.
      const acting = generated(
        await as('/v2/commission-statements/generate', { data: { month } }, { actingFor: child.code }),
      );
      expect(acting).toMatchObject({ created: 0, recalculated: 0, unchanged: 2 });
      const other = generated(await as('/v2/commission-statements/generate', { data: { month: earlier } }));
      expect(other).toMatchObject({ created: 0, recalculated: 0, unchanged: 0, kept: [] });
      expectStatus(
        await as('/v2/commission-statements/generate', { data: { month } }, { actingFor: theirs.code }),
        403,
      );
      expect(await statementsOf([theirs.id, fresh.id])).toEqual(before);

      // The control: the house's generation reaches both.
      const house = await st.generate(month);
      expect(house.created).toBeGreaterThanOrEqual(1);
      expect(house.recalculated).toBeGreaterThanOrEqual(1);
      expect((await statementOf(theirs)).version).toBe(before.find((r) => r.month === month)!.version + 1);
      expect(await statementOf(fresh)).toBeDefined();
    });

    it('moves by a list of ids only the caller’s statements, answering another agency’s as unknown', async () => {
      const mine = [await statementOf(ours), await statementOf(child)];
      const foreign = [await statementOf(theirs), await statementOf(theirs, earlier)];
      // The other agency's statements in each state a command could move: one pending, one approved.
      expectStatus(await st.command(foreign[1]!, 'approve', REVIEWER), 200);
      const before = await statementsOf([theirs.id]);
      const ids = [foreign[0]!.id, mine[0]!.id, foreign[1]!.id, mine[1]!.id];
      for (const name of BULK) {
        const result = bulkResult(await as(`/v2/commission-statements/${name}`, { ids }));
        expect(result, name).toMatchObject({ affected: 2, matched: 2, total: 4 });
        expect(result.refused.map((r) => [r.id, r.message, r.entity_code])).toEqual(
          foreign.map((f) => [f.id, 'No such statement.', '']),
        );
      }
      expect(await statementsOf([theirs.id])).toEqual(before);
    });

    it('moves by filter only the caller’s subtree, whatever the filter or the header names', async () => {
      const before = await statementsOf([theirs.id]);
      const filters = [
        {},
        { entityCode: theirs.code },
        { date: earlier },
        { date: month, months: 3 },
        { reviewStatus: 'Approved' },
      ];
      for (const name of BULK) {
        for (const filter of filters) {
          for (const actingFor of [undefined, child.code]) {
            const response = await as(`/v2/commission-statements/${name}`, { filter }, { actingFor });
            const result = bulkResult(response);
            const label = `${name} ${JSON.stringify(filter)} ${actingFor ?? ''}`;
            expect(response.text, label).not.toContain(theirs.code);
            if (Object.keys(filter).length === 0) expect(result.total, label).toBe(await inScope());
            if ('entityCode' in filter || filter.date === earlier) expect(result.matched, label).toBe(0);
            expect(result.matched, label).toBeLessThanOrEqual(await inScope());
          }
        }
        // Acting for the other agency is refused before any filter is read.
        expectStatus(
          await as(`/v2/commission-statements/${name}`, { filter: {} }, { actingFor: theirs.code }),
          403,
        );
        // With a batch size too: the answer's next id never leads outside the scope.
        const stepped = bulkResult(await as(`/v2/commission-statements/${name}`, { filter: {}, batch: 1 }));
        expect(stepped.matched).toBe(1);
      }
      expect(await statementsOf([theirs.id])).toEqual(before);
    });

    it('reports, files and lists only the caller’s subtree', async () => {
      const foreign = await statementOf(theirs);
      const own = await statementOf(ours);
      const reports: [string, unknown][] = [
        ['{}', { filter: {} }],
        ['ids', { ids: [foreign.id, own.id] }],
        ['theirs', { filter: { entityCode: theirs.code } }],
      ];
      expectStatus(
        await as('/v2/commission-payment-reports', { filter: {} }, { actingFor: theirs.code }),
        403,
      );
      for (const [label, body] of reports) {
        const response = await as('/v2/commission-payment-reports', body);
        expectStatus(response, 200);
        expect(response.text, label).not.toContain(theirs.code);
        if (label !== 'theirs') expect(response.text, label).toContain(ours.code);
      }
      const report = await e.get(
        `/v2/reports/commission-statements?limit=100&filter[entityCode]=${theirs.id}`,
        attacker,
      );
      expectStatus(report, 200);
      expect(StatementReportPage.parse(report.body).totals.count).toBe(0);
      const all = await e.get('/v2/reports/commission-statements?limit=100', attacker);
      expect(all.text).toContain(ours.code);
      expect(all.text).not.toContain(theirs.code);
      for (const query of [`filter[entityCode]=${theirs.id}`, `filter[date]=${earlier}`, '']) {
        const csv = await e.get(`/v2/commission-statement-reports?format=csv&${query}`, attacker);
        expectStatus(csv, 200);
        expect(csv.text, query).not.toContain(theirs.code);
        expect(csv.headers.get('x-total-count'), query).toBe(String(query ? 0 : await inScope()));
      }
      const pdfOf = async (query: string) => {
        const response = await fetch(`${s.t.url}/v2/commission-statement-reports?format=pdf&${query}`, {
          headers: { authorization: `Bearer ${await e.tokenOf(attacker)}` },
        });
        expect(response.status).toBe(200);
        return pdfText(Buffer.from(await response.arrayBuffer()));
      };
      const everything = await pdfOf('');
      // The control: the file's text is read, and holds the caller's own rows.
      expect(everything).toContain(ours.code);
      expect(everything).not.toContain(theirs.code);
      expect(await pdfOf(`filter[entityCode]=${theirs.id}`)).not.toContain(theirs.code);
      const months = await e.get('/v2/lists/commission/statement-months', attacker);
      expectStatus(months, 200);
      expect(StatementMonthListResponse.parse(months.body).data).toEqual([month]);
      const searched = await e.get(`/v2/commission-statements?filter[entityCode]=${theirs.code}`, attacker);
      expect((searched.body as { meta: { total: number } }).meta.total).toBe(0);
      for (const path of ['/v2/reports/nwp', '/v2/reports/nwp/export']) {
        const response = await e.get(`${path}?entityCode=${theirs.code}`, attacker);
        expectStatus(response, 422);
        expect(response.text).toContain('No entity with this code is within your reach.');
      }
      for (const path of ['/v2/dashboard/statistics', '/v2/commission-statements', '/v2/reports/nwp']) {
        expectStatus(await e.get(path, attacker, { actingFor: theirs.code }), 403);
      }
    });

    it('keeps the dashboard’s commission figures to the caller’s subtree', async () => {
      const on = await e.patch(`/v2/entities/${ours.id}/attributes`, ADMIN, {
        attributes: [{ attrib_id: 28, attrib_value: '1' }],
      });
      expectStatus(on, 200);
      const today = businessToday();
      const figures = async () => {
        const response = await e.get(
          `/v2/dashboard/statistics?fromDate=${month}-01&toDate=${today}`,
          attacker,
        );
        expectStatus(response, 200);
        const { commissionEarned, commissionPending } = DashboardStatisticsResponse.parse(response.body).data
          .figures;
        return { commissionEarned, commissionPending };
      };
      const override = async (agency: Agency) => {
        const statement = await statementOf(agency);
        const added = await e.post(st.path(agency.id, statement.id, '/overrides'), ADMIN, {
          data: { amount: 7, type_code: 'CONTEST', note: null },
        });
        expectStatus(added, 201);
      };
      const before = await figures();
      await override(theirs);
      await st.sellRenters(theirs);
      await st.generate(month);
      expect(await figures()).toEqual(before);
      // The control: the same override on the caller's own statement moves their figures.
      await override(ours);
      expect(await figures()).not.toEqual(before);
    });

    it('copies commission rules only into and from entities of the caller’s subtree', async () => {
      const counts = await tableCounts(db());
      const body = (template?: number) => ({
        data: {
          effective_date: '2031-01-01',
          ...(template === undefined ? {} : { template_entity_id: template }),
        },
      });
      expectStatus(await as(`/v2/entities/${theirs.id}/commission-configs/generate`, body(ours.id)), 404);
      for (const template of [theirs.id, undefined]) {
        const response = await as(`/v2/entities/${child.id}/commission-configs/generate`, body(template));
        expectStatus(response, 422);
        expect(response.text).toContain('The selected template entity is invalid.');
      }
      expect(await tableCounts(db())).toEqual(counts);
      // The control: a template inside the subtree is copied.
      expectStatus(await as(`/v2/entities/${child.id}/commission-configs/generate`, body(ours.id)), 200);
    });

    it('classifies every route that names no record: how its scope is kept, and the test that proves it', () => {
      const routes = s.t.server.routes.map((r) => `${r.method} ${r.url}`).filter((r) => !r.includes(':'));
      expect(routes.filter((route) => !(route in COMMAND_SCOPES))).toEqual([]);
      expect(Object.keys(COMMAND_SCOPES).filter((route) => !routes.includes(route))).toEqual([]);
    });

    // Last: the sweep of everything the tests above had the agency user do.
    it('names the agency user in the log only on records of their subtree', async () => {
      const { rows } = await sql<{ stream_type: string; stream_id: string; entity_path: string | null }>`
      select ev.stream_type, ev.stream_id,
             coalesce(se.path, re.path, ue.path) as entity_path
        from events ev
        left join commission_statements s
          on ev.stream_type = ${STATEMENT_STREAM} and s.id::text = ev.stream_id
        left join entities se on se.id = s.entity_id
        left join commission_rules r on ev.stream_type = ${COMMISSION_RULE_STREAM} and r.id::text = ev.stream_id
        left join entities re on re.id = r.entity_id
        left join users u on ev.stream_type = ${USER_STREAM} and u.id::text = ev.stream_id
        left join entities ue on ue.id = u.entity_id
       where ev.metadata->>'userId' = ${String(attackerId)}`.execute(db());
      expect(rows.length).toBeGreaterThan(0);
      const outside = rows.filter((row) => !row.entity_path?.startsWith(oursPath));
      expect(outside).toEqual([]);
    });
  },
);
