import { resolve } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const shared = { alias: { '@shared': resolve('src/shared') } };

// Every Node process of a run (the test workers, and the venues and hosts the tests spawn) keeps
// its compiled code in one cache: the ~80 processes the suite starts compile the same modules
// otherwise (a file of venue starts took 6 s instead of 10 with it warm).
process.env['NODE_COMPILE_CACHE'] ??= resolve('node_modules/.cache/kairos-node-compile');
/** Core files that need a process of their own (see the `memory` project). */
const OWN_PROCESS = ['src/main/core/memory.test.ts'];
/** Browser files that run only against the misbehaving peer. */
const MISBEHAVING_ONLY = ['e2e/misbehaving.test.ts'];
/**
 * Browser files about the app's own files and forms, not a browse or trade flow: nothing in them
 * reads a venue's answer, so a second peer would run the same steps again.
 */
const ONE_PEER = ['e2e/damaged-files.test.ts', 'e2e/venue-name.test.ts'];

export default defineConfig({
  test: {
    // Vitest's default on two cores is one file at a time, yet most test time is spent waiting on
    // a venue, a poll or a browser: three files at once halve the run here (measured: ~360 s for
    // the whole suite, against well over 600 s one by one). Waits in tests are bounded generously
    // for a loaded machine, never by a stopwatch.
    maxWorkers: 3,
    // Each project's files share a worker and its loaded modules (isolate: false in each): the
    // core, venue and browser suites import the same large graph, and loading it once per worker
    // rather than once per file took a third off the core project's CPU time here. No test keeps
    // state in a shared module: each starts its own venue, core and data folder.
    projects: [
      {
        resolve: shared,
        test: {
          name: 'shared',
          include: ['src/shared/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        resolve: shared,
        // Pure renderer logic (no DOM): formats, CSV, row shapes, the ticket's lines, the event map.
        test: {
          name: 'renderer',
          include: ['src/renderer/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        resolve: shared,
        test: {
          name: 'venue',
          include: ['src/venue/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: shared,
        test: {
          name: 'core',
          include: ['src/main/**/*.test.ts', 'src/host/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...OWN_PROCESS],
          environment: 'node',
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: shared,
        // Tests of full collections of the whole heap: in a worker shared with other files that
        // heap is every earlier file's too, and one collection took seconds (the file 80 s
        // instead of 15).
        test: {
          name: 'memory',
          include: OWN_PROCESS,
          environment: 'node',
          isolate: true,
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
          isolate: false,
          testTimeout: 120_000,
        },
      },
      {
        resolve: shared,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...MISBEHAVING_ONLY],
          environment: 'node',
          isolate: false,
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
          exclude: [...configDefaults.exclude, ...MISBEHAVING_ONLY, ...ONE_PEER],
          environment: 'node',
          isolate: false,
          env: { KAIROS_E2E_PEER: 'spec-only' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // A deployment whose answers are wrong (the spec-only venue with --misbehave): the event
        // page, trader page and ticket show what was asked for, the conservative worst case, and
        // say what they dropped or read conservatively. Only its own file: the suite stays short.
        resolve: shared,
        test: {
          name: 'e2e-misbehaving',
          include: MISBEHAVING_ONLY,
          environment: 'node',
          isolate: false,
          env: { KAIROS_E2E_PEER: 'misbehaving' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
