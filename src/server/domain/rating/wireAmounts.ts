// The wire carries decimal dollars and percentages (DESIGN.md "Money is integer cents inside"); the engine
// works in cents and basis points. Cents / 100 is exact enough for JSON: 4546 → 45.46.
export const dollars = (cents: number): number => cents / 100;
export const dollarsOrNull = (cents: number | null): number | null => (cents === null ? null : cents / 100);
// Rounded to whole cents, so 500 and 500.001 both mean $500.00.
export const cents = (amount: number): number => Math.round(amount * 100);
// Basis points as a percentage: 2000 → 20.
export const percent = (bp: number): number => bp / 100;
