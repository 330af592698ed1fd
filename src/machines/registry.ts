import type { AnyStateMachine } from 'xstate';
import { petQuoteJourneyMachine } from './petQuoteJourney';
import { policyLifecycleMachine } from './policyLifecycle';
import { recordLifecycleMachine } from './recordLifecycle';
import { sessionMachine } from './session';

// Every statechart of the product. `npm run test:model` requires a model test covering each one fully.
export const MACHINES: Readonly<Record<string, AnyStateMachine>> = {
  session: sessionMachine,
  recordLifecycle: recordLifecycleMachine,
  petQuoteJourney: petQuoteJourneyMachine,
  policyLifecycle: policyLifecycleMachine,
};
