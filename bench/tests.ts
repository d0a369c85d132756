// The test command as the README gives it, timed, with where its CPU goes: runs `npm test` (or the
// command after `--`) and samples every process it starts from /proc twice a second, by kind
// (Chromium's renderers and other processes, the vitest workers that hold the tests with their
// in-process venues, cores and hosts, venue and host children, the type-checkers, ESLint, the
// build). On two cores the suite keeps both busy for most of its run, so its wall time follows its
// CPU time: the table says which part to make cheaper. Linux only (reads /proc).
// Usage: npm run bench -- tests [--target-seconds 360] [-- <command> [args]]
// Target (issue: npm test under 6 minutes on the 2-core reference machine): < 360 s, quiet.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CLK_TCK, cmdline, procStat } from './_proc.js';

const dash = process.argv.indexOf('--', 2);
const { values } = parseArgs({ args: process.argv.slice(2, dash < 0 ? undefined : dash), options: { 'target-seconds': { type: 'string', default: '360' } } });
const command = dash < 0 ? ['npm', 'test'] : process.argv.slice(dash + 1);
const target = Number(values['target-seconds']);

/** What a process is, from its command line: the rows of the table. */
function kind(c: string): string {
  if (/chromium|chrome/.test(c)) {
    const type = /--type=([a-z-]+)/.exec(c)?.[1];
    return type === 'renderer' ? 'Chromium renderers' : type === 'gpu-process' ? 'Chromium GPU process' : type ? 'Chromium, other' : 'Chromium browser';
  }
  if (/vitest/.test(c)) return /forks|threads|workers/.test(c) ? 'vitest workers (tests, in-process venues and cores)' : 'vitest main';
  if (/typescript|tsc\b|tsgo/.test(c)) return 'type-checks';
  if (/eslint/.test(c)) return 'ESLint';
  if (/electronegativity/.test(c)) return 'electronegativity';
  if (/electron-vite|rolldown|esbuild|vite\b/.test(c)) return 'build';
  if (/venue/.test(c)) return 'venue processes';
  if (/host/.test(c)) return 'host processes';
  return 'other';
}

const started = performance.now();
const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit' });
// Every process the command started, directly or not: its kind and the ticks seen so far.
const ours = new Map<number, { kind: string; ticks: number }>([[child.pid!, { kind: 'other', ticks: 0 }]]);
const cpu = new Map<string, number>();
function sample(): void {
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const st = procStat(pid);
    if (!st) continue;
    let p = ours.get(pid);
    if (!p) {
      if (!ours.has(st.ppid)) continue;
      p = { kind: kind(cmdline(pid)), ticks: 0 };
      ours.set(pid, p);
    }
    if (st.ticks > p.ticks) {
      cpu.set(p.kind, (cpu.get(p.kind) ?? 0) + st.ticks - p.ticks);
      p.ticks = st.ticks;
    }
  }
}
const timer = setInterval(sample, 500);
const code = await new Promise<number>((done) => child.on('exit', (c, signal) => done(c ?? (signal ? 1 : 0))));
clearInterval(timer);
sample();

const wall = (performance.now() - started) / 1000;
const total = [...cpu.values()].reduce((a, b) => a + b, 0) / CLK_TCK;
const rows = [...cpu.entries()].sort((a, b) => b[1] - a[1]).map(([k, t]) => ({ kind: k, cpuSeconds: Math.round((t / CLK_TCK) * 10) / 10, share: Math.round((t / CLK_TCK / total) * 1000) / 10 }));
console.log(`\n${command.join(' ')}: exit ${code}, ${Math.floor(wall / 60)}m${String(Math.round(wall % 60)).padStart(2, '0')}s (target < ${target} s: ${wall < target ? 'met' : 'not met'})`);
console.log(`CPU ${Math.round(total)} s in all, ${(total / wall).toFixed(2)} cores busy on average (processes seen at least once in a half-second sample; very short ones can be missed)`);
for (const r of rows) console.log(`  ${r.cpuSeconds.toFixed(1).padStart(7)} s  ${r.share.toFixed(1).padStart(5)} %  ${r.kind}`);
console.log(JSON.stringify({ bench: 'tests', command: command.join(' '), exit: code, wallSeconds: Math.round(wall), targetSeconds: target, met: wall < target && code === 0, cpuSeconds: Math.round(total), rows }));
process.exitCode = code;
