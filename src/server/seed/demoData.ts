import type { EntityFields } from '../domain/entities/entityEvents';
import type { UserType } from '../store/schema';

// The demo business seeded on first start: one brand, a small agency hierarchy, a role per persona and one
// user per persona (README "Demo logins").
export const DEMO_BRAND = {
  name: 'Harbor Mutual',
  legalName: 'Harbor Mutual Insurance Services, LLC',
  baseURL: 'https://portal.harbormutual.example',
  quoteAppURL: 'https://quote.harbormutual.example',
  poweredBy: true,
  signedHorizontalLogoFile: '/brand/logo-horizontal.svg',
  horizontalLogoFile: '/brand/logo-horizontal.svg',
  horizontalLogoInvertedFile: '/brand/logo-horizontal-inverted.svg',
  verticalLogoFile: '/brand/logo-vertical.svg',
  verticalLogoInvertedFile: '/brand/logo-vertical-inverted.svg',
  catIconFile: '/brand/cat.svg',
  dogIconFile: '/brand/dog.svg',
};

type DemoEntity = Omit<EntityFields, 'masterEntityId'> & { parentCode: string | null; dashboard: boolean };

const agency = (
  entityCode: string,
  entityName: string,
  parentCode: string | null,
  extra: Partial<DemoEntity> = {},
): DemoEntity => ({
  entityCode,
  entityName,
  parentCode,
  dba: null,
  statusCode: 'ACTIVE',
  typeCode: 'AGENCY',
  trackingCode: null,
  trackingCodeType: null,
  accountManager: null,
  addedToAccounting: true,
  payoutFrequency: 'MONTHLY',
  payoutMethod: 'ACH',
  routingNumber: null,
  brandQuoteAppLink: null,
  canQuote: true,
  dashboard: false,
  ...extra,
});

export const DEMO_ENTITIES: readonly DemoEntity[] = [
  agency('1000-0001-HM', 'Harbor Mutual Insurance Services', null, {
    typeCode: 'HOUSE',
    addedToAccounting: false,
    payoutFrequency: null,
    payoutMethod: null,
  }),
  agency('1234-5678-AB', 'Northwind Pet Agency', '1000-0001-HM', {
    dba: 'Northwind Pets',
    trackingCode: 'NWPA',
    trackingCodeType: 'AFFILIATE',
    dashboard: true,
  }),
  agency('1234-5678-AC', 'Northwind Pet Agency — Austin', '1234-5678-AB', { trackingCode: 'NWPA-AUS' }),
  agency('1234-5679-AD', 'Northwind Pet Agency — Dallas', '1234-5678-AB', { trackingCode: 'NWPA-DAL' }),
  agency('2345-6789-CD', 'Lakeside Renters Group', '1000-0001-HM', { payoutFrequency: 'QUARTERLY' }),
  agency('3456-7890-EF', 'Summit Insurance Partners', '1000-0001-HM', { payoutMethod: 'CHECK' }),
  agency('4567-8901-GH', 'Paws & Claws Veterinary Referrals', '1000-0001-HM', {
    typeCode: 'REFERRAL',
    canQuote: false,
  }),
  agency('5678-9012-JK', 'Bluebonnet Insurance Agency', '1000-0001-HM', {
    trackingCode: 'BLUEBONNET',
    trackingCodeType: 'PRODUCER',
  }),
  agency('6789-0123-LM', 'Golden Gate Pet Insurance Brokers', '1000-0001-HM', {
    dba: 'Golden Gate Pets',
    payoutMethod: 'RTP',
  }),
  agency('6789-0124-LN', 'Golden Gate Pet Insurance Brokers — San Diego', '6789-0123-LM', {
    typeCode: 'SUBAGENCY',
  }),
  agency('7890-1234-PQ', 'Evergreen Renters Alliance', '1000-0001-HM', {
    typeCode: 'AFFINITY',
    trackingCode: 'EVERGREEN-2026',
    trackingCodeType: 'CAMPAIGN',
    payoutFrequency: 'QUARTERLY',
  }),
  agency('8901-2345-RS', 'Magnolia Pet & Home Agency', '1000-0001-HM', { payoutMethod: 'CHECK' }),
];

