import type { NwpReport } from '../../api/schemas/reports';
import { formatMoney } from '../../ui/format';

const BUSINESS = { NEW: 'New business', RENEWAL: 'Renewal' } as const;
const cell = 'px-3 py-2';
const figure = `${cell} text-right tabular-nums`;

// The per-adjustment-type totals (SPEC §3: count, premium, business type) with the sum of totals below.
export function NwpTotalsTable({ report }: { report: NwpReport }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">Totals by adjustment type</caption>
        <thead className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className={cell}>
              Adjustment
            </th>
            <th scope="col" className={cell}>
              Business type
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Count
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Premium
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {report.totals.map((t) => (
            <tr
              key={`${t.code}/${t.businessType}`}
              className={t.count === 0 ? 'text-slate-500' : 'text-slate-800'}
            >
              <th scope="row" className={`${cell} text-left font-normal`}>
                <span className="font-mono text-xs">{t.code}</span> {t.description}
              </th>
              <td className={cell}>{BUSINESS[t.businessType]}</td>
              <td className={figure}>{t.count.toLocaleString('en-US')}</td>
              <td className={`${figure} ${t.premium < 0 ? 'text-rose-700' : ''}`}>
                {formatMoney(t.premium)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-slate-300 bg-slate-50 font-semibold text-slate-900">
          <tr>
            <th scope="row" colSpan={2} className={`${cell} text-left`}>
              Net written premium
            </th>
            <td className={figure}>{report.sumOfTotals.count.toLocaleString('en-US')}</td>
            <td className={figure}>{formatMoney(report.sumOfTotals.premium)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
