import { DASHBOARD_ACCESS_ATTRIBUTE_ID } from '../../api/access';
import { hashPassword } from '../auth/passwords';
import { createEntity, setEntityAttributes } from '../domain/entities/entityCommands';
import { createRole } from '../domain/roles/roleCommands';
import { registerUser } from '../domain/users/userCommands';
import type { Db } from '../store/db';
import type { EventActor } from '../store/eventStore';
import { DEMO_BRAND, DEMO_ENTITIES, DEMO_ROLES, DEMO_USERS } from './demoData';
import { addMonths, businessDate, startOfBusinessDay, systemClock, type Clock } from '../../calendar';
import { demoCommissionSteps } from './demoCommissionHistory';
import { seedDemoCommissionRules } from './demoCommissionRules';
import { demoPetSteps } from './demoPetSteps';
import { demoRentersSteps } from './demoRentersPolicies';
import { passDemoYear, type DemoLog } from './demoYear';
import { seedEntityDetails } from './seedEntityDetails';

const SEED_BY: EventActor = { userId: null, entityId: null, requestId: 'seed:demo' };
// With its year of business, the demo's agencies, people and rules are dated before its first sale.
const OPENED_MONTHS_AGO = 14;

const quietLog: DemoLog = {
  info: () => undefined,
  warn: (details, message) => console.warn(message, details),
};

// Seeds what is missing and leaves what exists alone, so it runs safely on every start.
// `policies: false` leaves out the demo's year of business (policies bought through the quote journeys, the
// slow part, and the commission history); `secret` keys the demo bank accounts' fingerprints (the server's
// secret); `clock` says what today is (a QA sandbox's moved one).
export async function seedDemo(
  db: Db,
  demoPassword: string,
  options: { policies?: boolean; secret?: string; clock?: Clock; log?: DemoLog } = {},
): Promise<{ created: number }> {
  const now = (options.clock ?? systemClock).now();
  const today = businessDate(now);
  const openedAt =
    options.policies === false ? undefined : startOfBusinessDay(addMonths(today, -OPENED_MONTHS_AGO));
  const SEED = { ...SEED_BY, at: openedAt ?? now };
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
    created += await seedEntityDetails(trx, SEED.at);
    created += await seedDemoCommissionRules(trx, SEED.at);
    return { created };
  });
  // The year of business runs the quote journeys, whose commands open transactions of their own: after the
  // business above is committed.
  if (options.policies === false) return seeded;
  const steps = [
    ...(await demoPetSteps(db, today)),
    ...(await demoRentersSteps(db, today)),
    ...(options.secret ? await demoCommissionSteps(db, today, options.secret) : []),
  ];
  const year = await passDemoYear(db, steps, now, options.log ?? quietLog);
  return { created: seeded.created + year.made };
}
