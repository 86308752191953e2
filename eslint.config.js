// One lint config for the whole repo. The import rules below enforce the dependency
// directions of DESIGN.md section 2: domain at the bottom, the app and the server roles on top.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const pkg = (name) => [`@coinpace/${name}`, `@coinpace/${name}/*`];

/** Builds a no-restricted-imports rule that forbids the given workspaces, saying why. */
function boundary(from, forbidden, why) {
  return {
    files: [`${from}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: forbidden.flatMap(pkg),
              message: `${from}/ must not import this package: ${why} (DESIGN.md section 2).`,
            },
            {
              group: forbidden.map((name) => `**/${name}/src/**`),
              message: `${from}/ must not reach into another package's sources (DESIGN.md section 2).`,
            },
          ],
        },
      ],
    },
  };
}

const servers = ['api', 'realtime', 'server'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'db/drizzle/**',
      'bench/results/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // The service worker runs in the browser's worker scope, not in Node.
    files: ['web/public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  boundary(
    'domain',
    ['db', 'adapters', ...servers, 'web'],
    'domain is pure logic at the bottom of the graph',
  ),
  {
    files: ['domain/src/**/*.ts'],
    // Test support (a setup file) may read the test run's environment.
    ignores: ['domain/src/**/*.test.ts', 'domain/src/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@coinpace/*', 'node:*', 'fs', 'path', 'http', 'https', 'net', 'crypto'],
              message:
                'domain/ is pure: no I/O, no Node built-ins, none of our other packages (DESIGN.md section 2).',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'domain/ reads no environment: take values as arguments.' },
        { name: 'fetch', message: 'domain/ does no I/O.' },
      ],
    },
  },
  boundary('db', ['adapters', ...servers, 'web'], 'db may import only domain'),
  boundary('adapters', ['db', ...servers, 'web'], 'adapters may import only domain'),
  boundary('api', ['realtime', 'server', 'web'], 'the API role must not depend on another role'),
  boundary('realtime', ['api', 'server', 'web'], 'the realtime role must not depend on another role'),
  boundary('web', ['db', 'adapters', ...servers], 'the browser app may import only domain'),
  {
    // Only the config module of a process reads the environment (STYLE.md, Config).
    files: ['{domain,db,adapters,api,realtime,web}/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', '**/testing.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in server/src/config.ts only.' },
      ],
    },
  },
  {
    // A router made with plain `new Router` matches routes without regard to case but its router-wide
    // guards with it, so a path in capitals would reach a handler past requireUser.
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/routers.ts', '**/*.test.ts', '**/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Router']",
          message: 'Make routers with createRouter (api/src/routers.ts): it matches paths case-sensitively.',
        },
      ],
    },
  },
  {
    // STYLE.md, Size: aim under about 300 lines, split past 400.
    // Tests and browser specs read as one story per file and are left out.
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.spec.ts'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'bench/**', 'e2e/**', '**/scripts/**', 'server/src/main.ts'],
    rules: { 'no-console': 'off' },
  },
);
