import { formatInstantDate } from '../../calendar';
import type { Location } from '../../api/schemas/entities';

// How an entity's address reads on screen.
export function addressLines(
  location: Pick<Location, 'address_1' | 'address_2' | 'city' | 'state_code' | 'zip'>,
) {
  return [
    location.address_1,
    location.address_2,
    `${location.city}, ${location.state_code} ${location.zip}`,
  ].filter((line): line is string => !!line);
}

interface Audited {
  created_at: string;
  created_by: { name: string } | null;
  updated_at: string;
  updated_by: { name: string } | null;
}

const byWhom = (actor: { name: string } | null) => (actor ? ` by ${actor.name}` : ' at setup');

// Who added a location or contact and who last changed it, as the administrator reads it: "Added Dec 7, 2026
// by Alex Morgan · changed Dec 8, 2026 by Sam Lee" (the change only once there has been one).
export function auditLine(record: Audited): string {
  const added = `Added ${formatInstantDate(record.created_at)}${byWhom(record.created_by)}`;
  if (record.updated_at === record.created_at) return added;
  return `${added} · changed ${formatInstantDate(record.updated_at)}${byWhom(record.updated_by)}`;
}
