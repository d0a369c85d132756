// The venue launcher against tiny Node scripts standing in for the venue: a good start, a start
// line that is not JSON or lacks a URL, a venue that never answers, one that dies first.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { launchVenue, nodeVenueChild, parseStartLine, sourceVenueChild, superviseVenue, type VenueChild, type VenueEvent } from './venue-launcher.js';

const URLS = { catalog_url: 'http://127.0.0.1:1/catalog', trading_url: 'http://127.0.0.1:1/trading', data_url: 'http://127.0.0.1:1/data' };

/** Node running `script`, with the children started recorded so a test can see they were stopped. */
const started: Array<{ exited: boolean; kill(): void }> = [];
function node(script: string): () => VenueChild {
  return () => {
    const child = nodeVenueChild(process.execPath, ['-e', script]);
    const seen = { exited: false, kill: () => child.kill() };
    started.push(seen);
    child.onExit(() => (seen.exited = true));
    return child;
  };
}

// Stays alive until stopped, as the venue does.
const STAY = 'setInterval(() => undefined, 1000);';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('launchVenue', () => {
  it('resolves with the URLs of the start line, logs stderr, and stop() waits for the exit', async () => {
    const logs: string[] = [];
    const venue = await launchVenue({ spawn: node(`console.error('venue: ready'); console.log(${JSON.stringify(JSON.stringify(URLS))}); console.log('later'); ${STAY}`), onLog: (l) => logs.push(l) });
    expect(venue.urls).toEqual(URLS);
    const child = started.at(-1)!;
    expect(child.exited).toBe(false);
    await venue.stop();
    expect(child.exited).toBe(true);
    expect(logs).toContain('venue: ready');
    await venue.stop(); // a second stop is harmless
  });

  it('rejects a start line that is not JSON, quoting it, and stops the child', async () => {
    await expect(launchVenue({ spawn: node(`console.log('listening on 4000'); ${STAY}`) })).rejects.toThrow(`the local venue's start line is not JSON: "listening on 4000"`);
    await expect.poll(() => started.at(-1)!.exited).toBe(true);
  });

  it('rejects a start line with a missing or bad URL, naming the field', async () => {
    const { data_url: _, ...noData } = URLS;
    await expect(launchVenue({ spawn: node(`console.log(${JSON.stringify(JSON.stringify(noData))}); ${STAY}`) })).rejects.toThrow(/start line is not valid \(data_url: .*\)/);
    await expect(launchVenue({ spawn: node(`console.log(${JSON.stringify(JSON.stringify({ ...URLS, trading_url: 'ftp://x' }))}); ${STAY}`) })).rejects.toThrow(/start line is not valid \(trading_url: /);
  });

  it('times out a venue that never prints, and stops it', async () => {
    await expect(launchVenue({ spawn: node(STAY), timeoutMs: 300 })).rejects.toThrow('the local venue did not start within 0.3 s');
    await expect.poll(() => started.at(-1)!.exited).toBe(true);
  });

  it('rejects when the venue exits before it listens', async () => {
    await expect(launchVenue({ spawn: node(`console.error('venue: --size must be one of small'); process.exit(2);`) })).rejects.toThrow('the local venue exited (code 2) before it listened');
  });
});

describe('parseStartLine', () => {
  it('accepts the venue CLI line and refuses other shapes', () => {
    expect(parseStartLine(JSON.stringify(URLS))).toEqual(URLS);
    expect(() => parseStartLine('[]')).toThrow(/not valid/);
    expect(() => parseStartLine('')).toThrow(/not JSON: ""/);
  });
});

describe('sourceVenueChild', () => {
  it('runs a TypeScript entry through tsx with the repo tsconfig, from any working directory', async () => {
    // The venue CLI imports through the @shared alias, which only the repo's tsconfig defines.
    const dir = mkdtempSync(join(tmpdir(), 'kairos-launcher-'));
    dirs.push(dir);
    const failed = await launchVenue({ spawn: () => sourceVenueChild(resolve('.'), ['--help'], { cwd: dir }), timeoutMs: 60_000 }).catch((err: Error) => err);
    // `--help` prints usage, not a start line: reaching the line check proves tsx loaded the CLI
    // and its @shared imports from a foreign working directory.
    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error).message).toMatch(/start line is not JSON: "Usage: npm run venue/);
  });
});

