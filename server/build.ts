/**
 * `npm run build` (server part): bundles `server/src/main.ts` and every `@coinpace/*` workspace it
 * imports into one ES module, `server/dist/main.js`, that plain `node` runs with no TypeScript loader.
 * Third-party packages stay external and load from node_modules as they do under tsx, so native and
 * WASM parts (PGlite) and packages that resolve files at run time (pino's transports) behave the same.
 *
 * The bundle sits at the same depth as `server/src`, so paths the server resolves from its own
 * location (`../../web/dist`, `../../db/drizzle`) are the same in the source and in the build.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const SERVER = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(SERVER, '..');
const OUTFILE = path.join(SERVER, 'dist/main.js');

/**
 * Bundles our workspaces, leaves every other bare import to node_modules. A package that npm placed
 * under one workspace's own node_modules (a version conflict) would not be found from server/dist,
 * so the build stops and says which.
 */
const externalDependencies: Plugin = {
  name: 'external-dependencies',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@coinpace/') || args.path.startsWith('node:')) return undefined;
      if (args.pluginData === 'probe') return undefined;
      const found = await builder.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        pluginData: 'probe',
      });
      const local = path.relative(ROOT, found.path).split(path.sep);
      if (found.errors.length === 0 && local[0] !== 'node_modules' && local.includes('node_modules')) {
        return {
          errors: [
            {
              text: `${args.path} resolves to ${found.path}, a copy only ${local[0]}/ sees; the built server could not load it`,
            },
          ],
        };
      }
      return { path: args.path, external: true };
    });
  },
};

const result = await build({
  entryPoints: [path.join(SERVER, 'src/main.ts')],
  outfile: OUTFILE,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  // Stack traces in logs then point at the TypeScript sources.
  sourcesContent: false,
  legalComments: 'none',
  plugins: [externalDependencies],
  logLevel: 'warning',
  metafile: true,
});

const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
const inputs = Object.keys(result.metafile.inputs).length;
process.stdout.write(
  `server bundled: ${path.relative(ROOT, OUTFILE)} (${inputs} source files, ${(bytes / 1024).toFixed(0)} kB with its source map)\n`,
);
