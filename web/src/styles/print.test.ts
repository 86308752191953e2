/**
 * The print stylesheet: loaded by the app, and within `@media print` it hides what is
 * made for the screen, draws black on white, and lets the holdings table fit the page with every row.
 * Each class it hides must still exist in the components, so a renamed class cannot quietly print again.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const css = readFileSync(path.join(here, 'print.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
const src = path.join(here, '..');

/** The selectors of each rule (inside the print block) and its declarations. */
const rules = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((m) => ({
  selectors: m[1]!.split(',').map((s) => s.trim()),
  body: m[2]!,
}));

/** The rule whose selector list includes `selector`. */
function ruleOf(selector: string): { selectors: string[]; body: string } {
  const rule = rules.find((r) => r.selectors.includes(selector));
  if (!rule) throw new Error(`print.css has no rule for ${selector}`);
  return rule;
}

const ruleFor = (selector: string) => ruleOf(selector).body;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx$/.test(name) && !/\.test\./.test(name) ? [readFileSync(full, 'utf8')] : [];
  });
}

describe('print.css', () => {
  it('is loaded by the app after the base styles, and all of it applies only to print', () => {
    const main = readFileSync(path.join(src, 'main.tsx'), 'utf8');
    expect(main).toMatch(/import '\.\/styles\/layout\.css';\s*import '\.\/styles\/print\.css';/);
    const code = css.trim();
    expect(code.startsWith('@media print {')).toBe(true);
    expect(code.endsWith('}')).toBe(true);
  });

  it('hides navigation, the ticker, buttons, dialogs, banners, live chips and the row actions', () => {
    const { selectors, body } = ruleOf('.topbar');
    expect(body).toMatch(/display:\s*none !important/);
    for (const needed of ['.topbar', '.ticker', '.mobile-nav', 'dialog', '.btn', '.banner', '.pf-toolbar']) {
      expect(selectors).toContain(needed);
    }
    for (const needed of ['.pf-badges', '.pf-status', '.pf-actions-col', '.pf-select-col', '.pf-editbar']) {
      expect(selectors).toContain(needed);
    }
    const code = sources(src).join('\n');
    for (const selector of selectors.filter((s) => /^\.[\w-]+$/.test(s))) {
      expect(code, `${selector} is not used by any component`).toMatch(
        new RegExp(`className=[{"\`'][^>]*\\b${selector.slice(1)}\\b`),
      );
    }
  });

  it('prints black on white and fits the table to the page with every row drawn', () => {
    expect(ruleFor('*')).toMatch(/color: #000 !important;[\s\S]*background: #fff !important/);
    const table = ruleFor('.pf-table');
    expect(table).toMatch(/min-width: 0 !important/);
    expect(table).toMatch(/--pf-cols: minmax\(0, 1\.5fr\) repeat\(6, minmax\(0, 1fr\)\) !important/);
    expect(ruleFor('.pf-table tbody tr')).toMatch(/content-visibility: visible !important/);
    expect(ruleFor('.table-wrap')).toMatch(/overflow: visible !important/);
    expect(css).toMatch(/@page\s*\{\s*size: A4 landscape;/);
  });
});
