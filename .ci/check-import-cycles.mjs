// Fails when any module imports itself through others (type-only imports count: a circle of types is
// still two files that cannot be read or moved apart). Run by `npm run lint`.
import madge from 'madge';

const ROOTS = [
  'domain/src',
  'db/src',
  'adapters/src',
  'api/src',
  'realtime/src',
  'server/src',
  'web/src',
  'e2e',
  'faults/src',
  'bench/src',
];

const graph = await madge(ROOTS, {
  fileExtensions: ['ts', 'tsx'],
  tsConfig: 'tsconfig.base.json',
  excludeRegExp: [/node_modules/, /\/dist\//],
  detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
});
const circles = graph.circular();
if (circles.length > 0) {
  process.stderr.write(
    `import circles (${circles.length}): move what both files need into a module of its own\n`,
  );
  for (const circle of circles) process.stderr.write(`  ${[...circle, circle[0]].join(' -> ')}\n`);
  process.exit(1);
}
process.stdout.write(`no import circles among ${Object.keys(graph.obj()).length} modules\n`);
