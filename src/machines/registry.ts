import type { AnyStateMachine } from 'xstate';
import { billingAccountMachine } from './billingAccount';
import { commissionStatementMachine } from './commissionStatement';
import { petQuoteJourneyMachine } from './petQuoteJourney';
import { policyLifecycleMachine } from './policyLifecycle';
import { recordLifecycleMachine } from './recordLifecycle';
import {
  rentersCancelMachine,
  rentersDiscontinueMachine,
  rentersReinstateMachine,
} from './rentersPolicyChange';
import { rentersPolicyStatusMachine } from './rentersPolicyStatus';
import { rentersQuoteJourneyMachine } from './rentersQuoteJourney';
import { rentersRewriteEligibilityMachine } from './rentersRewriteEligibility';
import { sessionMachine } from './session';

// Every statechart of the product. `npm run test:model` requires a model test covering each one fully.
export const MACHINES: Readonly<Record<string, AnyStateMachine>> = {
  session: sessionMachine,
  recordLifecycle: recordLifecycleMachine,
  petQuoteJourney: petQuoteJourneyMachine,
  policyLifecycle: policyLifecycleMachine,
  rentersPolicyStatus: rentersPolicyStatusMachine,
  rentersCancel: rentersCancelMachine,
  rentersDiscontinue: rentersDiscontinueMachine,
  rentersReinstate: rentersReinstateMachine,
  rentersRewriteEligibility: rentersRewriteEligibilityMachine,
  rentersQuoteJourney: rentersQuoteJourneyMachine,
  commissionStatement: commissionStatementMachine,
  billingAccount: billingAccountMachine,
};
