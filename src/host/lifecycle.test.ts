// The browser host's process never leaves its venue child behind: however it ends, the venue
// is stopped first. Runs lifecycle.fixture.ts (main.ts's wiring around a fake venue) and checks
// that the venue's pid is gone once the host process has exited.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const started: number[] = [];
afterEach(() => {
  // Whatever a failed run left behind is not left for the next one.
  for (const pid of started.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

interface Run {
  venuePid: Promise<number>;
  ready: Promise<void>;
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
  stderr: string[];
}

function run(mode: string): Run {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const child = spawn(process.execPath, ['--import', tsx, resolve('src/host/lifecycle.fixture.ts'), mode], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TSX_TSCONFIG_PATH: resolve('tsconfig.json') },
  });
  started.push(child.pid!);
  const stderr: string[] = [];
  const venuePid = new Promise<number>((done) =>
    createInterface({ input: child.stderr! }).on('line', (line) => {
      stderr.push(line);
      const pid = /fake venue pid (\d+)/.exec(line)?.[1];
      if (pid) {
        started.push(Number(pid));
        done(Number(pid));
      }
    }),
  );
  const ready = new Promise<void>((done) => createInterface({ input: child.stdout! }).on('line', (line) => line === 'ready' && done()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { venuePid, ready, exited, kill: (signal) => child.kill(signal), stderr };
}

const within = <T>(promise: Promise<T>, what: string, ms = 15_000): Promise<T> =>
  Promise.race([promise, new Promise<never>((_, fail) => setTimeout(() => fail(new Error(`timed out waiting for ${what}`)), ms))]);

async function expectVenueStopped(r: Run, code: number): Promise<void> {
  const pid = await within(r.venuePid, 'the venue');
  expect(await within(r.exited, 'the host to exit'), r.stderr.join('\n')).toBe(code);
  expect(alive(pid), `venue ${pid} outlived the host:\n${r.stderr.join('\n')}`).toBe(false);
}

describe('the host process stops its venue before it exits', () => {
  it.each([
    ['uncaught', 1, /uncaught exception: Error: boom/],
    ['unhandled', 1, /unhandled rejection: Error: boom/],
    ['start-fails', 1, /no built renderer/],
  ])('on %s', async (mode, code, logged) => {
    const r = run(mode);
    await expectVenueStopped(r, code);
    expect(r.stderr.join('\n')).toMatch(logged);
    // The core's step ran, and before the venue's (last registered, first run).
    const core = r.stderr.indexOf('fixture: closing the core');
    expect(core).toBeGreaterThanOrEqual(0);
    expect(r.stderr.indexOf('fake venue stopping')).toBeGreaterThan(core);
  });

  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)('on %s', async (signal) => {
    const r = run('wait');
    await within(r.ready, 'the host to be ready');
    r.kill(signal);
    await expectVenueStopped(r, 0);
  });

  it('on a signal that comes before the venue has printed its start line', async () => {
    const r = run('signal-before-start');
    await within(r.venuePid, 'the venue');
    r.kill('SIGTERM');
    await expectVenueStopped(r, 0);
  });

  it('on SIGTERM after the venue was restarted: the core closes first, and no "down" is logged', async () => {
    const r = run('supervised');
    await within(r.ready, 'the host to be ready');
    const first = await within(r.venuePid, 'the venue');
    process.kill(first, 'SIGKILL');
    const restarted = () => r.stderr.some((l) => l.includes('the local venue is running again'));
    await expect.poll(restarted, { timeout: 15_000 }).toBe(true);
    const second = Number(/fake venue pid (\d+)/.exec(r.stderr.filter((l) => l.includes('fake venue pid')).at(-1) ?? '')?.[1]);
    started.push(second);
    expect(second).not.toBe(first);
    r.kill('SIGTERM');
    expect(await within(r.exited, 'the host to exit'), r.stderr.join('\n')).toBe(0);
    expect(alive(second), `venue ${second} outlived the host`).toBe(false);
    const log = r.stderr.join('\n');
    expect(log).not.toMatch(/the local venue is down/);
    expect(r.stderr.indexOf('fixture: closing the core')).toBeLessThan(r.stderr.lastIndexOf('fake venue stopping'));
    expect(r.stderr.indexOf('fixture: closing the core')).toBeGreaterThanOrEqual(0);
  });
});
