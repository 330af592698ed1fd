import type { Location } from '../../api/schemas/entities';

// How entity data reads on screen.
export function formatPhone(phone: string | null, extension?: string | null): string {
  if (!phone) return '—';
  const formatted = /^\d{10}$/.test(phone)
    ? `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`
    : phone;
  return extension ? `${formatted} ext. ${extension}` : formatted;
}

export function addressLines(
  location: Pick<Location, 'address_1' | 'address_2' | 'city' | 'state_code' | 'zip'>,
) {
  return [
    location.address_1,
    location.address_2,
    `${location.city}, ${location.state_code} ${location.zip}`,
  ].filter((line): line is string => !!line);
}
