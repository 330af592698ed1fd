import type { DashboardFigures } from '../../api/schemas/dashboard';

export interface QuotesByLineProps {
  figures: DashboardFigures;
}

const whole = new Intl.NumberFormat('en-US');
const rate = (converted: number, started: number) =>
  started === 0 ? '—' : `${((converted / started) * 100).toFixed(1)}%`;

// Quotes of the period per line of business: started, bought, and the share bought.
export function QuotesByLine({ figures }: QuotesByLineProps) {
  const rows = [
    { line: 'Pet', started: figures.quotesStartedByLine.pet, converted: figures.quotesConvertedByLine.pet },
    {
      line: 'Renters',
      started: figures.quotesStartedByLine.renters,
      converted: figures.quotesConvertedByLine.renters,
    },
    { line: 'All lines', started: figures.quotesStarted, converted: figures.quotesConverted },
  ];
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="quotes-by-line">
      <h2 id="quotes-by-line" className="text-sm font-medium text-slate-800">
        Quotes by line
      </h2>
      <table className="mt-3 w-full text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs font-medium text-slate-500">
            <th scope="col" className="py-2 pr-2 font-medium">
              Line
            </th>
            <th scope="col" className="px-2 py-2 text-right font-medium">
              Started
            </th>
            <th scope="col" className="px-2 py-2 text-right font-medium">
              Converted
            </th>
            <th scope="col" className="py-2 pl-2 text-right font-medium">
              Conversion
            </th>
            <th scope="col" className="py-2 pl-2 text-right font-medium">
              Previous period
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ line, started, converted }, i) => (
            <tr
              key={line}
              className={i === rows.length - 1 ? 'font-semibold text-slate-900' : 'border-b border-slate-100'}
            >
              <th scope="row" className="py-2 pr-2 text-left font-medium text-slate-800">
                {line}
              </th>
              <td className="px-2 py-2 text-right tabular-nums">{whole.format(started.current)}</td>
              <td className="px-2 py-2 text-right tabular-nums">{whole.format(converted.current)}</td>
              <td className="py-2 pl-2 text-right tabular-nums">
                {rate(converted.current, started.current)}
              </td>
              <td className="py-2 pl-2 text-right text-slate-500 tabular-nums">
                {whole.format(converted.previous)} of {whole.format(started.previous)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-xs text-slate-500">
        A quote counts as converted in the period it was bought, whenever it was started.
      </p>
    </section>
  );
}
