import type { NwpBreakdown, NwpReport } from '../../api/schemas/reports';
import { Alert } from '../../ui/feedback/Alert';
import { formatMoney } from '../../ui/format';
import { groupByWords, groupWords } from './attributionWords';

const BUSINESS = { NEW: 'new', RENEWAL: 'renewal' } as const;
const cell = 'px-3 py-2';
const figure = `${cell} text-right tabular-nums`;

// The report's breakdown (docs/reports.md "Attribution"): one row per value of the attribution chosen, with
// its count, net written premium and the adjustment types the period has (premium, count under it); the
// report's totals below, which the rows add up to.
export function NwpBreakdownTable({ report, breakdown }: { report: NwpReport; breakdown: NwpBreakdown }) {
  // Only the types that happened in the period, so the table stays readable; the totals table has them all.
  const columns = report.totals.filter((t) => t.count > 0);
  const caption = `Net written premium by ${groupByWords(breakdown.groupBy)}`;
  return (
    <section aria-label={caption} className="mt-5">
      <h2 className="mb-2 text-base font-semibold text-slate-900">{caption}</h2>
      {breakdown.groups.length === 0 ? (
        <Alert tone="info">No sale to break down in this period for these filters.</Alert>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className={cell}>
                  {groupByWords(breakdown.groupBy)}
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  Count
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  Net written premium
                </th>
                {columns.map((t) => (
                  <th
                    key={`${t.code}/${t.businessType}`}
                    scope="col"
                    className={`${cell} text-right`}
                    title={t.description}
                  >
                    {t.code} {BUSINESS[t.businessType]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 text-slate-800">
              {breakdown.groups.map((g) => (
                <tr key={g.value}>
                  <th scope="row" className={`${cell} text-left font-normal`}>
                    {groupWords(breakdown.groupBy, g)}
                  </th>
                  <td className={figure}>{g.count.toLocaleString('en-US')}</td>
                  <td className={`${figure} ${g.premium < 0 ? 'text-rose-700' : ''}`}>
                    {formatMoney(g.premium)}
                  </td>
                  {columns.map((c) => {
                    const t = g.totals.find((u) => u.code === c.code && u.businessType === c.businessType);
                    return (
                      <td key={`${c.code}/${c.businessType}`} className={figure}>
                        {t && t.count > 0 ? (
                          <>
                            {formatMoney(t.premium)}
                            <span className="block text-xs text-slate-500">
                              {t.count.toLocaleString('en-US')}
                            </span>
                          </>
                        ) : (
                          '—'
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 border-slate-300 bg-slate-50 font-semibold text-slate-900">
              <tr>
                <th scope="row" className={`${cell} text-left`}>
                  All sales
                </th>
                <td className={figure}>{report.sumOfTotals.count.toLocaleString('en-US')}</td>
                <td className={figure}>{formatMoney(report.sumOfTotals.premium)}</td>
                {columns.map((t) => (
                  <td key={`${t.code}/${t.businessType}`} className={figure}>
                    {formatMoney(t.premium)}
                    <span className="block text-xs font-normal text-slate-500">
                      {t.count.toLocaleString('en-US')}
                    </span>
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
