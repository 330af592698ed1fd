import { Link } from 'react-router-dom';

export interface NotAvailableScreenProps {
  title: string;
  area: string;
}

// Areas whose screens arrive in later versions say so plainly instead of showing made-up data.
export function NotAvailableScreen({ title, area }: NotAvailableScreenProps) {
  return (
    <section aria-labelledby="screen-title" className="mx-auto max-w-3xl">
      <p className="text-sm font-medium text-indigo-600">{area}</p>
      <h1 id="screen-title" className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">
        {title}
      </h1>
      <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
        <p className="text-slate-700" data-testid="not-available">
          {title} is not available yet in this version of the portal.
        </p>
        <Link to="/" className="mt-4 inline-block text-sm font-medium text-indigo-600 hover:text-indigo-500">
          Back to the start page
        </Link>
      </div>
    </section>
  );
}
