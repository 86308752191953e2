/**
 * axe-core in the browser tests: the library's own source is evaluated in the page
 * (through the DevTools protocol, so the app's Content-Security-Policy does not stand in the way), then
 * `axe.run` checks the whole document as it is on screen.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts that fail a page. */
export const BLOCKING_IMPACTS = ['serious', 'critical'] as const;

/** One rule broken on a page, with the first few elements that break it. */
export interface AxeFinding {
  page: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  /** axe's summary of what to fix on the first element. */
  fix: string;
}

interface AxeResult {
  violations: {
    id: string;
    impact: string | null;
    help: string;
    nodes: { target: unknown[]; failureSummary?: string }[];
  }[];
}

/**
 * The page in its steady state for axe: rows below the fold that `content-visibility: auto` skips keep
 * the styles of the theme they were last drawn in until they come on screen (Chromium does not restyle
 * them for getComputedStyle), and a colour transition may be under way. Users never see either: a row
 * is restyled before it is painted.
 */
const STEADY_STATE_CSS = `*, *::before, *::after {
  content-visibility: visible !important;
  transition: none !important;
  animation-play-state: paused !important;
}`;

/** Runs axe on the page as it is; returns the serious and critical violations, labelled `label`. */
export async function findBlockingViolations(page: Page, label: string): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  // A constructed style sheet: the page's CSP (style-src 'self') refuses an inline <style>.
  await page.evaluate((css) => {
    const flagged = window as { axeSteady?: boolean };
    if (flagged.axeSteady) return;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    flagged.axeSteady = true;
  }, STEADY_STATE_CSS);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<unknown> } })
      .axe;
    return (await axe.run(document, { resultTypes: ['violations'] })) as AxeResult;
  });
  return result.violations
    .filter((v) => (BLOCKING_IMPACTS as readonly string[]).includes(v.impact ?? ''))
    .map((v) => ({
      page: label,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.map(String).join(' ')),
      fix: v.nodes[0]?.failureSummary ?? '',
    }));
}

/** The findings as lines a failing assertion can show. */
export function describeFindings(findings: readonly AxeFinding[]): string {
  return findings
    .map((f) => `${f.page}: [${f.impact}] ${f.rule} (${f.help}) at ${f.targets.join(' | ')}\n  ${f.fix}`)
    .join('\n');
}
