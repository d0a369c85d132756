// What the benches read of Linux's /proc: a process's CPU ticks, its parent, its command line.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks a second, the unit of /proc's CPU times. */
export const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** A file of /proc, or undefined once its process is gone. */
export function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** A live process's parent and the CPU ticks (user + system) it has used; undefined once it is gone. */
export function procStat(pid: number): { ppid: number; ticks: number } | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // Fields after the command name, which is in parentheses and may hold spaces.
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(f[1]), ticks: Number(f[11] ?? 0) + Number(f[12] ?? 0) };
}

/** CPU ticks (user + system) a process has used; 0 once it is gone. */
export const cpuTicks = (pid: number): number => procStat(pid)?.ticks ?? 0;

/** A process's command line, its arguments joined by spaces. */
export const cmdline = (pid: number): string => (readProc(`/proc/${pid}/cmdline`) ?? '').replace(/\0/g, ' ');
