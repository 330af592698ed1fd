import type { RentersQuoteView } from '../../../api/schemas/rentersQuotes';
import { formatBusinessDate } from '../../../calendar';
import { formatMoney } from '../../../ui/format';

type Premium = NonNullable<RentersQuoteView['premium']>;

// The server's price for the chosen coverage: premium, taxes, fees, total and the payment schedule.
export function PremiumSummary({ premium }: { premium: Premium }) {
  const monthly = premium.term_interval === 'monthly';
  return (
    <section aria-labelledby="premium-title" className="rounded-lg border border-slate-200 bg-white p-6">
      <h2 id="premium-title" className="mb-4 text-base font-semibold text-slate-900">
        Premium ({monthly ? 'monthly' : 'annual'})
      </h2>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm md:grid-cols-4">
        <dt className="text-slate-500">Term premium</dt>
        <dd data-testid="premium-term">{formatMoney(premium.term_premium)}</dd>
        <dt className="text-slate-500">Taxes</dt>
        <dd data-testid="premium-taxes">{formatMoney(premium.taxes)}</dd>
        <dt className="text-slate-500">Fees</dt>
        <dd data-testid="premium-fees">{formatMoney(premium.fees)}</dd>
        <dt className="font-semibold text-slate-900">Total</dt>
        <dd data-testid="premium-total" className="font-semibold text-slate-900">
          {formatMoney(premium.total)}
        </dd>
      </dl>
      <table className="mt-4 w-full text-left text-sm">
        <caption className="sr-only">Payment schedule</caption>
        <thead className="text-slate-500">
          <tr>
            <th className="py-1 font-medium">#</th>
            <th className="py-1 font-medium">Due</th>
            <th className="py-1 text-right font-medium">Premium</th>
            <th className="py-1 text-right font-medium">Taxes</th>
            <th className="py-1 text-right font-medium">Fees</th>
            <th className="py-1 text-right font-medium">Total</th>
          </tr>
        </thead>
        <tbody>
          {premium.schedule.map((row) => (
            <tr key={row.number} className="border-t border-slate-100">
              <td className="py-1">{row.number}</td>
              <td className="py-1">{formatBusinessDate(row.due_date)}</td>
              <td className="py-1 text-right">{formatMoney(row.premium)}</td>
              <td className="py-1 text-right">{formatMoney(row.taxes)}</td>
              <td className="py-1 text-right">{formatMoney(row.fees)}</td>
              <td className="py-1 text-right">{formatMoney(row.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
