import { BANK_SCREENS } from '../features/accounting/bankVerification/bankVerificationScreens';
import { COMMISSION_PAYMENT_SCREENS } from '../features/commission/commissionPaymentsScreens';
import { COMMISSION_SCREENS } from '../features/commission/commissionScreens';
import { DASHBOARD_SCREENS } from '../features/dashboard/dashboardScreens';
import { ENTITY_SCREENS } from '../features/entities/entityScreens';
import { JOBS_SCREENS } from '../features/jobs/jobsScreens';
import { MY_SCREENS } from '../features/my/myScreens';
import { POLICY_SEARCH_SCREENS } from '../features/policies/search/policySearchScreens';
import { POLICY_VIEW_SCREENS } from '../features/policies/view/policyViewScreens';
import { QA_SCREENS } from '../features/qa/qaScreens';
import { JOURNEY_SCREENS } from '../features/quotes/journey/journeyScreens';
import { QUOTE_SEARCH_SCREENS } from '../features/quotes/search/quoteSearchScreens';
import { REFUND_SCREENS } from '../features/refunds/refundScreens';
import { REPORTING_SCREENS } from '../features/reporting/reportingScreens';
import { RENTERS_JOURNEY_SCREENS } from '../features/renters/journey/rentersJourneyScreens';
import { RENTERS_POLICY_SCREENS } from '../features/renters/policy/rentersPolicyScreens';
import { RENTERS_SEARCH_SCREENS } from '../features/renters/search/rentersSearchScreens';
import { ROLE_SCREENS } from '../features/roles/roleScreens';
import { SESSION_RECORDING_SCREENS } from '../features/sessionRecordings/sessionRecordingScreens';
import { ACCESS_SCREENS } from '../features/users/accessScreens';
import { lazyScreen, screenEntry, type ScreenEntry } from '../ui/screens/lazyScreen';

// Which screen each route of PORTAL_ROUTES shows; routes missing here show the "not available yet" screen.
// Feature screens are loaded on first use, so the first page stays small; a screen with `preload` is
// fetched as its route is entered, alongside the guard.
const HomeScreen = lazyScreen(() => import('../features/home/HomeScreen').then((m) => m.HomeScreen));

export const SCREENS: Readonly<Record<string, ScreenEntry>> = {
  // Where a sign-in lands.
  home: screenEntry(
    () => <HomeScreen />,
    () => HomeScreen.preload(),
  ),
  ...ENTITY_SCREENS,
  ...ACCESS_SCREENS,
  ...ROLE_SCREENS,
  ...MY_SCREENS,
  ...QUOTE_SEARCH_SCREENS,
  ...JOURNEY_SCREENS,
  ...POLICY_SEARCH_SCREENS,
  ...POLICY_VIEW_SCREENS,
  ...RENTERS_JOURNEY_SCREENS,
  ...RENTERS_SEARCH_SCREENS,
  ...RENTERS_POLICY_SCREENS,
  ...BANK_SCREENS,
  ...COMMISSION_SCREENS,
  ...COMMISSION_PAYMENT_SCREENS,
  ...DASHBOARD_SCREENS,
  ...REPORTING_SCREENS,
  ...QA_SCREENS,
  ...JOBS_SCREENS,
  ...REFUND_SCREENS,
  ...SESSION_RECORDING_SCREENS,
};
