import { Link, type LinkProps } from 'react-router-dom';

// A navigation that looks like the primary button ("Add role"): a link, so it opens in a new tab too.
export function ButtonLink({ className = '', ...link }: LinkProps) {
  return (
    <Link
      className={`inline-flex items-center rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${className}`}
      {...link}
    />
  );
}
