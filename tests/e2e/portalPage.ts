import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD } from './browser';

// What a user does and reads on the portal, in the words of the screens.

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

// "Group: Item" for every link of the side menu, in order, without Logout.
export async function readMenu(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.waitFor();
  return nav.locator('section').evaluateAll((sections) =>
    sections.flatMap((section) => {
      const group = section.querySelector('h2')?.textContent?.trim() ?? '';
      return [...section.querySelectorAll('a')].map((a) => `${group}: ${a.textContent?.trim()}`);
    }),
  );
}

export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname + url.search === path, { timeout: 15_000 });
}

// Chooses an option of a searchable field (Headless UI's combobox) and waits for it to settle. After a choice
// the combobox gives focus back to its input a moment later; on a busy machine that can land after the next
// field took focus, and the field, opening its list on focus, then makes the rest of the form inert.
export async function chooseOption(input: Locator, option: Locator): Promise<void> {
  const page = option.page();
  // The open list is labelled like its input; the input is the one to watch.
  const field = await input.and(page.locator('input')).elementHandle();
  await option.click();
  await page.waitForFunction(
    (element) => document.activeElement === element && !document.querySelector('[role="listbox"]'),
    field,
  );
}
