// 'rentersPolicyStatus' → 'Renters policy status': a registry name read as words, for tabs and headings.
export function machineTitle(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
