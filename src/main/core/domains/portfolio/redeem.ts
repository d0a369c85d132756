// Redeeming an account's tokens of a resolved market into cash (POST /redeem, venue-profile E)
// where the venue offers it. A venue without the route is told once and never asked again; where
// a market stands is the markets domain's (markets/resolution.ts).
import { parseMicros, usdText } from '@shared/domain/money.js';
import type { RedeemResult } from '@shared/ipc/resolution.js';
import type { RedeemAnswer } from '../../clients/index.js';
import { HttpStatusError } from '../../http/errors.js';
import { AppError } from '../../router.js';
import type { Session } from '../../session.js';
import type { AccountSummary } from '../../vault/vault.js';
import type { Accounts } from '../accounts/accounts.js';
import type { CoreContext, HandlersOf } from '../../context.js';

/** Outcome labels do not change: a day-old copy names them. */
const LABELS_FOR = 86_400_000;

export function redeemService(ctx: CoreContext, accounts: Accounts, deps: { changed(s: Session, a: AccountSummary): void }) {
  const tradingMarket = (s: Session, cid: string, maxAge: number) => s.cached('trading', `/markets/${cid}`, {}, maxAge, () => s.clients.trading.market(cid));

  /** The venue's refusals in words a trader reads; anything else as it came. */
  const refusal = (err: unknown): unknown => {
    if (!(err instanceof HttpStatusError)) return err;
    const said = err.message.replace(/^POST \/redeem: /, '');
    if (err.code === 'NOTHING_TO_REDEEM') return new AppError('VENUE_ERROR', 'Nothing to redeem: this account holds no tokens of this market (already redeemed?).');
    if (err.code === 'MARKET_NOT_RESOLVED') return new AppError('VENUE_ERROR', `Not redeemable yet: the market has not resolved (the venue says: ${said}).`);
    return err;
  };

  /** "Redeemed 12.34 Yes for $12.34 and 7.5 No for $0.00: $12.34 into cash." */
  const wordsOf = (r: RedeemResult): string => {
    const each = r.redeemed.map((x) => `${x.size} ${x.outcome ?? 'tokens'} for ${usdText(parseMicros(x.payout) ?? 0n)}`);
    const list = each.length > 1 ? `${each.slice(0, -1).join(', ')} and ${each.at(-1) as string}` : (each[0] ?? 'nothing');
    return `Redeemed ${list}: ${usdText(parseMicros(r.payout) ?? 0n)} into cash.`;
  };

  const redeem = async (accountId: string, conditionId: string): Promise<RedeemResult> => {
    const s = ctx.session();
    const a = accounts.account(accountId);
    const sign = await accounts.signedFor(s, a);
    let answer: RedeemAnswer;
    try {
      answer = await s.capabilities.use('redeem', () => s.clients.trading.redeem(conditionId, sign));
    } catch (err) {
      throw refusal(err);
    } finally {
      // Paid, refused or lost on the way: the account's cash and positions are read again.
      deps.changed(s, a);
    }
    const labels = await tradingMarket(s, conditionId, LABELS_FOR).then(
      (m) => new Map(m.data.tokens.map((t) => [String(t.token_id), String(t.outcome ?? '')])),
      () => new Map<string, string>(),
    );
    const result: Omit<RedeemResult, 'words'> = {
      conditionId: answer.conditionId,
      redeemed: answer.redeemed.map((x) => ({ tokenId: x.asset_id, ...(labels.get(x.asset_id) ? { outcome: labels.get(x.asset_id) as string } : {}), size: x.size, payout: x.payout })),
      payout: answer.payout,
    };
    return { ...result, words: wordsOf({ ...result, words: '' }) };
  };

  const handlers: HandlersOf<'portfolio.redeem'> = {
    'portfolio.redeem': ({ accountId, conditionId }) => ctx.activity.track(() => redeem(accountId, conditionId)),
  };

  return { handlers };
}
