import { z } from 'zod';

// Events of the `entity` stream about an entity's details. Each carries the ids it creates (taken from
// sequences by the command), so replaying the log rebuilds the same rows.

export const LocationFields = z.object({
  locType: z.string(),
  name: z.string(),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  stateCode: z.string(),
  zip: z.string(),
  isEnabled: z.boolean(),
});
export type LocationFields = z.infer<typeof LocationFields>;

export const ContactFields = z.object({
  name: z.string(),
  phone: z.string().nullable(),
  extension: z.string().nullable(),
  email: z.string().nullable(),
  notes: z.string().nullable(),
});
export type ContactFields = z.infer<typeof ContactFields>;

export const LocationAdded = z.object({ locationId: z.number().int(), ...LocationFields.shape });
export const LocationUpdated = z.object({ locationId: z.number().int(), ...LocationFields.partial().shape });
// Removing a location removes its contacts with it.
export const LocationRemoved = z.object({ locationId: z.number().int() });

export const ContactAdded = z.object({
  contactId: z.number().int(),
  locationId: z.number().int(),
  ...ContactFields.shape,
});
export const ContactUpdated = z.object({ contactId: z.number().int(), ...ContactFields.partial().shape });
export const ContactRemoved = z.object({ contactId: z.number().int() });

// The full set of links after the change: SPEC's link has its own id and an enabled flag.
export const UnderwritingQuestionsSet = z.object({
  links: z.array(z.object({ id: z.number().int(), questionId: z.number().int(), enabled: z.boolean() })),
});

export const QuoteSourceAdded = z.object({
  quoteSourceId: z.number().int(),
  code: z.string(),
  name: z.string(),
  isEnabled: z.boolean(),
});
export const QuoteSourceUpdated = z.object({
  quoteSourceId: z.number().int(),
  name: z.string().optional(),
  isEnabled: z.boolean().optional(),
});

export const DiscountStatesSet = z.object({ stateCodes: z.array(z.string()) });

export const ENTITY_DETAIL_EVENTS = [
  'entity.locationAdded',
  'entity.locationUpdated',
  'entity.locationRemoved',
  'entity.contactAdded',
  'entity.contactUpdated',
  'entity.contactRemoved',
  'entity.underwritingQuestionsSet',
  'entity.quoteSourceAdded',
  'entity.quoteSourceUpdated',
  'entity.discountStatesSet',
] as const;
export type EntityDetailEventType = (typeof ENTITY_DETAIL_EVENTS)[number];
