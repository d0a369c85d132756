// Orders of the vault's accounts: sending a signed batch (in chunks the venue takes, retrying
// only throttled lines, never re-sending one whose answer was lost), cancelling, the open orders
// as listed (read by open-orders.ts, which brings the journal in step), and the journal.
import { randomBytes } from 'node:crypto';
import type { CallArgs, CallOutput } from '@shared/ipc/contract.js';
import { orderHash, signOrder, toWireOrder } from '@shared/crypto/index.js';
import { formatMicros, parseMicros } from '@shared/domain/money.js';
import { LIMITS } from '@shared/spec/index.js';
import { AnswerLostError, HttpStatusError, NetworkError } from '../../http/errors.js';
import { fillNotice } from './notices.js';
import { signable, type BuiltLine, type MarketRules } from './build.js';
import { AppError } from '../../router.js';
import type { Session } from '../../session.js';
import { arrivalPrice, stateOfAnswer, type ArrivalPrice } from '../../user-data/fills.js';
import type { JournalOf, JournalPut } from './journal.js';
import type { AccountSummary } from '../../vault/vault.js';
import type { Accounts } from '../accounts/accounts.js';
import type { CoreContext, HandlersOf } from '../../context.js';
import type { Markets } from '../markets/markets.js';
import type { OpenOrders } from './open-orders.js';
import type { Checked, Preview } from './preview.js';

const MAX_BATCH = LIMITS.orders.maxItems;
const RETRIES = 3;

type Result = CallOutput<'orders.submit'>[number];

export interface OrdersDeps {
  accounts: Accounts;
  markets: Markets;
  /** The ticket's checks, run again on the lines about to be signed. */
  checks: Pick<Preview, 'checkLines'>;
  /** The open orders' read (which settles the journal). */
  reader: OpenOrders;
  journal: JournalOf;
  /** After a batch: fills are worth looking for soon. */
  onSubmitted: (s: Session) => void;
}

export type Orders = ReturnType<typeof ordersService>;

/**
 * A batch the venue refused for who sent it (401, 403) was certainly not placed: said so, with
 * where to mend it. A stale timestamp is this computer's clock, not the credentials.
 */
export function authRefusal(err: HttpStatusError, account: AccountSummary): AppError {
  const said = `${err.status}${err.code ? ` ${err.code}` : ''}: ${err.message.replace(/^[A-Z]+ \/[\w/-]*: /, '')}`;
  const mend =
    err.code === 'STALE_TIMESTAMP'
      ? "the request's time fell outside the venue's window: this computer's clock is off from the venue's (Settings → Venues → Test connection measures it)"
      : `check the API key, secret and passphrase of the account ${account.label ?? account.address} in Settings → Accounts`;
  return new AppError('UNAUTHORIZED', `Not placed: the venue refused the batch (${said}). Nothing in it was placed; ${mend}.`);
}

