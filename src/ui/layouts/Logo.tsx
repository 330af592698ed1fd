import { Link } from 'react-router-dom';

export interface LogoProps {
  brandName: string;
  href?: string;
  inverted?: boolean;
}

// A drawn mark and the brand name: no remote image, so the strict CSP and a missing file cannot break it.
export function Logo({ brandName, href, inverted = false }: LogoProps) {
  const content = (
    <>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" className="fill-indigo-500" />
        <path d="M16 6l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V9l8-3z" className="fill-white/90" />
        <path d="M12.5 16.5l2.5 2.5 5-5" fill="none" strokeWidth="2.2" className="stroke-indigo-600" />
      </svg>
      <span
        className={`truncate text-base font-semibold tracking-tight ${inverted ? 'text-white' : 'text-slate-900'}`}
      >
        {brandName}
      </span>
    </>
  );
  if (!href) return <span className="flex items-center gap-2">{content}</span>;
  return (
    <Link
      to={href}
      className="flex items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-indigo-400"
    >
      {content}
      <span className="sr-only">(go to start page)</span>
    </Link>
  );
}
