// Import boundaries keep the core runnable under plain Node and the renderer free of Node.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const nodeBuiltins = [
  'assert', 'buffer', 'child_process', 'cluster', 'crypto', 'dgram', 'dns', 'events', 'fs',
  'fs/promises', 'http', 'http2', 'https', 'module', 'net', 'os', 'path', 'perf_hooks',
  'process', 'readline', 'stream', 'tls', 'url', 'util', 'v8', 'vm', 'worker_threads', 'zlib',
];
const noElectron = { name: 'electron', message: 'electron belongs to src/main/index.ts, src/main/electron/ and src/preload/ only.' };
const noNode = [
  ...nodeBuiltins.map((name) => ({ name, message: 'Node built-ins are not available here.' })),
  ...['better-sqlite3', 'fastify'].map((name) => ({ name, message: 'Node-only package.' })),
];
const nodeScheme = { group: ['node:*'], message: 'Node built-ins are not available here.' };
// Which way imports go (README, Architecture): renderer → shared; core → shared; venue → shared.
const rendererOnly = { group: ['**/main/**', '**/venue/**', '**/host/**', '**/preload/**', '**/native/**'], message: 'The renderer imports only @shared/… and its own folder; it reaches the core through window.api.' };
const coreNotVenue = { group: ['**/venue/**'], message: 'The core talks to a venue over HTTP only; it never imports src/venue (tests may start one).' };
// Shared code runs in the renderer too: no native module may load from it.
const noNative = ['secp256k1', 'better-sqlite3'].map((name) => ({ name, message: 'A native module loads where it is used (core or venue), never from src/shared.', allowTypeImports: true }));
// Nor by name at run time, past the rule above: shared code imports statically only.
const noDynamicImport = { selector: 'ImportExpression', message: 'Shared code loads no module at run time (no dynamic import()); a loader belongs where it is used, e.g. src/native/.' };

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'dist/**', 'coverage/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/main/index.ts', 'src/main/electron/**', 'src/preload/**', 'src/renderer/**', 'src/shared/**', 'src/main/core/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron] }] },
  },
  {
    files: ['src/main/core/**/*.ts'],
    // Tests and their support files start a real venue to talk to.
    ignores: ['src/main/core/**/*.test.ts', 'src/main/core/**/test-support.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron], patterns: [coreNotVenue] }] },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron, ...noNode], patterns: [nodeScheme, rendererOnly] }] },
  },
  {
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/*.test.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', { paths: [noElectron, ...noNode, ...noNative], patterns: [nodeScheme] }],
      'no-restricted-syntax': ['error', noDynamicImport],
    },
  },
  {
    // Tests of pure code may read fixtures from disk; electron stays out everywhere.
    files: ['src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron] }] },
  },
);
