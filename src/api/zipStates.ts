// The state of a US zip code, by its first three digits (the USPS sectional centre ranges). Only the state
// is needed: rating picks the territory within it. The few prefixes that break a range (055 is
// Massachusetts inside Vermont's 050–059, 201 Virginia beside Washington DC) come first.
const RANGES: readonly (readonly [from: number, to: number, state: string])[] = [
  [55, 55, 'MA'],
  [201, 201, 'VA'],
  [569, 569, 'DC'],
  [885, 885, 'TX'],
  [5, 5, 'NY'],
  [6, 9, 'PR'],
  [10, 27, 'MA'],
  [28, 29, 'RI'],
  [30, 38, 'NH'],
  [39, 49, 'ME'],
  [50, 59, 'VT'],
  [60, 69, 'CT'],
  [70, 89, 'NJ'],
  [100, 149, 'NY'],
  [150, 196, 'PA'],
  [197, 199, 'DE'],
  [200, 205, 'DC'],
  [206, 219, 'MD'],
  [220, 246, 'VA'],
  [247, 268, 'WV'],
  [270, 289, 'NC'],
  [290, 299, 'SC'],
  [300, 319, 'GA'],
  [320, 349, 'FL'],
  [350, 369, 'AL'],
  [370, 385, 'TN'],
  [386, 397, 'MS'],
  [398, 399, 'GA'],
  [400, 427, 'KY'],
  [430, 459, 'OH'],
  [460, 479, 'IN'],
  [480, 499, 'MI'],
  [500, 528, 'IA'],
  [530, 549, 'WI'],
  [550, 567, 'MN'],
  [570, 577, 'SD'],
  [580, 588, 'ND'],
  [590, 599, 'MT'],
  [600, 629, 'IL'],
  [630, 658, 'MO'],
  [660, 679, 'KS'],
  [680, 693, 'NE'],
  [700, 714, 'LA'],
  [716, 729, 'AR'],
  [730, 749, 'OK'],
  [750, 799, 'TX'],
  [800, 816, 'CO'],
  [820, 831, 'WY'],
  [832, 838, 'ID'],
  [840, 847, 'UT'],
  [850, 865, 'AZ'],
  [870, 884, 'NM'],
  [889, 898, 'NV'],
  [900, 961, 'CA'],
  [967, 968, 'HI'],
  [970, 979, 'OR'],
  [980, 994, 'WA'],
  [995, 999, 'AK'],
];

// The states, DC and Puerto Rico: the codes an address may name.
const STATES = new Set(RANGES.map(([, , state]) => state));
export const isStateCode = (code: string): boolean => STATES.has(code);

export function stateOfZip(zip: string): string | null {
  const prefix = Number(zip.slice(0, 3));
  return RANGES.find(([from, to]) => prefix >= from && prefix <= to)?.[2] ?? null;
}
