import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';

// Logs are readable at a terminal and JSON lines anywhere else (docs/operations.md "Logs").
describe('the server log', () => {
  const config = { ...loadConfig({ DATA_DIR: '/tmp/portal-logger-test' }), logLevel: 'info' as const };

  it('is printed readable when stdout is a terminal, by a formatter the install provides', () => {
    const options = loggerOptions(config, undefined, true);
    expect(options).toMatchObject({ transport: { target: 'pino-pretty' } });
    expect(() => createRequire(import.meta.url).resolve('pino-pretty')).not.toThrow();
  });

  it('stays JSON lines when stdout is not a terminal, or a stream is given', () => {
    expect(loggerOptions(config, undefined, false)).not.toHaveProperty('transport');
    expect(loggerOptions(config, { write: () => undefined }, true)).not.toHaveProperty('transport');
  });
});
