// Quiet hours: a stretch of the day, local to the computer, when no OS notification is shown.
import type { QuietHours } from '@shared/ipc/inbox.js';

const minutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether `at` (epoch ms) falls in the quiet hours: from `from` up to (not at) `to`, past midnight when `to` comes first. */
export function isQuiet(q: QuietHours | null, at: number): boolean {
  if (!q) return false;
  const d = new Date(at);
  const now = d.getHours() * 60 + d.getMinutes();
  const from = minutes(q.from);
  const to = minutes(q.to);
  return from < to ? now >= from && now < to : now >= from || now < to;
}
