import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum parameters (m=19456 KiB, t=2, p=1).
// The library's Algorithm enum is a const enum that isolated modules cannot read; 2 is Argon2id.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this hash when no user matches keeps the response time of unknown e-mails the same as
// that of wrong passwords, so timing does not reveal which accounts exist.
let dummyHash: Promise<string> | null = null;
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('no-such-user-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