export function ordersService(ctx: CoreContext, deps: OrdersDeps) {
  const { accounts, markets } = deps;

  const { accountChanged } = deps.reader;

  const signItems = async (s: Session, acct: AccountSummary, checks: Checked[], chunk: number[]) => {
    const box = ctx.vault().secretsOf(acct.id);
    return Promise.all(
      chunk.map(async (i) => {
        const { line, rules, built } = checks[i] as Checked & { rules: MarketRules; built: BuiltLine };
        // Whole milliseconds: the order's timestamp is an unsigned integer, whatever the clock gives.
        const order = signable(line, built, acct.address, BigInt(`0x${randomBytes(6).toString('hex')}`), Math.floor(ctx.clock.now()));
        const domain = await accounts.orderDomain(s, rules.negRisk);
        const signature = box.use((k) => signOrder(order, domain, k.privateKey));
        return { id: orderHash(order, domain), body: toWireOrder(order, signature, { owner: acct.apiKey, orderType: line.type, expiration: line.expiration, postOnly: line.postOnly }) };
      }),
    );
  };

  const submit = async ({ accountId, lines }: CallArgs<'orders.submit'>): Promise<Result[]> => {
    if (ctx.prefs.get().tradingOff) throw new AppError('TRADING_OFF', 'trading is switched off in Settings; nothing was signed or sent');
    const s = ctx.session();
    const acct = accounts.account(accountId);
    await s.clients.trading.syncClock(() => ctx.clock.now());
    // The checks only: prices and the money preview are for the ticket, not for sending.
    const checks = await deps.checks.checkLines(s, lines);
    const results: Result[] = lines.map((_, i) => ({ line: i, success: false, attempts: 0 }));
    const sign = accounts.signerFor(s, acct);
    type Answer = Pick<JournalPut, 'status' | 'makingAmount' | 'takingAmount' | 'sizeMatched'>;
    const journal = (i: number, orderId: string, state: JournalPut['state'], code: string | null, message: string | null, answer: Answer = {}) => {
      const line = lines[i] as (typeof lines)[number];
      // The journal learns each order's market from its first row, for settling it later.
      const expiresAt = line.type === 'GTD' ? (line.expiration ?? null) : null;
      deps.journal(s).write({ orderId, accountId, tokenId: line.tokenId, side: line.side, price: line.price, size: line.size, type: line.type, state, at: ctx.clock.now(), code, message, conditionId: line.conditionId, expiresAt, ...answer });
    };
    let pending = lines.map((_, i) => i).filter((i) => {
      const c = checks[i];
      if (c?.built && c.problems.length === 0) return true;
      const message = c?.problems.map((p) => `${p.field}: ${p.message}`).join('; ') ?? 'invalid';
      results[i] = c?.retryAfterSeconds !== undefined
        ? { line: i, success: false, attempts: 0, code: 'RATE_LIMITED', message, retryAfterSeconds: c.retryAfterSeconds }
        : { line: i, success: false, attempts: 0, code: 'INVALID_ORDER', message };
      return false;
    });
    // Every row written 'sending' ends final or 'unknown', whatever fails on the way: signing
    // happens before a chunk's rows are written, and a failure after is settled in `finally`.
    const written: string[] = [];
    // Orders that matched on arrival: a fill of the trader's own order is told like any other.
    const arrived: Array<{ i: number; id: string; matched: string; paid: ArrivalPrice | undefined }> = [];
    try {
      for (let attempt = 1; attempt <= RETRIES && pending.length > 0; attempt++) {
        const retry: number[] = [];
        let waitS = 0;
        for (let k = 0; k < pending.length; k += MAX_BATCH) {
          const chunk = pending.slice(k, k + MAX_BATCH);
          const items = await signItems(s, acct, checks, chunk);
          chunk.forEach((i, j) => {
            const id = items[j]?.id as string;
            written.push(id);
            journal(i, id, 'sending', null, null);
          });
          let answers;
          try {
            answers = await s.clients.trading.postOrders(
              items.map((x) => x.body),
              sign,
            );
          } catch (err) {
            if (err instanceof AnswerLostError) {
              // Never re-send blindly: ask the venue what it has (a venue without open orders
              // cannot say; the lines stay unknown, and the watcher looks for them later).
              const listed = await s.capabilities.use('openOrders', () => s.clients.trading.openOrders(sign)).catch(() => undefined);
              const open = new Set((listed?.data ?? []).map((o) => o.id));
              chunk.forEach((i, j) => {
                const id = items[j]?.id as string;
                const known = open.has(id);
                results[i] = { line: i, success: known, attempts: attempt, orderId: id, status: known ? 'live' : 'unknown', ...(known ? {} : { code: 'ANSWER_LOST', message: 'the answer was lost; not re-sent — check open orders and trades' }) };
                journal(i, id, known ? 'open' : 'unknown', known ? null : 'ANSWER_LOST', known ? 'the answer was lost; the order was found on the book' : null);
              });
              continue;
            }
            // The venue refused the whole batch (a 4xx, or a request that never left): nothing
            // of it rests. Anything else may have been taken: unknown, and looked for later.
            const refused = (err instanceof HttpStatusError && err.status < 500) || (err instanceof NetworkError && !err.maybeSent);
            const code = err instanceof HttpStatusError && err.code ? err.code : refused ? 'REJECTED' : 'SEND_FAILED';
            const byAuth = err instanceof HttpStatusError && (err.status === 401 || err.status === 403) ? authRefusal(err, acct) : undefined;
            const message = byAuth?.message ?? (err as Error)?.message ?? String(err);
            chunk.forEach((i, j) => journal(i, items[j]?.id as string, refused ? 'rejected' : 'unknown', code, message));
            throw byAuth ?? err;
          }
          chunk.forEach((i, j) => {
            const a = answers[j];
            const id = items[j]?.id as string;
            const { state, sizeMatched } = stateOfAnswer(lines[i] as (typeof lines)[number], a);
            if (a?.success && sizeMatched && (parseMicros(sizeMatched) ?? 0n) > 0n) {
              // Said at the price it filled at, not the limit, which it may have bettered, and
              // its fee apart: the venue's amounts count the fee in.
              const line = lines[i] as (typeof lines)[number];
              const { rules } = checks[i] as Checked & { rules: MarketRules };
              arrived.push({ i, id, matched: sizeMatched, paid: arrivalPrice(line.side, a.makingAmount, a.takingAmount, rules) });
            }
            results[i] = { line: i, success: a?.success === true, attempts: attempt, orderId: id, ...(a?.status ? { status: a.status } : {}), ...(a?.code ? { code: a.code } : {}), ...(a?.errorMsg ? { message: a.errorMsg } : {}), ...(a?.retry_after_seconds ? { retryAfterSeconds: a.retry_after_seconds } : {}), ...(a?.makingAmount ? { makingAmount: a.makingAmount } : {}), ...(a?.takingAmount ? { takingAmount: a.takingAmount } : {}) };
            journal(i, id, state, a?.code ?? null, a?.errorMsg ?? null, { status: a?.success ? a.status || null : null, makingAmount: a?.makingAmount || null, takingAmount: a?.takingAmount || null, sizeMatched: sizeMatched ?? null });
            if (!a?.success && a?.code === 'RATE_LIMITED') {
              retry.push(i);
              waitS = Math.max(waitS, a.retry_after_seconds ?? 1);
            }
          });
        }
        pending = retry;
        // Closing, throttled lines are not sent again: they keep the venue's RATE_LIMITED answer.
        if (pending.length === 0 || attempt === RETRIES || ctx.closing()) break;
        await ctx.sleep(Math.round(waitS * 1000 * (1 + Math.random() * 0.2)));
        if (ctx.closing()) break;
      }
    } finally {
      // Whatever threw (the journal itself, an answer of the wrong length): no row stays 'sending'.
      deps.journal(s).unsent(written, ctx.clock.now(), 'SEND_FAILED', 'sending did not finish; not re-sent — check open orders and trades');
      accountChanged(s, acct);
      ctx.emit('orders.updated', { accountId, orderIds: [...new Set(written)] });
      deps.onSubmitted(s);
    }
    await tellArrivals(s, accountId, lines, arrived).catch(() => undefined);
    return results;
  };

  /** A notice per order that matched on arrival, in the words of the watcher's fill notices. */
  const tellArrivals = async (s: Session, accountId: string, lines: CallArgs<'orders.submit'>['lines'], arrived: Array<{ i: number; id: string; matched: string; paid: ArrivalPrice | undefined }>) => {
    const io = { now: () => ctx.clock.now(), label: markets.labeller(s) };
    for (const { i, id, matched, paid } of arrived) {
      const l = lines[i] as (typeof lines)[number];
      const price = paid ? formatMicros(paid.price) : l.price;
      const row = { order_id: id, account_id: accountId, token_id: l.tokenId, condition_id: l.conditionId, side: l.side, price, size: l.size, type: l.type ?? 'GTC', state: 'filled', size_matched: matched, sent_at: 0, updated_at: 0, expires_at: null };
      const whole = (parseMicros(matched) ?? 0n) >= (parseMicros(l.size) ?? 0n);
      ctx.emit('notices.raised', await fillNotice(row, matched, whole ? 'Order filled' : 'Order partly filled', accountId, io, paid));
    }
  };

  const handlers: HandlersOf<'orders.submit' | 'orders.cancel' | 'orders.open' | 'orders.journal'> = {
    'orders.submit': (args) => ctx.activity.track(() => submit(args)),
    'orders.cancel': async ({ accountId, orderIds, all }) => {
      const s = ctx.session();
      const acct = accounts.account(accountId);
      const sign = await accounts.signedFor(s, acct);
      const r = await s.capabilities.use('cancel', () => (all ? s.clients.trading.cancelAll(sign) : s.clients.trading.cancel(orderIds ?? [], sign)));
      deps.journal(s).cancelled(r.canceled, ctx.clock.now());
      accountChanged(s, acct);
      if (r.canceled.length > 0) ctx.emit('orders.updated', { accountId, orderIds: r.canceled });
      return { canceled: r.canceled, notCanceled: r.not_canceled };
    },
    'orders.open': async ({ accountId }) => {
      const s = ctx.session();
      const r = await deps.reader.openOrdersOf(s, accounts.account(accountId));
      // An answer asked before a cancel of ours still lists what that cancel took off the book.
      const cancelled = deps.journal(s).cancelledSince(accountId, r.data.askedAt);
      const listed = r.data.orders.filter((o) => !cancelled.has(o.id));
      const labelOf = markets.labeller(s);
      const data = await Promise.all(listed.map(async (o) => ({ ...o, ...(await labelOf(o.market, o.asset_id).then((l) => (l.question ? { question: l.question } : {}))) })));
      return { data, fetchedAt: r.fetchedAt, stale: r.stale, ageMs: r.ageMs };
    },
    'orders.journal': async ({ accountId, limit }) => {
      const s = ctx.session();
      const labelOf = markets.labeller(s);
      return Promise.all(deps.journal(s).entries(accountId, limit).map(async (e) => ({ ...e, ...(await labelOf(e.conditionId, e.tokenId)) })));
    },
  };

  /**
   * Rows still 'sending' as the core closes (a batch that outlived the wait for it): 'unknown',
   * so the next start looks for them on the venue rather than leaving them 'sending' for good.
   */
  const abandonSending = (s: Session): void => {
    const journal = deps.journal(s);
    const ids = journal.sending();
    if (ids.length > 0) journal.unsent(ids, ctx.clock.now(), 'SEND_FAILED', 'Kairos closed while this was being sent; not re-sent — check open orders and trades');
  };

  return { handlers, abandonSending };
}
