import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  RECORDING_BLOCKED_CLASS,
  RECORDING_BLOCKED_SELECTOR,
  RECORDING_OPTIONS,
} from '../../src/ui/recordingPrivacy';

// What a support recording never captures (docs/session-recording.md): every input masked, and card and bank
// fields blocked outright, by the class their forms carry and by a selector of their names, so a field of
// those kinds added anywhere in the portal is blocked without anyone remembering it.
const SRC = resolve(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.tsx') ? [path] : [];
  });
}

// The selector's parts that match a field by its name: [name="x"] and [name^="x"].
const parts = RECORDING_BLOCKED_SELECTOR.split(',').map((s) => s.trim());
function blocksName(name: string): boolean {
  return parts.some((part) => {
    const exact = /^\[name="([^"]+)"\]$/.exec(part);
    if (exact) return exact[1] === name;
    const prefix = /^\[name\^="([^"]+)"\]$/.exec(part);
    return prefix ? name.startsWith(prefix[1]!) : false;
  });
}

describe('session recording privacy', () => {
  it('masks every input and blocks by class and selector, keeping stylesheets as links', () => {
    expect(RECORDING_OPTIONS).toMatchObject({
      maskAllInputs: true,
      blockClass: RECORDING_BLOCKED_CLASS,
      blockSelector: RECORDING_BLOCKED_SELECTOR,
      inlineStylesheet: false,
      recordCanvas: false,
    });
    expect(parts).toContain(`.${RECORDING_BLOCKED_CLASS}`);
    expect(parts).toContain('input[autocomplete^="cc-"]');
  });

  it('blocks every card and bank field the portal has, by its name', () => {
    const names = sourceFiles(SRC).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/name="([^"]+)"/g)].map((m) => m[1]!),
    );
    const sensitive = names.filter((n) =>
      /^(card|bank)\.|routing_number|account_number|^holder_name$/.test(n),
    );
    expect(sensitive).toEqual(expect.arrayContaining(['card.number', 'card.cvc', 'bank.accountNumber']));
    expect(sensitive.filter((n) => !blocksName(n))).toEqual([]);
    expect(blocksName('email')).toBe(false);
    expect(blocksName('first_name')).toBe(false);
  });

  it('puts the blocking class on the card and bank forms', () => {
    for (const file of [
      'ui/payment/PaymentMethodFields.tsx',
      'features/accounting/bankVerification/VerifyBankAccountForm.tsx',
    ])
      expect(readFileSync(join(SRC, file), 'utf8'), file).toContain('RECORDING_BLOCKED_CLASS');
  });
});
