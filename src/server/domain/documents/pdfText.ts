import { formatBusinessDate, formatDateTime } from '../../../calendar';

// How the documents the portal makes (PDFs) write money and time, in the same words as the screens.

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const money = (dollars: number): string => USD.format(dollars);

// "Nov 21, 2026, 7:24 PM CST": on the business clock with its zone, in the same words as the portal
// (src/calendar), so the PDF and the screen agree.
export function pdfTime(timestamp: string | Date): string {
  return formatDateTime(timestamp);
}

// A calendar day as "Nov 21, 2026", the day it names.
export const pdfDay = (isoDate: string | null): string => (isoDate ? formatBusinessDate(isoDate) : 'Not set');
