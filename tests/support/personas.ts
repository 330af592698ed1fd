import { DEMO_ENTITIES, DEMO_USERS } from '../../src/server/seed/demoData';

// The demo personas seeded into every test server (password DEMO_PASSWORD).
export const ADMIN = 'admin@demo.test';
export const INTERNAL = 'internal@demo.test';
export const AGENT = 'agent@demo.test';
export const MANAGER = 'manager@demo.test';
export const ACCOUNTING = 'accounting@demo.test';
export const REVIEWER = 'reviewer@demo.test';
export const REPORTS = 'reports@demo.test';
// Another agency than Northwind (Lakeside): its principal and its user and role administrator, who try
// Northwind's records in tests/api/crossAgencyMatrix.test.ts.
export const LAKESIDE_MANAGER = 'principal.lakeside@demo.test';
export const LAKESIDE_ADMIN = 'users.lakeside@demo.test';

export const PERSONA_EMAILS: readonly string[] = DEMO_USERS.map((u) => u.email);

// The demo agency tree: the house, Northwind (manager@, dashboard attribute) with two children (agent@ in
// Austin), and other agencies under the house (Lakeside with principal.lakeside@ and users.lakeside@).
export const HOUSE = '1000-0001-HM';
export const NORTHWIND = '1234-5678-AB';
export const NORTHWIND_AUSTIN = '1234-5678-AC';
export const NORTHWIND_DALLAS = '1234-5679-AD';
export const LAKESIDE = '2345-6789-CD';
export const SUMMIT = '3456-7890-EF';
export const PAWS_REFERRALS = '4567-8901-GH';
// Every demo entity (the ones above and more agencies under the house).
export const ALL_ENTITY_CODES = DEMO_ENTITIES.map((e) => e.entityCode);
