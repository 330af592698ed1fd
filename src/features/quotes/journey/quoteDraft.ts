import { sessionStore } from '../../../api/storage';

// What the start step collects before the quote exists (decision 005: the quote exists from rating). Kept
// in this tab's session storage, so a reload or a detour does not lose it, and nothing outlives the tab.
export interface QuoteDraft {
  entityCode: string | null;
  zip: string;
  startDate: string;
  customer: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    street: string;
    city: string;
  };
}

const KEY = 'portal.quoteDraft';

function isDraft(value: unknown): value is QuoteDraft {
  if (!value || typeof value !== 'object') return false;
  const d = value as Partial<QuoteDraft>;
  return typeof d.zip === 'string' && typeof d.startDate === 'string' && !!d.customer;
}

export const quoteDraft = {
  load(): QuoteDraft | null {
    try {
      const parsed: unknown = JSON.parse(sessionStore()?.getItem(KEY) ?? 'null');
      return isDraft(parsed) ? parsed : null;
    } catch {
      return null;
    }
  },
  save(draft: QuoteDraft): void {
    sessionStore()?.setItem(KEY, JSON.stringify(draft));
  },
  clear(): void {
    sessionStore()?.removeItem(KEY);
  },
};
