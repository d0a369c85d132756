import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { META_CSP } from './src/main/core/csp';

// `@shared/…` resolves the same way in every bundle, in vitest and in tsx (tsconfig paths).
const resolveShared = { alias: { '@shared': resolve('src/shared') } };

// index.html's CSP meta comes from the one policy in src/main/core/csp.ts; a page without the
// placeholder fails the build rather than ship without a policy.
const CSP_PLACEHOLDER = '__KAIROS_CSP__';
const cspMeta: Plugin = {
  name: 'kairos-csp-meta',
  transformIndexHtml: {
    order: 'pre',
    handler(html) {
      if (!html.includes(CSP_PLACEHOLDER)) throw new Error(`index.html has no ${CSP_PLACEHOLDER} placeholder for its Content-Security-Policy`);
      return html.replace(CSP_PLACEHOLDER, META_CSP);
    },
  },
};

export default defineConfig({
  main: {
    resolve: resolveShared,
    // Bundles printed once more by esbuild, readable but ASCII-only and without comments: one
    // character outside Latin-1 made V8 hold a bundle's whole source as two-byte text (the
    // venue's server chunk, 1.9 MB on disk, held as 3.9 MB), and comments are only parsed and kept.
    esbuild: { charset: 'ascii', minifyIdentifiers: false, minifySyntax: false, minifyWhitespace: false },
    build: {
      minify: 'esbuild',
      // Pure-JS dependencies are bundled: Node resolving and loading their hundreds of module
      // files cost ~200 ms of every start of the main and of the venue. Native ones stay outside.
      externalizeDeps: { exclude: ['zod', 'ws', '@noble/hashes', '@noble/curves', 'fastify', 'hash-wasm'] },
      // host.js is the browser host (`npm run web`) built like Electron's main, so it starts as
      // fast as the app does; it is left out of the installers (electron-builder.config.ts).
      // world.js is what the venue's world-generating thread loads (src/venue/world/worker.ts):
      // a fraction of venue.js, so the thread starts in a third of the time.
      rollupOptions: {
        input: { index: resolve('src/main/index.ts'), venue: resolve('src/main/venue.ts'), host: resolve('src/host/main.ts'), world: resolve('src/venue/world/worker.ts') },
        external: ['better-sqlite3', 'secp256k1', 'ws'],
      },
    },
  },
  preload: {
    resolve: resolveShared,
    build: {
      // A sandboxed preload must be one CommonJS bundle that requires only electron: what it
      // imports (the plain name lists of @shared/ipc/names) is bundled, not left to require().
      externalizeDeps: false,
      rollupOptions: { input: { index: resolve('src/preload/index.ts') }, output: { format: 'cjs' } },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    resolve: resolveShared,
    build: {
      // Less to parse before the first row paints.
      minify: true,
      rollupOptions: { input: { index: resolve('src/renderer/index.html') } },
    },
    plugins: [cspMeta, react()],
  },
});
