import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

// The two questions about unsaved changes, in the words they show (docs/screen-states.md "Leaving with
// unsaved changes"): the screen's prompt before leaving, and a dialog's before it closes.

export const leavePrompt = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' });
export const discardPrompt = (page: Page) => page.getByRole('dialog', { name: 'Discard your changes?' });

// Escape inside a dialog with changes: the question comes on top of it, "Keep editing" returns to the form
// as it was. Answers the question's locator, still open for the caller.
export async function escapeAsks(page: Page, field: Locator, typed: string): Promise<Locator> {
  await field.press('Escape');
  const ask = discardPrompt(page);
  await ask.getByRole('button', { name: 'Keep editing' }).waitFor();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await ask.getByRole('button', { name: 'Keep editing' }).waitFor({ state: 'detached' });
  await expect(field.inputValue()).resolves.toBe(typed);
  await field.press('Escape');
  await ask.getByRole('button', { name: 'Discard changes' }).waitFor();
  return ask;
}

// "Discard changes" on the open question: the dialog beneath closes with it (`gone` is something of the
// dialog's), and no question is left.
export async function discardCloses(page: Page, gone: Locator): Promise<void> {
  await discardPrompt(page).getByRole('button', { name: 'Discard changes' }).click();
  await gone.waitFor({ state: 'detached' });
  await expect(discardPrompt(page).count()).resolves.toBe(0);
}

// Escape in a dialog as it opened: it closes at once, without the question.
export async function escapeClosesAtOnce(page: Page, field: Locator, gone: Locator = field): Promise<void> {
  await field.press('Escape');
  await gone.waitFor({ state: 'detached' });
  await expect(discardPrompt(page).count()).resolves.toBe(0);
}
