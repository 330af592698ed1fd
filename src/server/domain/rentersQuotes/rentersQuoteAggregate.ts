import { rentersQuoteJourneyMachine } from '../../../machines/rentersQuoteJourney';
import type { AggregateSpec } from '../../store/aggregate';
import { RENTERS_QUOTE_STREAM, rentersQuoteMachineEvent } from './rentersQuoteEvents';

// A renters quote's log is folded through the renters quote journey, which refuses what its step cannot take.
export const rentersQuoteAggregate: AggregateSpec = {
  streamType: RENTERS_QUOTE_STREAM,
  machine: rentersQuoteJourneyMachine,
  toMachineEvent: rentersQuoteMachineEvent,
};
