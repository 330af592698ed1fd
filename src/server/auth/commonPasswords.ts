import { PASSWORD_MIN } from '../../api/schemas/auth';

// OWASP ASVS 6.2.4 / NIST 800-63B: a new password is checked against a list of commonly used passwords.
// The list is zxcvbn's (about 49,000 leaked passwords, 18,000 of them long enough to pass the length rule),
// loaded on the first check so a server that never changes a password never decompresses it. The check
// ignores letter case: "Password123" is as guessable as "password123".
let common: Promise<Set<string>> | null = null;

function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(dictionary['passwords-common'].filter((password) => password.length >= PASSWORD_MIN)),
  );
  return common;
}

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common: it appears in lists of leaked passwords. Choose another.';

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}
