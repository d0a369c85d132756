// Import boundaries keep the core runnable under plain Node and the renderer free of Node.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import layers from './scripts/lint/layers.js';

// The layer table: for every room of the house, what it may import besides itself (`node` is any
// Node built-in; `@scope/*` any package of a scope). A file in a folder with no room is an error.
// Test files (*.test.ts, *-support.ts, *.fixture.ts) may also use their room's `tests` list.
const rooms = {
  'src/shared': {
    may: ['zod', '@noble/hashes', '@noble/curves', 'hash-wasm'],
    tests: ['vitest', 'node', 'better-sqlite3', 'src/native', '@polymarket/clob-client-v2', '@ethersproject/wallet', 'viem'],
    why: 'shared code is pure TypeScript that runs in the renderer too: zod and hashing only (architecture.md, Layers).',
  },
  'src/main/core': {
    may: ['src/shared', 'src/native', 'node', 'better-sqlite3', 'ws', 'zod'],
    tests: ['src/venue', 'vitest', 'src/main/core/domains'],
    why: 'the core runs under plain Node with no electron, and talks to a venue over HTTP only (tests may start one); its shared parts (Session, cache, clients, live feed, user data) never reach into a domain.',
  },
  'src/main/core/domains': {
    may: ['src/main/core', 'src/shared', 'src/native', 'node', 'better-sqlite3', 'ws', 'zod'],
    tests: ['src/venue', 'vitest'],
    why: 'a domain of the core builds on the core\'s shared parts, with no electron, and talks to a venue over HTTP only (tests may start one).',
  },
  // The composition root lists the domains; nothing else of the core's shared parts may.
  'src/main/core/index.ts': {
    may: ['src/main/core', 'src/main/core/domains', 'src/shared', 'src/native', 'node'],
    why: 'createCore builds the shared context and lists the domains.',
  },
  'src/main/electron': {
    may: ['src/main/core', 'src/shared', 'src/native', 'node', 'electron', 'electron-updater'],
    tests: ['src/venue', 'vitest', 'better-sqlite3'],
    why: 'the Electron layer wires the core into Electron; it owns no venue.',
  },
  'src/main': {
    may: ['src/main/core', 'src/main/electron', 'src/native', 'src/shared', 'src/venue', 'node', 'electron'],
    why: 'the main entry composes the core and the Electron layer (and names the venue\'s entry for its process).',
  },
  'src/preload': { may: ['src/shared', 'electron'], why: 'the preload exposes the contract over IPC and nothing else.' },
  'src/renderer': {
    may: ['src/shared', 'react', 'react-dom', '@tanstack/react-query', '@tanstack/react-virtual', 'zustand', 'cmdk', 'lightweight-charts', 'zod'],
    tests: ['vitest'],
    why: 'the renderer imports only @shared/… and its own folder; it reaches the core through window.api.',
  },
  'src/host': {
    may: ['src/main/core', 'src/shared', 'src/native', 'node', 'ws'],
    tests: ['vitest'],
    why: 'the browser host serves the built renderer and the core\'s contract; no electron, no venue.',
  },
  'src/venue': {
    may: ['src/venue/exchange', 'src/shared', 'src/native', 'node', 'fastify', 'better-sqlite3', 'ws', 'zod', '@noble/hashes'],
    // The service family's official client drives the venue in its tests, as its users' bots would.
    tests: ['vitest', 'fast-check', '@polymarket/clob-client-v2', '@ethersproject/wallet'],
    why: 'the venue is a server of its own: it never imports the app (core, electron layer, host or renderer).',
  },
  'src/venue/exchange': {
    may: ['src/venue', 'src/shared', 'better-sqlite3'],
    tests: ['vitest'],
    why: 'the exchange keeps books, orders and money over SQLite; requests, sockets and threads are the venue\'s, around it.',
  },
  'src/native': {
    may: ['src/shared', 'node', 'better-sqlite3', 'secp256k1'],
    why: 'native loaders depend on nothing of the app.',
  },
  e2e: {
    may: ['src/main/core', 'src/main/core/domains', 'src/host', 'src/venue', 'src/shared', 'src/renderer', 'node', 'playwright-core', 'vitest'],
    why: 'browser tests drive the real app against the real venue.',
  },
  bench: {
    may: ['e2e', 'src/host', 'src/main/core', 'src/main/core/domains', 'src/native', 'src/shared', 'src/venue', 'node', 'playwright-core', 'ws', 'fast-check', '@polymarket/clob-client-v2', '@ethersproject/wallet'],
    why: 'benchmarks run the real app and venue; the app never imports them.',
  },
  scripts: { may: ['*'], why: 'build, release and lint tooling.' },
};
const aliases = { '@shared': 'src/shared', '@renderer': 'src/renderer/src' };
// Shared code runs in the renderer too: it loads no module by name at run time.
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
    // Every file but the tool configs at the top of the repository.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['*.{ts,js,mjs,cjs}'],
    plugins: { layers },
    rules: { 'layers/allowed-imports': ['error', { rooms, aliases }] },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/*.test.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-syntax': ['error', noDynamicImport] },
  },
);
