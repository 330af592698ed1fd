import { z } from 'zod';
import { pageOf } from './paging';

// SPEC §3's renters Note: priority, source, visibility, content (docs/renters-policy-record.md "Notes"), in
// the renters wire's snake_case. AGENT notes are read by whoever may open the policy; INTERNAL ones by staff
// (administrators and internal agents) alone.
export const RENTERS_NOTE_PRIORITIES = ['NORMAL', 'HIGH'] as const;
export const RENTERS_NOTE_VISIBILITIES = ['AGENT', 'INTERNAL'] as const;
export type RentersNotePriority = (typeof RENTERS_NOTE_PRIORITIES)[number];
export type RentersNoteVisibility = (typeof RENTERS_NOTE_VISIBILITIES)[number];

export const RentersNote = z.object({
  id: z.string(),
  content: z.string(),
  priority: z.enum(RENTERS_NOTE_PRIORITIES),
  // USER: written by a person through the portal; SYSTEM: written by the product itself.
  source: z.enum(['USER', 'SYSTEM']),
  visibility: z.enum(RENTERS_NOTE_VISIBILITIES),
  created_at: z.string(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type RentersNote = z.infer<typeof RentersNote>;
export const RentersNotesPage = pageOf(RentersNote);
export const RentersNoteResponse = z.object({ data: RentersNote });

const noteText = z
  .string({ error: 'The note is required.' })
  .trim()
  .min(1, { error: 'The note is required.' })
  .max(2000, { error: 'The note may be at most 2000 characters.' });

// SPEC §7 "POST policies/{policyId}/notes (body data)": `content`, or `note` as clients of the earlier
// answer sent it; a refusal names the field as sent.
export const AddRentersNoteRequest = z.strictObject({
  data: z
    .strictObject({
      content: noteText.optional(),
      note: noteText.optional(),
      priority: z
        .enum(RENTERS_NOTE_PRIORITIES, { error: 'The priority must be NORMAL or HIGH.' })
        .default('NORMAL'),
      visibility: z
        .enum(RENTERS_NOTE_VISIBILITIES, { error: 'The visibility must be AGENT or INTERNAL.' })
        .default('AGENT'),
    })
    .superRefine((d, ctx) => {
      if (d.content === undefined && d.note === undefined)
        ctx.addIssue({ code: 'custom', path: ['content'], message: 'The note is required.' });
    })
    .transform(({ content, note, priority, visibility }) => ({
      content: content ?? note ?? '',
      priority,
      visibility,
    })),
});
export type AddRentersNote = z.output<typeof AddRentersNoteRequest>['data'];
