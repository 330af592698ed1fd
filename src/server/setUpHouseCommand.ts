import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { setBusinessTimeZone, systemClock } from '../calendar';
import { loadConfig } from './config';
import { MIN_ADMIN_PASSWORD_LENGTH, setUpHouse } from './house/setUpHouse';
import { installServerProjections } from './projections';
import { openCommandDatabase } from './store/openCommandDatabase';

// `npm run set-up-house -- --house-code … --house-name … --brand-name … --legal-name … --admin-email …
// --admin-first-name … --admin-last-name …` (docs/operations.md "First start"): a production database's brand,
// house, Administrator role and first administrator. The password comes from FIRST_ADMIN_PASSWORD, or is made
// here and printed once, never stored anywhere else; the administrator changes it from My settings.
const { values } = parseArgs({
  options: {
    'house-code': { type: 'string' },
    'house-name': { type: 'string' },
    'brand-name': { type: 'string' },
    'legal-name': { type: 'string' },
    'admin-email': { type: 'string' },
    'admin-first-name': { type: 'string' },
    'admin-last-name': { type: 'string' },
  },
});
const missing = Object.entries({
  'house-code': values['house-code'],
  'house-name': values['house-name'],
  'admin-email': values['admin-email'],
  'admin-first-name': values['admin-first-name'],
  'admin-last-name': values['admin-last-name'],
})
  .filter(([, value]) => !value?.trim())
  .map(([name]) => `--${name}`);
if (missing.length > 0) {
  console.error(`Missing ${missing.join(', ')} (docs/operations.md "First start").`);
  process.exit(2);
}
const config = loadConfig();
setBusinessTimeZone(config.businessTimeZone);
// What it appends (the house, the role, the administrator) must reach the read tables the server signs in from.
installServerProjections();
const given = process.env.FIRST_ADMIN_PASSWORD;
const password = given ?? randomBytes(18).toString('base64url');
if (given !== undefined && given.length < MIN_ADMIN_PASSWORD_LENGTH) {
  console.error(`FIRST_ADMIN_PASSWORD must have at least ${MIN_ADMIN_PASSWORD_LENGTH} characters.`);
  process.exit(2);
}
const houseName = values['house-name']!.trim();
const database = await openCommandDatabase();
try {
  const result = await setUpHouse(
    database.db,
    {
      houseCode: values['house-code']!.trim(),
      houseName,
      brandName: values['brand-name']?.trim() || houseName,
      legalName: values['legal-name']?.trim() || houseName,
      publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
      admin: {
        email: values['admin-email']!,
        firstName: values['admin-first-name']!.trim(),
        lastName: values['admin-last-name']!.trim(),
        password,
      },
    },
    { userId: null, entityId: null, requestId: 'command:set-up-house', at: systemClock.now() },
  );
  if (!result.created) {
    console.error(`Nothing set up: ${result.reason}.`);
    process.exitCode = 1;
  } else {
    console.info(`Set up ${houseName}; administrator ${values['admin-email']} (user ${result.adminId}).`);
    if (given === undefined) console.info(`Their password, shown this once: ${password}`);
  }
} finally {
  await database.close();
}
