// How the report charts label their axes: months as "Mar 26", money in whole dollars with thousands as k.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const shortMonth = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(2, 4)}`;
// Axis figures in whole dollars, thousands as k.
export const axisMoney = (dollars: number) => {
  const size = Math.abs(dollars);
  const text =
    size >= 1000
      ? `${(size / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })}k`
      : String(Math.round(size));
  return `${dollars < 0 ? '-' : ''}$${text}`;
};
