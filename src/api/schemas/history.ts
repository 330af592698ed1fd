import { z } from 'zod';

// A record's history (DESIGN.md "Event sourcing"): each event of its stream with what changed, who, when.
export const HistoryEntry = z.object({
  version: z.number().int(),
  type: z.string(),
  recordedAt: z.string(),
  // Null for the system; an agency user sees actors outside their reach without id or name (issue 21).
  actor: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
  // The event's data with secrets left out (password hashes, tokens).
  changes: z.record(z.string(), z.unknown()),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const HistoryResponse = z.object({ data: z.array(HistoryEntry) });
