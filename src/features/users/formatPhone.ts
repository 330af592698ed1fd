// Phone numbers are stored as digits; US numbers read as (512) 555-0100, others as stored.
export function formatPhone(phone: string | null, ext?: string | null): string {
  if (!phone) return '—';
  const us = /^1?(\d{3})(\d{3})(\d{4})$/.exec(phone);
  const number = us ? `(${us[1]}) ${us[2]}-${us[3]}` : phone;
  return ext ? `${number} ext. ${ext}` : number;
}
