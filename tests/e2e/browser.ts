import { chromium, type Browser } from 'playwright-core';

// Debian's chromium; playwright cannot download its own browsers here.
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
}

export const SCREENSHOTS = 'tests/e2e/screenshots';
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-portal-2026';
