import { describe, expect, it } from 'vitest';
import { addDays, businessDate, formatBusinessDate, systemClock } from '../../src/calendar';
import { apiFor } from '../support/http';
import { ADMIN, AGENT } from '../support/personas';
import { DEMO_PASSWORD } from '../support/testServer';
import { portalSuite } from './portalSession';

// A sandbox says so on every screen (docs/operations.md "Production or sandbox"): the sign-in page and the
// signed-in screens carry the band, and once the clock has been moved forward it names the business date the
// sandbox stands on. Production's answer has no sandbox (tests/api/productionMode.test.ts).
const portal = portalSuite();
const { shot, signedIn } = portal;

describe('the sandbox band', () => {
  it('shows on the sign-in page and every signed-in screen, with the business date once the clock moved', async () => {
    const guest = await portal.freshPage();
    await guest.goto('/login');
    const onLogin = guest.getByTestId('sandbox-banner');
    await onLogin.getByText('Sandbox').waitFor();
    expect(await onLogin.textContent()).not.toContain('Business date');

    const page = await signedIn(AGENT);
    const band = page.getByTestId('sandbox-banner');
    await band.getByText('Sandbox').waitFor();
    await page.goto('/policies');
    await band.waitFor();

    const api = apiFor(portal.server.url);
    const { accessToken: token } = await api.login(ADMIN, DEMO_PASSWORD);
    const moved = await api.post('/v2/jobs/clock', { days: 3 }, { token });
    expect(moved.status, moved.text).toBe(200);
    const day = addDays(businessDate(systemClock.now()), 3);

    await page.reload();
    await band.getByText(formatBusinessDate(day)).waitFor();
    expect(await band.textContent()).toContain('the clock was moved forward');
    await shot(page, 'sandbox-banner-moved', false);
  });
});
