/// <reference lib="dom" />
/** One throttled cold page load for the first-paint benchmark, and the profiles it runs under. */
import { gzipSync } from 'node:zlib';
import type { Browser, Request } from 'playwright-core';

/** Network and CPU throttling applied through the DevTools protocol before the page loads. */
export interface Profile {
  name: string;
  /** Added to every request, ms. */
  latencyMs: number;
  /** Bits per second. */
  downloadBps: number;
  uploadBps: number;
  /** Emulation.setCPUThrottlingRate: 4 = four times slower than this machine. */
  cpuSlowdown: number;
}

/**
 * Lighthouse's mobile profile, the phone on a mobile network the first-paint goals are judged on (150 ms
 * round trip, 1.6 Mbps down, 750 kbps up, 4x CPU), and DevTools' classic Fast 3G preset (the same link
 * with its request latency of 150 ms x 3.75 and 90% throughput) on the same 4x slower CPU.
 */
export const PROFILES: readonly [Profile, ...Profile[]] = [
  { name: 'mobile (Lighthouse)', latencyMs: 150, downloadBps: 1_600_000, uploadBps: 750_000, cpuSlowdown: 4 },
  { name: 'Fast 3G', latencyMs: 562.5, downloadBps: 1_440_000, uploadBps: 675_000, cpuSlowdown: 4 },
];

/** A page to load: `waitFor` is what it is there for; `session` signs the browser in first. */
export interface PageUnderTest {
  name: string;
  path: string;
  /** A CSS selector; its first appearance in the DOM is `readyMs`. */
  waitFor: string;
  session?: { key: string; value: string };
}

export interface ScriptLoad {
  file: string;
  wireBytes: number;
  gzipBytes: number;
}

export interface LoadSample {
  scripts: ScriptLoad[];
  fcpMs: number;
  lcpMs: number;
  /** When `waitFor` was first in the DOM (on the portfolio: its first holding row). */
  readyMs: number | null;
}

/** What the init script below keeps on the page's window. */
interface Marks {
  __firstPaint: { fcp: number | null; lcp: number | null; ready: number | null; lcpAt: number };
}

const SETTLE_MS = 1_000;
const LOAD_TIMEOUT_MS = 60_000;

/** Loads `target` once in a fresh context (empty cache) under `profile` and reads its timings. */
export async function loadPage(
  browser: Browser,
  origin: string,
  target: PageUnderTest,
  profile: Profile,
): Promise<LoadSample> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    if (target.session) {
      const { key, value } = target.session;
      await context.addInitScript(
        ([k, v]) => {
          if (!localStorage.getItem(k)) localStorage.setItem(k, v);
        },
        [key, value] as const,
      );
    }
    await context.addInitScript((selector) => {
      const marks: Marks['__firstPaint'] = { fcp: null, lcp: null, ready: null, lcpAt: 0 };
      (window as unknown as Marks).__firstPaint = marks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          if (entry.name === 'first-contentful-paint') marks.fcp = entry.startTime;
      }).observe({ type: 'paint', buffered: true });
      new PerformanceObserver((list) => {
        const last = list.getEntries().at(-1);
        if (last) {
          marks.lcp = last.startTime;
          marks.lcpAt = performance.now();
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new MutationObserver((_, observer) => {
        if (document.querySelector(selector)) {
          marks.ready = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    }, target.waitFor);

    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.latencyMs,
      downloadThroughput: profile.downloadBps / 8,
      uploadThroughput: profile.uploadBps / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });

    const scripts: Promise<ScriptLoad>[] = [];
    const inFlight = new Set<Request>();
    // Socket.IO's long poll stays open by design; it is not part of loading the page.
    const counts = (request: Request) => !request.url().includes('/socket.io/');
    page.on('request', (request) => {
      if (counts(request)) inFlight.add(request);
    });
    page.on('requestfailed', (request) => inFlight.delete(request));
    page.on('requestfinished', (request) => {
      inFlight.delete(request);
      if (request.resourceType() !== 'script') return;
      scripts.push(
        (async () => {
          const [response, sizes] = await Promise.all([request.response(), request.sizes()]);
          const body = (await response?.body()) ?? Buffer.alloc(0);
          return {
            file: new URL(request.url()).pathname.replace(/^\/assets\//, ''),
            wireBytes: sizes.responseBodySize,
            gzipBytes: gzipSync(body, { level: 9 }).length,
          };
        })(),
      );
    });

    await page.goto(`${origin}${target.path}`, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
    await page.waitForSelector(target.waitFor, { timeout: LOAD_TIMEOUT_MS });
    // Settled: nothing of the page's own in flight and no new LCP candidate for SETTLE_MS.
    const deadline = Date.now() + LOAD_TIMEOUT_MS;
    for (;;) {
      const marks = await page.evaluate(() => (window as unknown as Marks).__firstPaint);
      const now = await page.evaluate(() => performance.now());
      if (inFlight.size === 0 && marks.lcp !== null && now - marks.lcpAt >= SETTLE_MS) break;
      if (Date.now() > deadline) throw new Error(`${target.name} did not settle under ${profile.name}`);
      await page.waitForTimeout(200);
    }
    const marks = await page.evaluate(() => (window as unknown as Marks).__firstPaint);
    if (marks.fcp === null || marks.lcp === null) throw new Error(`${target.name}: no paint recorded`);
    return {
      scripts: (await Promise.all(scripts)).sort((a, b) => a.file.localeCompare(b.file)),
      fcpMs: marks.fcp,
      lcpMs: marks.lcp,
      readyMs: marks.ready,
    };
  } finally {
    await context.close();
  }
}
