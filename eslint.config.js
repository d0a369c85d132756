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
    ignores: ['src/main/index.ts', 'src/main/electron/**', 'src/preload/**', 'src/renderer/**', 'src/shared/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron] }] },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}', 'src/shared/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', { paths: [noElectron, ...noNode], patterns: [{ group: ['node:*'], message: 'Node built-ins are not available here.' }] }],
    },
  },
  {
    // Tests of pure code may read fixtures from disk; electron stays out everywhere.
    files: ['src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron] }] },
  },
);
