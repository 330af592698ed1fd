import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../auth/commonPasswords';
import { ValidationFailed } from './errors';

// Every route that takes a new password (reset, own change, set by an administrator, a new user's) refuses a
// common one with a 422 on the password field, before any hashing or writing.
export async function refuseCommonPassword(password: string | undefined, field = 'password'): Promise<void> {
  if (password !== undefined && (await isCommonPassword(password))) {
    throw new ValidationFailed({ [field]: [COMMON_PASSWORD_MESSAGE] });
  }
}
