// Customer phones are ten digits; they read as (512) 555-0199. Anything else shows as stored.
export function formatPhone(phone: string | null): string | null {
  if (!phone) return null;
  const us = /^1?(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : phone;
}
