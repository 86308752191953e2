import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import react from '@vitejs/plugin-react';
import { defineConfig, runnerImport, type Plugin, type Rolldown } from 'vite';
import { ROUTE_MODULES } from './src/route-modules.ts';

// In development the API runs on :3000 (npm run dev at the root) and Vite proxies to it.
const api = 'http://localhost:3000';

const COMPRESSIBLE = /\.(?:js|css|html|svg|json)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a .br and a .gz copy beside every text file of the build, at the highest levels (done once,
 * not per request). The server sends the one the browser accepts (@koa/send's brotli and gzip
 * options, api/src/static.ts): on a phone network the bytes on the wire are most of the first paint.
 */
function precompress(): Plugin {
  return {
    name: 'coinpace:precompress',
    apply: 'build',
    async writeBundle(options) {
      const dir = options.dir ?? 'dist';
      // Every text file of the output, the bundle's and those copied from public/ (the service worker).
      const files = (await readdir(dir, { recursive: true })).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir, name);
          const source = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzipAsync(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/** Where index.html wants the route chunks' preload script. */
const ROUTE_CHUNKS_MARK = '<!-- route chunks -->';

/**
 * Writes into index.html, for the path being opened, modulepreload hints for the chunks of its page
 * (src/route-modules.ts) and what they import, and their style sheets: the browser asks for them beside
 * the main script instead of after it has run. Vite's loader finds the sheets in place and
 * does not ask again. The first segment of the path picks the list, as routeKey does.
 */
function preloadRouteChunks(): Plugin {
  let base = '/';
  return {
    name: 'coinpace:preload-route-chunks',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle || !ctx.chunk) return;
        const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
        // The chunk that holds a module: its own, or the group it was put in (CHUNK_GROUPS).
        const byModule = new Map(chunks.flatMap((c) => c.moduleIds.map((id) => [id, c] as const)));
        const entryFiles = closure(bundle, [ctx.chunk.fileName]);
        const files: Record<string, string[]> = {};
        for (const [key, modules] of Object.entries(ROUTE_MODULES)) {
          const roots = modules.map((m) => byModule.get(path.resolve(import.meta.dirname, 'src', m)));
          if (roots.some((r) => !r)) throw new Error(`no chunk for a module of route '${key}'`);
          const scripts = closure(
            bundle,
            roots.map((r) => r!.fileName),
          ).filter((f) => !entryFiles.includes(f));
          // Their style sheets too: the chunks wait for them before they run.
          const styles = scripts.flatMap((f) => [...(cssOf(bundle[f]) ?? [])]);
          files[key] = [...scripts, ...new Set(styles)];
        }
        const script = `(function(){var m=${JSON.stringify(files)},s=location.pathname.split('/').filter(Boolean),k=s[0]==='dashboard'&&s[1]?s[1]:s[0]||'';(m[k]||[]).forEach(function(f){var l=document.createElement('link'),c=/\\.css$/.test(f);l.rel=c?'stylesheet':'modulepreload';if(!c)l.crossOrigin='';l.href=${JSON.stringify(base)}+f;document.head.appendChild(l)})})()`;
        // Where index.html marks it: after the script that asks for the page's data, so over HTTP/1.1's
        // six connections those requests are queued ahead of a dozen chunks, and before the style
        // sheets, which a script after them would wait for.
        if (!html.includes(ROUTE_CHUNKS_MARK)) throw new Error(`index.html lacks ${ROUTE_CHUNKS_MARK}`);
        return html.replace(ROUTE_CHUNKS_MARK, `<script>${script}</script>`);
      },
    },
  };
}

/** Where index.html wants the landing page's pre-rendered markup. */
const LANDING_SHELL_MARK = '<!-- landing shell -->';

/**
 * Renders the landing page to HTML (src/features/landing/landing-shell.tsx) and writes it into
 * index.html as a template, which index.html draws on '/' while the scripts load: on a phone the
 * hero is then read at first paint instead of after React has downloaded, started and rendered.
 * The page's style sheets are in the build, so its modules' CSS imports are skipped here.
 */
function prerenderLanding(): Plugin {
  const skipCss: Plugin = {
    name: 'coinpace:skip-css',
    enforce: 'pre',
    resolveId: (id) => (id.endsWith('.css') ? '\0skipped-css' : undefined),
    load: (id) => (id === '\0skipped-css' ? 'export default "";' : undefined),
  };
  return {
    name: 'coinpace:prerender-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!html.includes(LANDING_SHELL_MARK)) throw new Error(`index.html lacks ${LANDING_SHELL_MARK}`);
        const { module } = await runnerImport<{ renderLandingShell(): string }>(
          path.resolve(import.meta.dirname, 'src/features/landing/landing-shell.tsx'),
          { configFile: false, root: import.meta.dirname, logLevel: 'error', plugins: [skipCss] },
        );
        const shell = module.renderLandingShell();
        return html.replace(LANDING_SHELL_MARK, `<template id="landing-shell">${shell}</template>`);
      },
    },
  };
}

