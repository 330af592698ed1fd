import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { hashPassword } from '../../src/server/auth/passwords';
import { createRole } from '../../src/server/domain/roles/roleCommands';
import { registerUser } from '../../src/server/domain/users/userCommands';
import type { Db } from '../../src/server/store/db';
import type { UserType } from '../../src/server/store/schema';
import type { Api, ApiResponse, RequestOptions } from './http';
import { TEST_METADATA, entityIdOf } from './records';
import { DEMO_PASSWORD } from './testServer';

// Entity administration through the API, and users with exactly the privileges a test needs (made through
// the event store, so these tests do not lean on the user administration API).
export interface EntityApi {
  get(path: string, email: string, options?: RequestOptions): Promise<ApiResponse>;
  post(path: string, email: string, body: unknown, options?: RequestOptions): Promise<ApiResponse>;
  patch(path: string, email: string, body: unknown, options?: RequestOptions): Promise<ApiResponse>;
  del(path: string, email: string, options?: RequestOptions): Promise<ApiResponse>;
  tokenOf(email: string): Promise<string>;
}

const TOKEN_KEPT_MS = 10 * 60_000;

export function entityApi(api: () => Api): EntityApi {
  const tokens = new Map<string, { token: Promise<string>; at: number }>();
  // A sign-in is kept for its user, and taken anew before its access token could expire (15 minutes by
  // default): a long property run keeps working, and a short test keeps the one session it signed in with.
  const tokenOf = (email: string) => {
    const kept = tokens.get(email);
    if (kept && performance.now() - kept.at < TOKEN_KEPT_MS) return kept.token;
    const token = api()
      .login(email)
      .then((t) => t.accessToken);
    tokens.set(email, { token, at: performance.now() });
    return token;
  };
  const send = async (method: string, path: string, email: string, options: RequestOptions = {}) =>
    api().request(method, path, { ...options, token: await tokenOf(email) });
  return {
    get: (path, email, options) => send('GET', path, email, options),
    post: (path, email, body, options) => send('POST', path, email, { ...options, body }),
    patch: (path, email, body, options) => send('PATCH', path, email, { ...options, body }),
    del: (path, email, options) => send('DELETE', path, email, options),
    tokenOf,
  };
}

let counter = 0;
// An entity code no other test of this run uses.
export function uniqueEntityCode(): string {
  counter++;
  const digits = (Date.now() % 10_000).toString().padStart(4, '0');
  const letters = String.fromCharCode(65 + (counter % 26), 65 + ((counter / 26) % 26));
  return `9${String(counter).padStart(3, '0')}-${digits}-${letters}`;
}

// A user of the given type in the given entity whose one role holds exactly these privileges; signs in
// with the demo password.
export async function userWith(
  db: Db,
  options: { entityCode: string; userType: UserType; privilegeCodes: string[] },
): Promise<string> {
  const email = `t.${randomBytes(5).toString('hex')}@example.test`;
  const entityId = await entityIdOf(db, options.entityCode);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    const roleId = await createRole(
      trx,
      {
        roleName: `Test ${email}`,
        roleDesc: 'test role',
        privilegeCodes: options.privilegeCodes,
        // An agency user's own role belongs to their agency, as one its administrator made would
        // (docs/decisions/012); staff get a house role.
        ownerEntityId: options.userType === 'external' ? entityId : null,
      },
      TEST_METADATA,
    );
    await registerUser(
      trx,
      {
        entityId,
        firstName: 'Test',
        lastName: options.privilegeCodes.join(' '),
        email,
        phone: null,
        ext: null,
        userType: options.userType,
        passwordHash,
        roleIds: [roleId],
        emailVerified: true,
      },
      TEST_METADATA,
    );
  });
  return email;
}

export function expectStatus(response: ApiResponse, status: number): void {
  expect(response.status, response.text).toBe(status);
}
