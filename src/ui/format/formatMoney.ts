// Money on screen: dollars as $1,234.56 (the wire carries decimal dollars).
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatMoney(dollars: number): string {
  return usd.format(dollars);
}
