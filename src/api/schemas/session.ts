import { z } from 'zod';

// Session models are camelCase on the wire (SPEC §3 "Session and profile").
export const Profile = z.object({
  id: z.number().int(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  emailVerifiedAt: z.string().nullable(),
  phone: z.string().nullable(),
  ext: z.string().nullable(),
  isAdmin: z.boolean(),
  isInternalAgent: z.boolean(),
  isExternalAgent: z.boolean(),
  entityId: z.number().int(),
  privilegeCodes: z.array(z.string()),
  roles: z.array(z.string()),
});
export type Profile = z.infer<typeof Profile>;
export const ProfileResponse = z.object({ data: Profile });

export const EntityAttribute = z.object({ attributeId: z.number().int(), value: z.string().nullable() });

export const AccessibleEntity = z.object({
  id: z.number().int(),
  parentEntityId: z.number().int().nullable(),
  entityCode: z.string(),
  entityName: z.string(),
  typeCode: z.string(),
  trackingCode: z.string().nullable(),
  childCount: z.number().int(),
  canQuote: z.boolean(),
});
export type AccessibleEntity = z.infer<typeof AccessibleEntity>;

export const ActingEntity = AccessibleEntity.extend({ attributes: z.array(EntityAttribute) });
export type ActingEntity = z.infer<typeof ActingEntity>;

export const MyEntitiesResponse = z.object({
  data: z.array(AccessibleEntity),
  acting: ActingEntity,
});
export type MyEntitiesResponse = z.infer<typeof MyEntitiesResponse>;

// SPEC §3 "Fuller brand": name, legal name, powered-by flags, cat and dog icons, base URL, horizontal and
// vertical logo files (normal, inverted, signed private versions), quote app URL. `logos` gathers the
// horizontal logo's three versions as absolute URLs; a version the brand lacks answers its normal logo
// (docs/operations.md "The brand").
export const BrandLogos = z.object({ normal: z.string(), inverted: z.string(), signed: z.string() });
export const Brand = z.object({
  code: z.string(),
  name: z.string(),
  legalName: z.string(),
  baseURL: z.string(),
  quoteAppURL: z.string(),
  poweredBy: z.boolean(),
  showPoweredBy: z.boolean(),
  // Whom "Powered by" names; null when it is not shown.
  poweredByName: z.string().nullable(),
  signedHorizontalLogoFile: z.string(),
  horizontalLogoFile: z.string(),
  horizontalLogoInvertedFile: z.string(),
  verticalLogoFile: z.string(),
  verticalLogoInvertedFile: z.string(),
  signedVerticalLogoFile: z.string(),
  logos: BrandLogos,
  catIconFile: z.string(),
  dogIconFile: z.string(),
});
export type Brand = z.infer<typeof Brand>;
export const BrandResponse = z.object({
  data: Brand,
  // The footer's environment code (SPEC §9: PR in production).
  environment: z.string(),
  // A sandbox says so on every screen, with its business date and whether its clock was moved forward;
  // null in production (docs/operations.md "Production or sandbox").
  sandbox: z.object({ businessDate: z.string(), clockMoved: z.boolean() }).nullable(),
  // Whether the portal records the signed-in session for support (docs/session-recording.md): on in
  // production and lower environments, off in tests. Optional so a server of an older version still parses.
  sessionRecording: z.boolean().optional(),
});

// GET /v2/lists/access/privileges (SPEC §3 Privilege, snake_case).
export const Privilege = z.object({
  id: z.number().int(),
  parent_priv_id: z.number().int().nullable(),
  priv_code: z.string(),
  priv_desc: z.string(),
  is_grantable: z.boolean(),
});
export const PrivilegeListResponse = z.object({ data: z.array(Privilege) });
