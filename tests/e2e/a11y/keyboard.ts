import type { Page } from 'playwright-core';

// A user with a keyboard and no mouse: every move is a key press. Where focus is, is read from the page's
// accessibility tree (role and accessible name of document.activeElement), as a screen reader would say it.

export interface Focused {
  role: string;
  name: string;
  // The rest of the line: [checked], [selected], [disabled], ….
  state: string;
}

// How many Tab presses a control may be away before the helper gives up and names what it passed.
const TAB_CAP = 80;

export async function focused(page: Page): Promise<Focused> {
  const active = page.locator('*:focus');
  if ((await active.count()) === 0) return { role: 'none', name: '', state: '' };
  let line = ((await active.first().ariaSnapshot()).split('\n')[0] ?? '').trim();
  // YAML quotes a line with a colon in it: - 'link "Sam Patel : my settings"':
  const quoted = /^- '(.*)':?$/.exec(line);
  if (quoted) line = `- ${quoted[1]!.replace(/''/g, "'")}`;
  const match = /^- ([\w-]+)(?: "((?:[^"\\]|\\.)*)")?(.*)$/.exec(line);
  if (!match) return { role: 'other', name: line, state: '' };
  return { role: match[1]!, name: (match[2] ?? '').replace(/\\"/g, '"'), state: match[3] ?? '' };
}

export interface Target {
  role: string;
  // The accessible name: a string matches exactly, a RegExp anywhere.
  name: string | RegExp;
}

const matches = (f: Focused, target: Target) =>
  f.role === target.role &&
  (typeof target.name === 'string' ? f.name === target.name : target.name.test(f.name));

const describe = (f: Focused) => `${f.role} "${f.name}"${f.state}`;

// Presses Tab (or Shift+Tab) until focus is on the target; fails naming every stop on the way.
export async function tabTo(page: Page, target: Target, backwards = false): Promise<void> {
  const passed: string[] = [];
  for (let i = 0; i < TAB_CAP; i += 1) {
    const now = await focused(page);
    if (i > 0 && matches(now, target)) return;
    if (i > 0) passed.push(describe(now));
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  const now = await focused(page);
  if (matches(now, target)) return;
  throw new Error(
    `Tab never reached ${target.role} "${target.name}" in ${TAB_CAP} presses; it passed:\n  ${passed.join('\n  ')}`,
  );
}

// Waits (a screen may still be loading) for focus to arrive on the target.
export async function expectFocus(page: Page, target: Target, why: string): Promise<void> {
  let now = await focused(page);
  for (let waited = 0; !matches(now, target) && waited < 10_000; waited += 100) {
    await page.waitForTimeout(100);
    now = await focused(page);
  }
  if (!matches(now, target)) {
    throw new Error(`${why}: focus is on ${describe(now)}, not ${target.role} "${target.name}"`);
  }
}

// Tab to a text box, clear it and type.
export async function typeInto(page: Page, label: string | RegExp, text: string): Promise<void> {
  await tabTo(page, { role: 'textbox', name: label });
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
}

// Tab to a native select and move through its options with the arrow keys until the label is chosen.
export async function chooseOption(page: Page, label: string | RegExp, option: string): Promise<void> {
  await tabTo(page, { role: 'combobox', name: label });
  const chosen = () =>
    page.evaluate(() => {
      const select = document.activeElement as HTMLSelectElement;
      return select.selectedOptions[0]?.textContent?.trim() ?? '';
    });
  await page.keyboard.press('Home');
  for (let i = 0; i < 60 && (await chosen()) !== option; i += 1) await page.keyboard.press('ArrowDown');
  if ((await chosen()) !== option) throw new Error(`"${label}" has no option "${option}"`);
}

// A searchable list (combobox with a listbox): type, then pick the highlighted option with Enter.
export async function pickFromList(page: Page, label: string | RegExp, typed: string, option: string) {
  await tabTo(page, { role: 'combobox', name: label });
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(typed);
  const listbox = page.getByRole('listbox');
  await listbox.getByRole('option', { name: option, exact: true }).waitFor();
  for (let i = 0; i < 50; i += 1) {
    const active = await page.evaluate(() => {
      const input = document.activeElement;
      const id = input?.getAttribute('aria-activedescendant');
      return id ? (document.getElementById(id)?.textContent?.trim() ?? '') : '';
    });
    if (active === option) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`The list of "${label}" never highlighted "${option}"`);
}

// Tab to a radio group (focus lands on its checked radio, or its first) and arrow to the choice, which the
// arrow checks; `group` names every radio of the group by how its name starts (a radio card's name goes on
// with its description).
export async function chooseRadio(page: Page, choice: string, group: readonly string[]): Promise<void> {
  await tabTo(page, { role: 'radio', name: new RegExp(`^(${group.map(escape).join('|')})\\b`) });
  for (let i = 0; i <= group.length; i += 1) {
    const now = await focused(page);
    if (now.name === choice || now.name.startsWith(`${choice} `)) {
      if (!now.state.includes('checked')) await page.keyboard.press('Space');
      return;
    }
    await page.keyboard.press('ArrowRight');
  }
  throw new Error(`No radio "${choice}" in the group ${group.join(', ')}`);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Tab to a checkbox and tick it with Space.
export async function tick(page: Page, label: string | RegExp): Promise<void> {
  await tabTo(page, { role: 'checkbox', name: label });
  if (!(await focused(page)).state.includes('checked')) await page.keyboard.press('Space');
}

// Tab to a button or link and press Enter.
export async function activate(page: Page, role: 'button' | 'link', name: string | RegExp): Promise<void> {
  await tabTo(page, { role, name });
  await page.keyboard.press('Enter');
}