describe('a venue started by the launcher does not outlive its host', () => {
  const alive = (pid: number): boolean => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  it('keeps stdin open as a pipe: the child sees no end of it until the host goes', async () => {
    const venue = await launchVenue({ spawn: node(`process.stdin.on('end', () => process.exit(7)); process.stdin.resume(); console.log(${JSON.stringify(JSON.stringify(URLS))}); ${STAY}`) });
    await new Promise((r) => setTimeout(r, 300));
    expect(started.at(-1)!.exited).toBe(false); // /dev/null (stdin 'ignore') would have ended at once
    await venue.stop();
  });

  it('the real venue stops when the host that launched it is killed (SIGKILL)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kairos-launcher-host-'));
    dirs.push(dir);
    const data = join(dir, 'venue');
    const launcher = pathToFileURL(resolve('src/main/core/venue-launcher.ts')).href;
    // A host that launches the venue as src/host/main.ts does, then prints the pid in its lock file.
    const script = `
      import { readFileSync } from 'node:fs';
      import { launchVenue, sourceVenueChild } from ${JSON.stringify(launcher)};
      await launchVenue({ spawn: () => sourceVenueChild(${JSON.stringify(resolve('.'))}, ['--data-dir', ${JSON.stringify(data)}, '--size', 'small', '--no-simulator']), timeoutMs: 60_000 });
      console.log(readFileSync(${JSON.stringify(join(data, 'venue.lock'))}, 'utf8').trim());
      setInterval(() => undefined, 1000);`;
    const host = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, TSX_TSCONFIG_PATH: resolve('tsconfig.json') } });
    try {
      const venuePid = Number(await new Promise<string>((r) => createInterface({ input: host.stdout }).once('line', r)));
      expect(venuePid).toBeGreaterThan(0);
      expect(alive(venuePid)).toBe(true);
      host.kill('SIGKILL');
      await expect.poll(() => alive(venuePid), { timeout: 10_000, interval: 100 }).toBe(false);
      expect(() => readFileSync(join(data, 'venue.lock'))).toThrow(/ENOENT/);
    } finally {
      if (host.exitCode === null && host.signalCode === null) host.kill('SIGKILL');
    }
  }, 60_000);
});

