import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

// `@shared/…` resolves the same way in every bundle, in vitest and in tsx (tsconfig paths).
const resolveShared = { alias: { '@shared': resolve('src/shared') } };

export default defineConfig({
  main: {
    resolve: resolveShared,
    build: {
      rollupOptions: { input: { index: resolve('src/main/index.ts'), venue: resolve('src/main/venue.ts') }, external: ['better-sqlite3', 'secp256k1', 'ws'] },
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
    plugins: [react()],
  },
});
