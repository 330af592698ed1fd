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
