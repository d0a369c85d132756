// The arranging routes (admin-routes.ts) as a client on this machine: it reads the port and the
// run token from the data dir's run file, as `npm run venue -- admin` does.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RUN_FILE, type RunInfo } from './admin.js';
import type { World } from './admin-queries.js';
import type { TradingSettings } from './admin-routes.js';

export type { World, WorldEvent, WorldMarket } from './admin-queries.js';
export type { TradingSettings } from './admin-routes.js';

export interface NewComment {
  body: string;
  parentEntityType: 'Event' | 'Series' | 'market';
  parentEntityId: number;
  parentCommentId?: number;
  userAddress: string;
  createdAt?: number;
}

export interface AdminClient {
  world(): Promise<World>;
  setTrading(conditionId: string, settings: TradingSettings): Promise<void>;
  setEventTrading(eventId: number, settings: TradingSettings): Promise<void>;
  cancelResting(conditionId: string): Promise<number>;
  addComment(comment: NewComment): Promise<number>;
  wallets(query?: { event: number; holding: boolean } | { address: string }): Promise<Array<{ address: string; name: string }>>;
  comments(user: string, limit?: number): Promise<Array<{ id: number; body: string }>>;
  /** Sets a wallet's paper cash (a decimal amount, e.g. "500"). */
  setCash(wallet: string, cash: string): Promise<void>;
  /** A full set of `shares` of each outcome of a two-outcome market for a wallet, paid from its cash. */
  mint(conditionId: string, wallet: string, shares: string): Promise<void>;
  /** Pays out a wallet's tokens of a resolved market; answers the payout as a decimal amount. */
  redeem(conditionId: string, wallet: string): Promise<string>;
  /** The lifecycle command of `npm run venue -- admin`: pause, close, resolve (with the winning outcome) … */
  setStatus(conditionId: string, status: 'active' | 'paused' | 'closed' | 'resolved' | 'archived', winner?: number): Promise<void>;
  /** API credentials for a wallet, as a deployment's operator registers them. */
  registerAccount(address: string): Promise<{ address: string; apiKey: string; secret: string; passphrase: string }>;
}

export function adminClient(dataDir: string): AdminClient {
  const info = (): RunInfo => JSON.parse(readFileSync(join(dataDir, RUN_FILE), 'utf8')) as RunInfo;
  const send = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const { port, adminToken } = info();
    const res = await fetch(`http://127.0.0.1:${port}/admin${path}`, {
      method,
      headers: { 'x-admin-token': adminToken, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`admin ${method} ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  };
  return {
    world: () => send('GET', '/world'),
    setTrading: async (cid, s) => void (await send('POST', `/markets/${cid}/trading`, s)),
    setEventTrading: async (id, s) => void (await send('POST', `/events/${id}/trading`, s)),
    cancelResting: async (cid) => (await send<{ cancelled: number }>('POST', `/markets/${cid}/cancel-resting`, {})).cancelled,
    addComment: async (c) => (await send<{ id: number }>('POST', '/comments', c)).id,
    wallets: (q) => send('GET', `/wallets${q === undefined ? '' : 'address' in q ? `?address=${q.address}` : `?event=${q.event}&holding=${q.holding}`}`),
    comments: (user, limit = 20) => send('GET', `/comments?user=${user}&limit=${limit}`),
    registerAccount: (address) => send('POST', '/accounts', { address }),
    setCash: async (wallet, cash) => void (await send('POST', `/wallets/${wallet}/cash`, { cash })),
    mint: async (cid, wallet, shares) => void (await send('POST', `/markets/${cid}/mint`, { wallet, shares })),
    redeem: async (cid, wallet) => (await send<{ payout: string }>('POST', `/markets/${cid}/redeem`, { wallet })).payout,
    setStatus: async (cid, status, winner) => void (await send('POST', `/markets/${cid}/status`, { status, ...(winner === undefined ? {} : { winner }) })),
  };
}
