import type { ReactNode } from 'react';
import { formatDate } from '../format';

export interface PolicyTermLineProps {
  status: ReactNode;
  // Who (and for a pet policy, which pet) the policy covers.
  insured: ReactNode;
  effectiveDate: string;
  expirationDate: string;
}

// The line under a policy screen's title: status, insured and term. The matter id is the URL's, not words
// for a person.
export function PolicyTermLine({ status, insured, effectiveDate, expirationDate }: PolicyTermLineProps) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      {status}
      <span>{insured}</span>
      <span aria-hidden="true">·</span>
      <span>
        {formatDate(effectiveDate)} – {formatDate(expirationDate)}
      </span>
    </span>
  );
}
