import type { z } from 'zod';
import { isStateCode, stateOfZip } from '../zipStates';

// Every address is checked alike (the property, the mailing address, the interested party's): its state is
// a real one, and its ZIP is a ZIP of that state. The fields are named as the request names them.
export function checkStateAndZip(
  ctx: z.RefinementCtx,
  address: { state: string; zip: string },
  fields: { state: string; zip: string },
): void {
  if (!isStateCode(address.state)) {
    ctx.addIssue({ code: 'custom', path: [fields.state], message: `${address.state} is not a US state.` });
    return;
  }
  if (stateOfZip(address.zip) !== address.state)
    ctx.addIssue({
      code: 'custom',
      path: [fields.zip],
      message: `${address.zip} is not a ${address.state} zip code.`,
    });
}