describe('superviseVenue', () => {
  const line = JSON.stringify(JSON.stringify(URLS));

  it('restarts a venue that exits on its own once, on the same port; a second exit leaves it down, said in a log line and its status', async () => {
    const ports: Array<number | undefined> = [];
    const events: VenueEvent[] = [];
    const statuses: string[] = [];
    const logs: string[] = [];
    // Each venue prints its start line, then dies 200 ms later.
    const dies = node(`console.log(${line}); setTimeout(() => process.exit(3), 200);`);
    const venue = await superviseVenue({
      spawn: (port) => {
        ports.push(port);
        return dies();
      },
      onLog: (l) => logs.push(l),
      onEvent: (e) => events.push(e),
      now: () => 42,
    });
    expect(venue.status()).toEqual({ state: 'running', since: 42 });
    venue.onStatus((s) => statuses.push(s.state));
    await expect.poll(() => events.map((e) => e.type), { timeout: 5000 }).toEqual(['restarting', 'restarted', 'down']);
    expect(ports).toEqual([undefined, 1]);
    expect(statuses).toEqual(['restarting', 'running', 'down']);
    expect(events[0]).toEqual({ type: 'restarting', code: 3 });
    expect(events[2]).toMatchObject({ type: 'down', code: 3, reason: 'it exited again (code 3) after being restarted' });
    expect(venue.status()).toEqual({ state: 'down', reason: 'it exited again (code 3) after being restarted', since: 42 });
    expect(logs).toContain('kairos: the local venue exited unexpectedly (code 3); restarting it once, on port 1');
    expect(logs).toContain('kairos: the local venue is down: it exited again (code 3) after being restarted; it stays stopped until it is restarted from the status bar or Kairos restarts');
    // Down is not the end: only stop() is.
    let exitCode: number | null | undefined;
    venue.onExit((code) => (exitCode = code));
    expect(exitCode).toBeUndefined();
    await venue.stop(); // harmless once down
    expect(exitCode).toBeNull();
  });

  it('starts a venue left down again on request, on the same port; the automatic restart stays spent', async () => {
    const ports: Array<number | undefined> = [];
    const events: VenueEvent[] = [];
    const logs: string[] = [];
    let behaviour = `console.log(${line}); setTimeout(() => process.exit(3), 200);`;
    const venue = await superviseVenue({
      spawn: (port) => {
        ports.push(port);
        return node(behaviour)();
      },
      onLog: (l) => logs.push(l),
      onEvent: (e) => events.push(e),
    });
    try {
      await expect.poll(() => venue.status().state, { timeout: 5000 }).toBe('down');
      // Asked for: it comes back and stays.
      behaviour = `console.log(${line}); ${STAY}`;
      await venue.restart();
      expect(venue.status().state).toBe('running');
      expect(ports).toEqual([undefined, 1, 1]);
      expect(events.slice(3)).toEqual([{ type: 'restarting', code: null, requested: true }, { type: 'restarted', urls: URLS }]);
      expect(logs).toContain('kairos: restarting the local venue on request, on port 1');
      // Running: nothing to do.
      await venue.restart();
      expect(ports).toHaveLength(3);
      // It exits again: no second automatic restart, straight down.
      started.at(-1)!.kill();
      await expect.poll(() => venue.status().state, { timeout: 5000 }).toBe('down');
      expect(ports).toHaveLength(3);
      expect(events.at(-1)).toMatchObject({ type: 'down', reason: 'it exited again (stopped by a signal) after being restarted' });
      // A restart that fails says why, and leaves it down.
      behaviour = `console.log('not a start line'); ${STAY}`;
      await expect(venue.restart()).rejects.toThrow(/it could not be restarted: the local venue's start line is not JSON: "not a start line"/);
      expect(venue.status()).toMatchObject({ state: 'down', reason: expect.stringMatching(/could not be restarted/) });
    } finally {
      await venue.stop();
    }
    await expect(venue.restart()).rejects.toThrow('the local venue is stopping with Kairos');
  });

  it('does not restart a venue it was asked to stop', async () => {
    const events: VenueEvent[] = [];
    const venue = await superviseVenue({ spawn: node(`console.log(${line}); ${STAY}`), onEvent: (e) => events.push(e) });
    await venue.stop();
    await new Promise((r) => setTimeout(r, 200));
    expect(events).toEqual([]);
    expect(venue.status().state).toBe('running');
  });

  it('brings a killed real venue back at the same URLs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kairos-launcher-restart-'));
    dirs.push(dir);
    const data = join(dir, 'venue');
    const events: VenueEvent[] = [];
    const venue = await superviseVenue({
      spawn: (port) => sourceVenueChild(resolve('.'), ['--data-dir', data, '--size', 'small', '--no-simulator', ...(port ? ['--port', String(port)] : [])]),
      onEvent: (e) => events.push(e),
      timeoutMs: 60_000,
    });
    try {
      const pid = Number(readFileSync(join(data, 'venue.lock'), 'utf8'));
      process.kill(pid, 'SIGKILL');
      await expect.poll(() => events.map((e) => e.type), { timeout: 30_000, interval: 100 }).toEqual(['restarting', 'restarted']);
      expect(Number(readFileSync(join(data, 'venue.lock'), 'utf8'))).not.toBe(pid);
      expect((await fetch(`${venue.urls.catalog_url}/markets?limit=1`)).status).toBe(200);
    } finally {
      await venue.stop();
    }
    expect(() => readFileSync(join(data, 'venue.lock'))).toThrow(/ENOENT/);
  }, 60_000);
});
