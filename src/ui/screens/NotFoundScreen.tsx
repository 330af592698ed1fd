import { Link } from 'react-router-dom';

export interface NotFoundScreenProps {
  homeHref?: string;
}

export function NotFoundScreen({ homeHref = '/' }: NotFoundScreenProps) {
  return (
    <section aria-labelledby="not-found-title" className="mx-auto max-w-xl py-12 text-center">
      <p className="text-sm font-semibold text-indigo-600">404</p>
      <h1 id="not-found-title" className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">
        Page not found
      </h1>
      <p className="mt-3 text-slate-600">
        The page you asked for does not exist, or the address is not valid.
      </p>
      <Link
        to={homeHref}
        className="mt-6 inline-block text-sm font-medium text-indigo-600 hover:text-indigo-500"
      >
        Back to the start page
      </Link>
    </section>
  );
}