/** The style sheets Vite extracted for a chunk (its build metadata). */
function cssOf(output: Rolldown.OutputBundle[string] | undefined): Set<string> | undefined {
  return (output as { viteMetadata?: { importedCss: Set<string> } } | undefined)?.viteMetadata?.importedCss;
}

/** The chunks `roots` need to run: themselves and their static imports, transitively. */
function closure(bundle: Rolldown.OutputBundle, roots: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    const chunk = bundle[file];
    if (seen.has(file) || !chunk || chunk.type !== 'chunk') return;
    seen.add(file);
    chunk.imports.forEach(visit);
  };
  roots.forEach(visit);
  return [...seen];
}

/** A module path pattern, written with '/' and matching either separator. */
const modules = (pattern: string) => new RegExp(pattern.replaceAll('/', '[\\\\/]'));

/**
 * Fewer, larger shared chunks: left alone, the split by route leaves a dozen chunks of a few
 * hundred bytes, and over HTTP/1.1 (six connections) on a phone network each wave of requests costs a
 * round trip. 'framework' holds what every page runs (React, the router, the API client, the stores and
 * parts of the public pages; not Clerk's UI, the auth dialogs, the auth pages or the policy texts, which stay
 * lazy); 'live' the Socket.IO client, loaded once the site is open; 'zod' the schema library, loaded by
 * the screens that validate with it (forms, searches, imports) and kept off the portfolio's first load;
 * 'dashboard' what the signed-in screens share (the shell, billing, the portfolio and wallet stores, the
 * parsers their chunks import), without the modules that import zod. A module a higher group holds stays
 * there when a lower group needs it, and a group takes in what its modules import.
 */
const CHUNK_GROUPS = [
  {
    name: 'framework',
    priority: 3,
    test: modules(
      'node_modules/(react|react-dom|scheduler|react-router|react-router-dom|zustand|use-sync-external-store)/' +
        '|web/src/(lib/(?!socket\\.ts)|features/(auth/(?!ClerkRoot|AuthDialogs|LocalAuthForm|SsoCallback|ConfirmEmailPage)|prices/|landing/|site-password/))' +
        // Not the parts only the signed-in screens use (in 'dashboard'), nor the lazily loaded dialogs.
        '|web/src/components/(?!LazyDialog|NumberInput|ConfirmDialog|use-menu|icons)' +
        '|web/src/features/legal/LegalModals' +
        '|domain/src/(errors|ticker-coins|decimal|limits|form-texts|plans)\\.ts|domain/src/(format/(?!number-input)|prices/)',
    ),
  },
  {
    name: 'live',
    priority: 2,
    test: modules(
      'node_modules/(socket\\.io-client|socket\\.io-parser|engine\\.io-client|engine\\.io-parser|@socket\\.io|xmlhttprequest-ssl)/' +
        '|web/src/lib/socket\\.ts|domain/src/realtime/',
    ),
  },
  {
    name: 'zod',
    priority: 2,
    test: modules('node_modules/zod/'),
  },
  {
    name: 'dashboard',
    priority: 1,
    test: modules(
      'web/src/features/(shell|billing)/|web/src/features/(wallets/wallets-store|portfolio/portfolio-store)\\.ts' +
        '|web/src/components/(NumberInput|ConfirmDialog|use-menu|icons)\\.tsx?|domain/src/format/number-input\\.ts' +
        '|domain/src/(portfolio|billing)/' +
        // What the signed-in screens' own chunks import, so the portfolio does not wait on five more
        // requests for it: wallet and exchange recognition, CSV parsing, the alert rules. Not the modules
        // that declare zod schemas: the group would take zod's chunk into the portfolio's first load.
        '|domain/src/(exchanges|wallets|transactions|alerts|import)/(?!(accounts|channels|schemas|gains-query|verification)\\.ts|trades/schema\\.ts)' +
        '|node_modules/(papaparse|@noble/hashes|@scure/base|@scure/bip39)/' +
        '|web/src/features/wallets/tracked-wallets\\.ts' +
        '|web/src/features/portfolio/price-refresh\\.ts' +
        // Shared by the table and its lazily loaded dialogs; left alone, each would be a chunk of its own.
        '|web/src/features/portfolio/(table-store|position-prices|import/import-state)\\.ts',
    ),
  },
];

export default defineConfig(({ command }) => {
  // A build is always the production bundle, whatever NODE_ENV the shell has: with
  // NODE_ENV=development, Vite and React would ship their development builds (3x the size).
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), preloadRouteChunks(), prerenderLanding(), precompress()],
    server: {
      port: 5173,
      proxy: {
        '/api': api,
        '/healthz': api,
        '/socket.io': { target: api, ws: true },
      },
    },
    build: {
      outDir: 'dist',
      // No source maps in what is published: they carry the full sources.
      sourcemap: false,
      chunkSizeWarningLimit: 900,
      // No modulepreload polyfill: the browsers that lack modulepreload (Safari before 17) still load
      // every chunk, when it is imported rather than ahead; the polyfill would cost every visitor's
      // first load its bytes.
      modulePreload: { polyfill: false },
      rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
    },
  };
});
