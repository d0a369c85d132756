// One app per data folder: a second browser host started on a folder another one runs on exits
// at once, naming the first (its pid and URL), before it starts a venue or touches a file; the
// first keeps running, and stops cleanly even after its venue was restarted. Both are src/host/main.ts in processes of their own, as `npm run web`
// starts them. The host runs its own venue whatever the peer, so the spec-only run skips it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_LOCK } from '../src/main/core/instance.js';
import { runBuilt, within, type SourceProcess } from './processes.js';
import { SPEC_ONLY, skipReason } from './support.js';

const reason = skipReason() ?? (SPEC_ONLY ? 'the host runs its own embedded venue: run with the full venue' : undefined);

const startHost = (dir: string): SourceProcess => runBuilt('host', ['--data-dir', dir, '--venue-size', 'small', '--no-simulator']);

describe.skipIf(reason !== undefined)(`one app per data folder (${reason ?? 'built renderer + src/host/main.ts'})`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'kairos-e2e-folder-'));
  const runs: SourceProcess[] = [];
  afterAll(async () => {
    for (const r of runs) await r.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a second host on the folder is refused at once with the first one’s pid and URL; the first stops cleanly after a venue restart', async () => {
    const first = startHost(dir);
    runs.push(first);
    const url = await within(first.firstLine, () => `the first host did not start:\n${first.said()}`, 90_000);
    expect(readFileSync(join(dir, APP_LOCK), 'utf8')).toBe(`${first.child.pid}\nat ${url}\n`);

    const second = startHost(dir);
    runs.push(second);
    const code = await within(second.exited, () => 'the second host did not exit', 15_000);
    const said = second.said();
    expect(code, said).toBe(1);
    expect(said).toContain(`Kairos is already running on the data folder ${dir} (pid ${first.child.pid}, at ${url})`);
    // Refused before it started anything: no venue of its own, no venue's words.
    expect(said).not.toMatch(/venue/);

    // The first runs on, still holding the folder.
    expect(first.child.exitCode).toBeNull();
    expect(readFileSync(join(dir, APP_LOCK), 'utf8')).toBe(`${first.child.pid}\nat ${url}\n`);

    // Its venue killed once is restarted; a clean stop after that is said as a stop, not as the
    // venue going down.
    const logged = (line: string) => () => first.lines.some((l) => l.line.includes(line));
    await expect.poll(logged('kairos: the local venue is running'), { timeout: 90_000 }).toBe(true);
    process.kill(Number(readFileSync(join(dir, 'venue', 'venue.lock'), 'utf8')), 'SIGKILL');
    await expect.poll(logged('kairos: the local venue is running again'), { timeout: 60_000 }).toBe(true);
    first.child.kill('SIGTERM');
    expect(await within(first.exited, () => 'the first host did not stop', 30_000)).toBe(0);
    expect(first.said()).not.toMatch(/the local venue is down/);
    expect(() => readFileSync(join(dir, APP_LOCK))).toThrow(/ENOENT/);
    expect(() => readFileSync(join(dir, 'venue', 'venue.lock'))).toThrow(/ENOENT/);
  }, 180_000);
});
