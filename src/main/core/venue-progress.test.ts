// A new world's progress from the venue to the status: the progress lines parsed (and told
// apart from the log), their pace bounded, and the real venue CLI on a fresh data folder turned
// into statuses that climb to 100% before it runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WORLD_PROGRESS_PREFIX, type WorldProgress } from '@shared/ipc/venue-status.js';
import type { LocalVenueStatus } from './ports.js';
import { freePort, launchVenue, nodeVenueChild, superviseVenue, type VenueChild } from './venue-launcher.js';
import { parseProgressLine, progressThrottle } from './venue-progress.js';
import { testVenueChild } from './test-support.js';

const URLS = { catalog_url: 'http://127.0.0.1:1/catalog', trading_url: 'http://127.0.0.1:1/trading', data_url: 'http://127.0.0.1:1/data' };
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const line = (p: unknown): string => `${WORLD_PROGRESS_PREFIX}${JSON.stringify(p)}`;

describe('parseProgressLine', () => {
  it('reads a progress line, and leaves any other line to the log', () => {
    expect(parseProgressLine(line({ percent: 42, phase: 'trades', done: 28_000, total: 56_000 }))).toEqual({ percent: 42, phase: 'trades', done: 28_000, total: 56_000 });
    expect(parseProgressLine(line({ percent: 86, phase: 'saving' }))).toEqual({ percent: 86, phase: 'saving' });
    expect(parseProgressLine('venue: data in /tmp/x (size small), ready in 120 ms')).toBeUndefined();
    expect(parseProgressLine(JSON.stringify(URLS))).toBeUndefined();
  });

  it('refuses a bad one, naming what is wrong and quoting it', () => {
    expect(() => parseProgressLine(`${WORLD_PROGRESS_PREFIX}42%`)).toThrow(`the local venue's progress line is not JSON: "42%"`);
    expect(() => parseProgressLine(line({ percent: 101, phase: 'trades' }))).toThrow(/progress line is not valid \(percent: .*\): /);
    expect(() => parseProgressLine(line({ percent: 4.5, phase: 'trades' }))).toThrow(/not valid \(percent: /);
    expect(() => parseProgressLine(line({ percent: 4, phase: 'dreaming' }))).toThrow(/not valid \(phase: /);
    expect(() => parseProgressLine(line({ percent: 4, phase: 'trades', done: 3 }))).toThrow(/not valid \(total: done and total come together\)/);
    expect(() => parseProgressLine(line({ percent: 4, phase: 'trades', done: 9, total: 5 }))).toThrow(/not valid \(done: done \(9\) is more than total \(5\)\)/);
  });
});

describe('progressThrottle', () => {
  /** A clock and a timer the test moves by hand. */
  function rig(everyMs = 250) {
    let clock = 1_000;
    let timer: { fn: () => void; at: number } | undefined;
    const shown: number[] = [];
    let current: WorldProgress | undefined;
    const throttle = progressThrottle(
      {
        everyMs,
        now: () => clock,
        schedule: (fn, ms) => {
          const mine = { fn, at: clock + ms };
          timer = mine;
          return () => {
            if (timer === mine) timer = undefined;
          };
        },
      },
      (p) => {
        current = p;
        shown.push(p.percent);
      },
    );
    return {
      shown,
      offer: (percent: number) => throttle.offer({ percent, phase: 'trades' }, current),
      drop: () => throttle.drop(),
      /** Moves the clock on by `ms`, running the timer if it is due. */
      pass(ms: number) {
        clock += ms;
        const due = timer;
        if (due && due.at <= clock) {
          timer = undefined;
          due.fn();
        }
      },
      pending: () => timer !== undefined,
    };
  }

  it('says the first at once, holds back what comes sooner than the interval, and says the latest held when it is up', () => {
    const r = rig();
    for (let p = 1; p <= 30; p++) r.offer(p); // a burst read all at once
    expect(r.shown).toEqual([1]);
    r.pass(249);
    expect(r.shown).toEqual([1]);
    r.pass(1);
    expect(r.shown).toEqual([1, 30]);
    expect(r.pending()).toBe(false);
    // After a quiet spell, the next is said at once.
    r.pass(1_000);
    r.offer(31);
    expect(r.shown).toEqual([1, 30, 31]);
  });

  it('says 100% at once, in place of what it held, and never goes back', () => {
    const r = rig();
    r.offer(10);
    r.offer(20);
    r.offer(100);
    expect(r.shown).toEqual([10, 100]);
    expect(r.pending()).toBe(false);
    r.pass(1_000);
    r.offer(50);
    r.offer(100);
    expect(r.shown).toEqual([10, 100]);
  });

  it('forgets what it held once the status moves on', () => {
    const r = rig();
    r.offer(10);
    r.offer(20);
    r.drop();
    r.pass(1_000);
    expect(r.shown).toEqual([10]);
  });
});

describe('launchVenue', () => {
  it('hands progress lines to onProgress, not to the log, and says once that bad ones are there', async () => {
    const progress: WorldProgress[] = [];
    const logs: string[] = [];
    const script = [
      `console.error(${JSON.stringify(line({ percent: 0, phase: 'catalog' }))})`,
      `console.error('venue: a log line')`,
      `console.error(${JSON.stringify(`${WORLD_PROGRESS_PREFIX}{"percent":"lots"}`)})`,
      `console.error(${JSON.stringify(`${WORLD_PROGRESS_PREFIX}{"percent":"more"}`)})`,
      `console.error(${JSON.stringify(line({ percent: 100, phase: 'saving' }))})`,
      // Stderr first: the start line resolves the launch once the rest is read.
      `setTimeout(() => console.log(${JSON.stringify(JSON.stringify(URLS))}), 100)`,
      'setInterval(() => undefined, 1000)',
    ].join(';');
    const venue = await launchVenue({ spawn: () => nodeVenueChild(process.execPath, ['-e', script]), onLog: (l) => logs.push(l), onProgress: (p) => progress.push(p) });
    await venue.stop();
    expect(progress).toEqual([
      { percent: 0, phase: 'catalog' },
      { percent: 100, phase: 'saving' },
    ]);
    expect(logs).toEqual(['venue: a log line', `kairos: the local venue's progress line is not valid (percent: Invalid input: expected number, received string): "{\\"percent\\":\\"lots\\"}" (further ones are not said)`]);
  });
});

describe('the real venue CLI on a fresh data folder', () => {
  it('tells its progress up to 100%, which the supervisor turns into statuses before it runs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kairos-venue-progress-'));
    dirs.push(dir);
    const stderr: string[] = [];
    const logs: string[] = [];
    const statuses: LocalVenueStatus[] = [];
    const venue = await superviseVenue({
      port: await freePort(),
      startingReason: 'first start: generating its world',
      spawn: (port): VenueChild => {
        const child = testVenueChild(['--data-dir', join(dir, 'venue'), '--size', 'small', '--no-simulator', ...(port ? ['--port', String(port)] : [])]);
        return { ...child, onStderr: (listener) => child.onStderr((l) => listener((stderr.push(l), l))) };
      },
      onLog: (l) => logs.push(l),
      timeoutMs: 60_000,
    });
    try {
      venue.onStatus((s) => statuses.push(s));
      await expect.poll(() => venue.status().state, { timeout: 60_000, interval: 100 }).toBe('running');
    } finally {
      await venue.stop();
    }
    // What the venue wrote: progress lines, valid, climbing to 100%.
    const told = stderr.map((l) => parseProgressLine(l)).filter((p) => p !== undefined);
    expect(told.length).toBeGreaterThanOrEqual(2);
    expect(told[0]).toMatchObject({ percent: 0, phase: 'catalog' });
    expect(told.map((p) => p.percent)).toEqual([...told.map((p) => p.percent)].sort((a, b) => a - b));
    expect(told.at(-1)).toEqual({ percent: 100, phase: 'saving' });
    // None of them reached the log, which still has the venue's own lines.
    expect(logs.some((l) => l.startsWith(WORLD_PROGRESS_PREFIX))).toBe(false);
    expect(logs.some((l) => /^venue: data in .* ready in/.test(l))).toBe(true);
    // The statuses: starting, its progress climbing to 100% (same state, same since), then running.
    const starting = statuses.filter((s) => s.state === 'starting');
    expect(starting.length).toBeGreaterThanOrEqual(2);
    expect(starting.every((s) => s.progress !== undefined && s.reason === 'first start: generating its world' && s.since === starting[0]!.since)).toBe(true);
    const percents = starting.map((s) => s.progress!.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.at(-1)).toBe(100);
    expect(statuses.at(-1)).toMatchObject({ state: 'running' });
    expect(statuses.at(-1)?.progress).toBeUndefined();
  }, 90_000);
});
