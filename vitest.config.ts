import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

const shared = { alias: { '@shared': resolve('src/shared') } };

export default defineConfig({
  test: {
    projects: [
      {
        resolve: shared,
        test: {
          name: 'shared',
          include: ['src/shared/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: shared,
        // Pure renderer logic (no DOM): formats, CSV, row shapes, the ticket's lines, the event map.
        test: {
          name: 'renderer',
          include: ['src/renderer/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: shared,
        test: {
          name: 'venue',
          include: ['src/venue/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: shared,
        test: {
          name: 'core',
          include: ['src/main/**/*.test.ts', 'src/host/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: shared,
        // Installers and the release pipeline: builder config, icons, packaged files, workflow.
        test: {
          name: 'release',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
      {
        resolve: shared,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The same browser suite against a deployment that offers only the spec (the local
        // venue's --spec-only mode with real-world representations), reached as a remote venue.
        resolve: shared,
        test: {
          name: 'e2e-spec-only',
          include: ['e2e/*.test.ts'],
          environment: 'node',
          env: { KAIROS_E2E_PEER: 'spec-only' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
