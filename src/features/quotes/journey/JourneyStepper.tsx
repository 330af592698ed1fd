import { Stepper } from '../../../ui/journey/Stepper';
import { JOURNEY_STEPS, stepIndexOf } from './journeySteps';

export interface JourneyStepperProps {
  // The journey state the quote is in (QuoteView.step), or 'start' before it exists.
  state: string;
}

// Where the pet quote is in the journey.
export function JourneyStepper({ state }: JourneyStepperProps) {
  return <Stepper label="Quote progress" steps={JOURNEY_STEPS} current={stepIndexOf(state)} />;
}
