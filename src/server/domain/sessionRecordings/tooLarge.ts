import { Invalid } from '../domainErrors';

// A batch or a recording past its size limit: 413 with the field's message (the route maps it), where other
// bad input is a 422.
export class TooLarge extends Invalid {
  constructor(fields: Record<string, string[]>) {
    super(fields, 'The session recording batch is too large.');
    this.name = 'TooLarge';
  }
}
