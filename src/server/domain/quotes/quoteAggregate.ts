import { petQuoteJourneyMachine } from '../../../machines/petQuoteJourney';
import type { AggregateSpec } from '../../store/aggregate';
import { QUOTE_STREAM, quoteMachineEvent } from './quoteEvents';

// A quote's log is folded through the pet quote journey, which refuses what the quote's step cannot take.
export const quoteAggregate: AggregateSpec = {
  streamType: QUOTE_STREAM,
  machine: petQuoteJourneyMachine,
  toMachineEvent: quoteMachineEvent,
};
