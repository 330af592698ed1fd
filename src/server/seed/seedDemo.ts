import { DASHBOARD_ACCESS_ATTRIBUTE_ID } from '../../api/access';
import { hashPassword } from '../auth/passwords';
import { createEntity, setEntityAttributes } from '../domain/entities/entityCommands';
import { createRole } from '../domain/roles/roleCommands';
import { registerUser } from '../domain/users/userCommands';
import type { Db } from '../store/db';
import type { EventMetadata } from '../store/eventStore';
import { DEMO_BRAND, DEMO_ENTITIES, DEMO_ROLES, DEMO_USERS } from './demoData';
import { seedDemoCommissionHistory } from './demoCommissionHistory';
import { seedDemoCommissionRules } from './demoCommissionRules';
import { utcToday } from '../domain/rentersPolicies/rentersPolicyNumbers';
import { seedDemoRentersPolicies } from './demoRentersPolicies';
import { seedEntityDetails } from './seedEntityDetails';
import { seedPolicies } from './seedPolicies';

const SEED: EventMetadata = { userId: null, entityId: null, requestId: 'seed:demo' };

// Seeds what is missing and leaves what exists alone, so it runs safely on every start.
// `policies: false` leaves out the demo policies (bought through the quote journey, the slow part) and the
// year of commission history; `secret` keys the demo bank accounts' fingerprints (the server's secret).
export async function seedDemo(
  db: Db,
  demoPassword: string,
  options: { policies?: boolean; secret?: string } = {},
): Promise<{ created: number }> {
  const existingUsers = new Set(
    (await db.selectFrom('users').select('email').execute()).map((u) => u.email.toLowerCase()),
  );
  const missingUsers = DEMO_USERS.filter((u) => !existingUsers.has(u.email));
  const hashes = await Promise.all(missingUsers.map(() => hashPassword(demoPassword)));

  const seeded = await db.transaction().execute(async (trx) => {
    let created = 0;
    await trx
      .insertInto('brands')
      .values({ code: 'default', data: JSON.stringify(DEMO_BRAND) })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();

    const entityIds = new Map(
      (await trx.selectFrom('entities').select(['id', 'entity_code']).execute()).map((e) => [
        e.entity_code,
        e.id,
      ]),
    );
    for (const { parentCode, dashboard, ...fields } of DEMO_ENTITIES) {
      if (entityIds.has(fields.entityCode)) continue;
      const masterEntityId = parentCode ? (entityIds.get(parentCode) ?? null) : null;
      const id = await createEntity(trx, { ...fields, masterEntityId }, SEED);
      entityIds.set(fields.entityCode, id);
      if (dashboard) {
        await setEntityAttributes(
          trx,
          id,
          [{ attribId: DASHBOARD_ACCESS_ATTRIBUTE_ID, value: '1', dataUrl: null }],
          SEED,
        );
      }
      created++;
    }

    const roleIds = new Map(
      (
        await trx.selectFrom('roles').select(['id', 'role_name']).where('is_deleted', '=', false).execute()
      ).map((r) => [r.role_name, r.id]),
    );
    for (const role of DEMO_ROLES) {
      if (roleIds.has(role.roleName)) continue;
      roleIds.set(role.roleName, await createRole(trx, role, SEED));
      created++;
    }

    for (const [i, user] of missingUsers.entries()) {
      await registerUser(
        trx,
        {
          entityId: entityIds.get(user.entityCode)!,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          phone: user.phone,
          ext: null,
          userType: user.userType,
          passwordHash: hashes[i]!,
          roleIds: [roleIds.get(user.roleName)!],
          emailVerified: true,
        },
        SEED,
      );
      created++;
    }
    created += await seedEntityDetails(trx);
    created += await seedDemoCommissionRules(trx);
    return { created };
  });
  // Policies are bought through the quote journey, whose commands open transactions of their own: after the
  // business above is committed.
  if (options.policies === false) return seeded;
  const policies = (await seedPolicies(db)) + (await seedDemoRentersPolicies(db));
  const history = options.secret ? await seedDemoCommissionHistory(db, utcToday(), options.secret) : 0;
  return { created: seeded.created + policies + history };
}
