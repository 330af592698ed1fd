import { createHash } from 'node:crypto';

// A job's id named by its key ("billing:2026-11-27", "mail:42"): the runner keeps one job per id, so sending a
// key twice, from one process or two, makes one job. Shaped as a UUID because the runner's ids are UUIDs.
export function jobIdOf(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
