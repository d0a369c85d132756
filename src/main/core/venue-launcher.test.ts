// The venue launcher against tiny Node scripts standing in for the venue: a good start, a start
// line that is not JSON or lacks a URL, a venue that never answers, one that dies first.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, launchVenue, localVenuePort, nodeVenueChild, parseStartLine, sourceVenueChild, superviseVenue, venueUrlsAt, type VenueChild, type VenueEvent } from './venue-launcher.js';
import { testVenueChild } from './test-support.js';

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
    await expect(launchVenue({ spawn: node(`console.error('venue: --size must be one of small'); process.exit(2);`) })).rejects.toThrow('the local venue exited (code 2) before it listened: --size must be one of small');
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

  it('with a port known before, resolves at once as starting and runs at that port; a failed start leaves it down for a restart', async () => {
    const at = venueUrlsAt(1);
    expect(at).toEqual(URLS);
    // The venue takes a moment to print its line: the supervisor does not wait for it.
    let behaviour = `setTimeout(() => console.log(${line}), 300); ${STAY}`;
    const ports: Array<number | undefined> = [];
    const statuses: string[] = [];
    const venue = await superviseVenue({
      port: 1,
      startingReason: 'first start: generating its world',
      spawn: (port) => {
        ports.push(port);
        return node(behaviour)();
      },
      now: () => 7,
    });
    try {
      expect(venue.urls).toEqual(URLS);
      expect(venue.status()).toEqual({ state: 'starting', reason: 'first start: generating its world', since: 7 });
      venue.onStatus((st) => statuses.push(st.state));
      await expect.poll(() => venue.status().state, { timeout: 5000 }).toBe('running');
      expect(ports).toEqual([1]);
    } finally {
      await venue.stop();
    }
    // One that cannot start is down with the reason, and starts on request.
    behaviour = `console.error('venue: EADDRINUSE'); process.exit(2);`;
    const broken = await superviseVenue({ port: 1, spawn: () => node(behaviour)() });
    try {
      await expect.poll(() => broken.status().state, { timeout: 5000 }).toBe('down');
      expect(broken.status().reason).toBe('it could not be started: the local venue exited (code 2) before it listened: EADDRINUSE');
      behaviour = `console.log(${line}); ${STAY}`;
      await broken.restart();
      expect(broken.status().state).toBe('running');
    } finally {
      await broken.stop();
    }
    expect(statuses).toEqual(['running']);
  });

  it('keeps the venue port from launch to launch while it is free, and takes another when it is not', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kairos-launcher-port-'));
    dirs.push(dir);
    const first = await localVenuePort(dir);
    expect(JSON.parse(readFileSync(join(dir, 'local-venue.json'), 'utf8'))).toEqual({ port: first });
    expect(await localVenuePort(dir)).toBe(first);
    // Something else took it: a new port, kept from now on.
    const squatter = createServer();
    await new Promise<void>((done) => squatter.listen(first, '127.0.0.1', done));
    try {
      const second = await localVenuePort(dir);
      expect(second).not.toBe(first);
      expect(JSON.parse(readFileSync(join(dir, 'local-venue.json'), 'utf8'))).toEqual({ port: second });
    } finally {
      await new Promise((done) => squatter.close(done));
    }
    // A file that does not parse is replaced, not trusted.
    writeFileSync(join(dir, 'local-venue.json'), 'garbage');
    expect(await freePort(undefined)).toBeGreaterThan(0);
    const third = await localVenuePort(dir);
    expect(JSON.parse(readFileSync(join(dir, 'local-venue.json'), 'utf8'))).toEqual({ port: third });
  });

  it('brings a killed real venue back at the same URLs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kairos-launcher-restart-'));
    dirs.push(dir);
    const data = join(dir, 'venue');
    const events: VenueEvent[] = [];
    const venue = await superviseVenue({
      spawn: (port) => testVenueChild(['--data-dir', data, '--size', 'small', '--no-simulator', ...(port ? ['--port', String(port)] : [])]),
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
