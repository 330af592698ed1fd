import { hashPassword } from '../auth/passwords';
import { createEntity } from '../domain/entities/entityCommands';
import { createRole } from '../domain/roles/roleCommands';
import { registerUser } from '../domain/users/userCommands';
import { DEMO_BRAND, DEMO_USERS } from '../seed/demoData';
import type { Db } from '../store/db';
import type { EventMetadata } from '../store/eventStore';

// A production database's first business (docs/operations.md "First start"): its brand, the house (the
// carrier's own entity, at the top of every agency tree), an Administrator role holding root_admin, and the
// first administrator, who then sets up everything else from the portal. Only on a database with no users: a
// second run, or one on a database that has its people, changes nothing.
export interface HouseSetUp {
  houseCode: string;
  houseName: string;
  brandName: string;
  legalName: string;
  // Where the portal is reached (PUBLIC_URL): the brand's address in mail and documents.
  publicUrl: string;
  admin: { email: string; firstName: string; lastName: string; password: string };
}

export type HouseSetUpResult = { created: true; adminId: number } | { created: false; reason: string };

export const MIN_ADMIN_PASSWORD_LENGTH = 12;

export async function setUpHouse(
  db: Db,
  input: HouseSetUp,
  metadata: EventMetadata,
): Promise<HouseSetUpResult> {
  if (input.admin.password.length < MIN_ADMIN_PASSWORD_LENGTH)
    throw new Error(
      `The administrator's password must have at least ${MIN_ADMIN_PASSWORD_LENGTH} characters.`,
    );
  const email = input.admin.email.trim().toLowerCase();
  if (DEMO_USERS.some((u) => u.email === email))
    throw new Error(`${email} is a demo login's address: give the administrator's own.`);
  const passwordHash = await hashPassword(input.admin.password);
  return db.transaction().execute(async (trx): Promise<HouseSetUpResult> => {
    const users = await trx
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(users.n) > 0)
      return { created: false, reason: 'the database already has users: set up from the portal instead' };
    // The shipped logos stand in until the brand's own are configured (docs/operations.md).
    const brand = {
      ...DEMO_BRAND,
      name: input.brandName,
      legalName: input.legalName,
      baseURL: input.publicUrl,
    };
    await trx
      .insertInto('brands')
      .values({ code: 'default', data: JSON.stringify(brand) })
      .onConflict((oc) => oc.column('code').doUpdateSet({ data: JSON.stringify(brand) }))
      .execute();
    const houseId = await createEntity(
      trx,
      {
        masterEntityId: null,
        entityCode: input.houseCode,
        entityName: input.houseName,
        dba: null,
        statusCode: 'ACTIVE',
        typeCode: 'HOUSE',
        trackingCode: null,
        trackingCodeType: null,
        accountManager: null,
        addedToAccounting: false,
        payoutFrequency: null,
        payoutMethod: null,
        routingNumber: null,
        brandQuoteAppLink: null,
        canQuote: true,
      },
      metadata,
    );
    const roleId = await createRole(
      trx,
      { roleName: 'Administrator', roleDesc: 'Full access to every area', privilegeCodes: ['root_admin'] },
      metadata,
    );
    const adminId = await registerUser(
      trx,
      {
        entityId: houseId,
        firstName: input.admin.firstName,
        lastName: input.admin.lastName,
        email,
        phone: null,
        ext: null,
        userType: 'admin',
        passwordHash,
        roleIds: [roleId],
        emailVerified: true,
      },
      metadata,
    );
    return { created: true, adminId };
  });
}

// Active demo logins in a database about to serve production: their password is published in the README,
// so production refuses to start while any is there (docs/operations.md "Production settings").
export async function demoLoginsIn(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where(
      'email',
      'in',
      DEMO_USERS.map((u) => u.email),
    )
    .where('is_enabled', '=', true)
    .where('is_deleted', '=', false)
    .orderBy('email')
    .execute();
  return rows.map((r) => r.email);
}
