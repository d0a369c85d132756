// One trader as the spec lets us see them: their row of the leaderboard in each window (the
// leaderboard's `user` filter), and the name and pseudonym their comments' profile carries.
import type { CallOutput } from '@shared/ipc/contract.js';
import type { Session } from '../../session.js';
import { FRESH } from '../../context.js';

export const PERIODS = ['DAY', 'WEEK', 'MONTH', 'ALL'] as const;

/** The query of a trader's comments, shared with `comments.byUser` so both read one cached answer. */
export const userCommentsPage = { limit: 20, offset: 0 } as const;

export async function traderSummary(s: Session, address: string): Promise<CallOutput<'traders.get'>> {
  const user = address.toLowerCase();
  // Ranked by profit, the leaderboard's default order; the venue answers the user's own row with
  // its rank in the whole board, or nothing when they are not ranked in that window.
  const boards = await Promise.all(
    PERIODS.map((timePeriod) => {
      const q = { timePeriod, orderBy: 'PNL', user } as const;
      return s.cached('data', '/v1/leaderboard', q, FRESH.data, () => s.clients.data.leaderboard(q));
    }),
  );
  // Only for the name and pseudonym: the page shows the comments (and their failure) itself.
  const comments = await s
    .cached('catalog', `/comments/user_address/${user}`, userCommentsPage, FRESH.catalog, () => s.clients.catalog.commentsByUser(user, userCommentsPage))
    .catch(() => undefined);
  const rows = boards.map((b) => b.data.find((e) => e.proxyWallet?.toLowerCase() === user));
  const profile = comments?.data.find((c) => c.userAddress?.toLowerCase() === user)?.profile;
  const name = rows.find((r) => r?.userName)?.userName || profile?.name || undefined;
  const pseudonym = profile?.pseudonym || undefined;
  const parts = [...boards, ...(comments ? [comments] : [])];
  return {
    data: {
      address: user,
      ...(name ? { name } : {}),
      ...(pseudonym ? { pseudonym } : {}),
      periods: PERIODS.map((period, i) => {
        const r = rows[i];
        return { period, ...(r?.rank !== undefined ? { rank: r.rank } : {}), ...(r?.pnl !== undefined ? { pnl: r.pnl } : {}), ...(r?.vol !== undefined ? { vol: r.vol } : {}) };
      }),
    },
    fetchedAt: Math.min(...parts.map((p) => p.fetchedAt)),
    stale: parts.some((p) => p.stale),
    ageMs: Math.max(...parts.map((p) => p.ageMs)),
  };
}
