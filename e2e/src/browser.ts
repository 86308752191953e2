/** Debian's Chromium driven by playwright-core (no browser download is possible here). */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

export const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * The Content-Security-Policy violations the page reports from now on (Chromium logs each as a console
 * error): a journey that ends with none shows the server's policy lets the app do what it does.
 */
export function watchCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  return violations;
}

/**
 * Saves a screenshot under e2e/artifacts, kept by CI as a test artifact: the full page by default,
 * or only the viewport (`{fullPage: false}`, e.g. for a modal over a long page).
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: options.fullPage ?? true });
}
