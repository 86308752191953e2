// @vitest-environment node
/**
 * The web build (web/vite.config.ts): a production bundle even when the shell says
 * NODE_ENV=development, and a brotli and a gzip copy of every script, style and page beside it. No
 * source maps: the full sources are not published. index.html carries the landing page's markup and
 * asks for the page's data ahead of the route's chunks.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('web build', () => {
  let outDir: string;
  let files: string[];
  beforeAll(async () => {
    outDir = await mkdtemp(path.join(tmpdir(), 'coinpace-web-build-'));
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = 'development';
    try {
      await build({
        root: WEB,
        configFile: path.join(WEB, 'vite.config.ts'),
        logLevel: 'silent',
        // The config's own sourcemap setting: what ships is what this test sees.
        build: { outDir, emptyOutDir: true },
      });
    } finally {
      process.env.NODE_ENV = before;
    }
    files = (await readdir(outDir, { recursive: true })).map(String);
  }, 120_000);
  afterAll(async () => {
    await rm(outDir, { recursive: true, force: true });
  });

  it("ships React's production build with NODE_ENV=development in the environment", async () => {
    const scripts = files.filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(1);
    for (const script of scripts) {
      const code = await readFile(path.join(outDir, script), 'utf8');
      expect(code, script).not.toContain('jsxDEV');
      expect(code, script).not.toContain('react-dom.development');
    }
  });

  it('writes a .br and a .gz copy of each text file, with the same content', async () => {
    const text = files.filter((f) => /\.(?:js|css|html)$/.test(f));
    expect(text).toContain('index.html');
    for (const file of text) {
      const original = await readFile(path.join(outDir, file));
      // Buffer.equals, not toEqual: a deep compare byte by byte takes seconds per chunk on a busy machine.
      const br = brotliDecompressSync(await readFile(path.join(outDir, `${file}.br`)));
      const gz = gunzipSync(await readFile(path.join(outDir, `${file}.gz`)));
      expect(br.equals(original), `${file}.br`).toBe(true);
      expect(gz.equals(original), `${file}.gz`).toBe(true);
    }
  });

  it("writes the landing page's markup into index.html as a template, hero included", async () => {
    const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
    const shell = html.match(/<template id="landing-shell">([\s\S]*?)<\/template>/)?.[1] ?? '';
    expect(shell).toContain('<h1 id="hero-title">Know what your crypto is worth, the moment it moves.</h1>');
    expect(shell).toContain('Loading crypto prices...');
    expect(html).not.toContain('<!-- landing shell -->');
  });

  it("asks for the page's data before the route's chunks are preloaded", async () => {
    const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
    const data = html.indexOf("fetch('/api/portfolio'");
    const chunks = html.indexOf('modulepreload');
    expect(data).toBeGreaterThan(0);
    expect(chunks).toBeGreaterThan(data);
    expect(html).not.toContain('<!-- route chunks -->');
  });

  it("keeps zod off the landing's and the portfolio's first load, and the live and signed-in chunks off the landing's", async () => {
    const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
    // What every page loads: the main script and the chunks it imports (index.html's modulepreloads).
    const main = [
      ...html.matchAll(
        /<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g,
      ),
    ].map((m) => m[1]!);
    // What index.html preloads for each path beside it (the route chunks' script).
    const routes = JSON.parse(html.match(/var m=(\{.*?\}),s=/)?.[1] ?? 'null') as Record<string, string[]>;
    const scripts = (key: string) => [...main, ...(routes[key] ?? [])].filter((f) => f.endsWith('.js'));
    const withZod = async (files: string[]) => {
      const found: string[] = [];
      for (const file of files) {
        if ((await readFile(path.join(outDir, file), 'utf8')).includes('$ZodObject')) found.push(file);
      }
      return found;
    };
    expect(main.length).toBeGreaterThan(1);
    expect(routes.portfolio?.some((f) => f.includes('PortfolioPage'))).toBe(true);
    expect(await withZod(scripts(''))).toEqual([]);
    expect(await withZod(scripts('portfolio'))).toEqual([]);
    expect(scripts('').filter((f) => /\/(live|dashboard)-/.test(f))).toEqual([]);
    // The check can fail: the beta form validates with zod, so its chunks carry it.
    expect(await withZod(scripts('beta-sign-up'))).not.toEqual([]);
  });

  it('ships no source map and points to none', async () => {
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    for (const file of files.filter((f) => /\.(?:js|css)$/.test(f))) {
      expect(await readFile(path.join(outDir, file), 'utf8'), file).not.toMatch(/sourceMappingURL/);
    }
  });
});
