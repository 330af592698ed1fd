import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The browser suite runs against a fresh build (npm run test:e2e builds first): that build ships no source
// maps, which would hand out the portal's whole source.
const dist = process.env.E2E_DIST_DIR ?? resolve(import.meta.dirname, '../../dist');

describe('the built portal', () => {
  it('holds scripts and styles and no source map', () => {
    const files = readdirSync(join(dist, 'assets'), { recursive: true }).map(String);
    expect(files.some((name) => name.endsWith('.js'))).toBe(true);
    expect(files.filter((name) => name.endsWith('.map'))).toEqual([]);
  });
});
