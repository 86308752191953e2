/**
 * The set-up most browser specs share: one app (`startApp(env, options)`) and one Chromium for a
 * `describe`, started before its tests and stopped after them. Call inside the `describe`. The app's
 * embedded database starts migrated (`{migrated: true}`) unless `options` says otherwise.
 */
import { startApp, type RunningApp, type StartAppOptions } from '@coinpace/server/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';

export interface AppAndBrowser {
  readonly app: RunningApp;
  readonly browser: Browser;
}

export function appAndBrowser(
  env: Parameters<typeof startApp>[0] = {},
  options: StartAppOptions = { migrated: true },
): AppAndBrowser {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(env, options), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
  const started = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`appAndBrowser: the ${name} starts in beforeAll`);
    return value;
  };
  return {
    get app() {
      return started(app, 'app');
    },
    get browser() {
      return started(browser, 'browser');
    },
  };
}
