import { DEMO_PASSWORD, type TestServer } from '../support/testServer';

// No user enumeration by timing (docs/security.md): a login for an unknown e-mail runs the same argon2id
// verification as a wrong password, so the three answers take the same time. Measured one request at a
// time (no queueing), SAMPLES of each, interleaved so the machine's drift hits all three alike; medians.
// Failures stay below the throttle (100 per account, 300 per address an hour).
const SAMPLES = 40;

async function timeLogin(url: string, email: string, password: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/v2/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  await response.arrayBuffer();
  return performance.now() - started;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export interface LoginTiming {
  right: number;
  wrongPassword: number;
  unknownEmail: number;
}

export async function measureLoginTiming(server: Pick<TestServer, 'url'>): Promise<LoginTiming> {
  const samples = { right: [] as number[], wrongPassword: [] as number[], unknownEmail: [] as number[] };
  for (let i = 0; i < SAMPLES; i++) {
    samples.right.push(await timeLogin(server.url, 'agent@demo.test', DEMO_PASSWORD));
    samples.wrongPassword.push(await timeLogin(server.url, 'reports@demo.test', `wrong-password-${i}`));
    samples.unknownEmail.push(await timeLogin(server.url, `nobody-${i}@example.test`, `wrong-password-${i}`));
  }
  return {
    right: median(samples.right),
    wrongPassword: median(samples.wrongPassword),
    unknownEmail: median(samples.unknownEmail),
  };
}