export const DEMO_ROLES: readonly { roleName: string; roleDesc: string; privilegeCodes: string[] }[] = [
  { roleName: 'Administrator', roleDesc: 'Full access to every area', privilegeCodes: ['root_admin'] },
  {
    roleName: 'Internal Agent',
    roleDesc: 'House agents quoting and servicing pet and renters policies',
    privilegeCodes: [
      'quote',
      'quote_policy',
      'renters_qt_create',
      'renters_policy_srch',
      'renters_policy_ax',
      'renters_phone_edit',
      'renters_mailing_edit',
      'renters_proprty_edit',
      'renters_intparty_add',
      'renters_addl_ins_add',
      'renters_update_pmnt',
      'renters_plcy_rewrite',
      'report_nwp',
    ],
  },
  {
    roleName: 'Agent',
    roleDesc: 'Agency producers quoting and binding policies',
    privilegeCodes: ['quote_new', 'quote_search', 'quote_policy', 'renters_qt_create', 'renters_policy_srch'],
  },
  {
    roleName: 'Agency Manager',
    roleDesc: 'Agency principals: quoting, entity settings and the agency dashboard',
    privilegeCodes: [
      'quote',
      'quote_policy',
      'entity_search',
      'entity_settings_view',
      'entity_settings_edit',
      'dashboard_report',
      'renters_qt_create',
      'renters_policy_srch',
      // Agency principals service their renters customers' contact and billing details, not the property.
      'renters_policy_ax',
      'renters_phone_edit',
      'renters_mailing_edit',
      'renters_addl_ins_add',
      'renters_update_pmnt',
    ],
  },
  {
    roleName: 'Accounting',
    roleDesc: 'Pays commission statements and verifies bank accounts',
    privilegeCodes: ['acct_comm_pmnt_list', 'verify_bank_account', 'ent_comm_download'],
  },
  {
    roleName: 'Commission Reviewer',
    roleDesc: 'Reviews and approves commission statements',
    privilegeCodes: ['ent_comm_review', 'ent_comm_unapprove', 'ent_comm_download', 'ent_comm_list', 'report'],
  },
  {
    roleName: 'Reporting',
    roleDesc: 'Runs business reports',
    privilegeCodes: ['report', 'report_nwp', 'ent_comm_list', 'dashboard_report'],
  },
  {
    roleName: 'Agency User Administrator',
    roleDesc: "Manages an agency's users and roles and sets their passwords",
    privilegeCodes: ['admin_user', 'admin_role', 'user_assign_passwd'],
  },
];

export interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  userType: UserType;
  entityCode: string;
  roleName: string;
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: 'admin@demo.test',
    firstName: 'Alex',
    lastName: 'Morgan',
    phone: '5125550100',
    userType: 'admin',
    entityCode: '1000-0001-HM',
    roleName: 'Administrator',
  },
  {
    email: 'internal@demo.test',
    firstName: 'Jordan',
    lastName: 'Reyes',
    phone: '5125550101',
    userType: 'internal',
    entityCode: '1000-0001-HM',
    roleName: 'Internal Agent',
  },
  {
    email: 'agent@demo.test',
    firstName: 'Sam',
    lastName: 'Patel',
    phone: '5125550102',
    userType: 'external',
    entityCode: '1234-5678-AC',
    roleName: 'Agent',
  },
  {
    email: 'manager@demo.test',
    firstName: 'Casey',
    lastName: 'Nguyen',
    phone: '5125550103',
    userType: 'external',
    entityCode: '1234-5678-AB',
    roleName: 'Agency Manager',
  },
  {
    email: 'accounting@demo.test',
    firstName: 'Robin',
    lastName: 'Okafor',
    phone: '5125550104',
    userType: 'internal',
    entityCode: '1000-0001-HM',
    roleName: 'Accounting',
  },
  {
    email: 'reviewer@demo.test',
    firstName: 'Taylor',
    lastName: 'Brooks',
    phone: '5125550105',
    userType: 'internal',
    entityCode: '1000-0001-HM',
    roleName: 'Commission Reviewer',
  },
  {
    email: 'reports@demo.test',
    firstName: 'Jamie',
    lastName: 'Fischer',
    phone: '5125550106',
    userType: 'internal',
    entityCode: '1000-0001-HM',
    roleName: 'Reporting',
  },
  // A second agency, unrelated to Northwind: its principal and its user administrator, so another agency's
  // view of Northwind can be tried with the demo logins.
  {
    email: 'principal.lakeside@demo.test',
    firstName: 'Riley',
    lastName: 'Chen',
    phone: '5125550107',
    userType: 'external',
    entityCode: '2345-6789-CD',
    roleName: 'Agency Manager',
  },
  {
    email: 'users.lakeside@demo.test',
    firstName: 'Drew',
    lastName: 'Castillo',
    phone: '5125550108',
    userType: 'external',
    entityCode: '2345-6789-CD',
    roleName: 'Agency User Administrator',
  },
];
