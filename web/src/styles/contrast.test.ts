/**
 * WCAG AA contrast of the design tokens (4.5:1 for text), in the light and the dark theme. The dark
 * palette is written twice in tokens.css (for the system preference and for a chosen theme); both
 * copies must agree.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contrastRatio as contrast } from '../lib/contrast.ts';

const css = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'tokens.css'), 'utf8');

/** The `--name: #hex` colours declared in the block that opens with `selector {`. */
function colours(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no block ${selector}`);
  const body = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries(
    [...body.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1]!, m[2]!]),
  );
}

/** Text colour token on background token, for every place the pair is used. */
const TEXT_PAIRS: [string, string][] = [
  ...['bg', 'bg-elevated', 'bg-subtle', 'bg-inset'].flatMap((bg): [string, string][] => [
    ['text', bg],
    ['text-muted', bg],
    ['text-faint', bg],
  ]),
  ['accent', 'bg'],
  ['accent', 'bg-elevated'],
  ['accent', 'bg-subtle'],
  ['accent-strong', 'accent-soft'],
  ['text', 'accent-soft'],
  ['accent-text', 'accent'],
  ['accent-text', 'accent-hover'],
  ['gain', 'gain-soft'],
  ['gain', 'bg-elevated'],
  ['loss', 'loss-soft'],
  ['loss', 'bg-elevated'],
  ['warn', 'warn-soft'],
  ['warn', 'bg-elevated'],
];

const THEMES = {
  light: colours(':root'),
  dark: colours(":root[data-theme='dark']"),
};

describe('design tokens', () => {
  it('write the dark palette the same way for the system preference and a chosen theme', () => {
    expect(colours(":root:not([data-theme='light'])")).toEqual(THEMES.dark);
  });

  describe.each(Object.entries(THEMES))('%s theme', (_theme, tokens) => {
    it.each(TEXT_PAIRS)('--%s on --%s meets WCAG AA (4.5:1)', (text, background) => {
      expect(tokens[text], text).toBeDefined();
      expect(tokens[background], background).toBeDefined();
      expect(contrast(tokens[text]!, tokens[background]!)).toBeGreaterThanOrEqual(4.5);
    });
  });
});
