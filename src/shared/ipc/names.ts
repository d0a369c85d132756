// The names of the IPC calls and events, and the channels they travel on, as plain strings.
// The sandboxed preload needs only these: importing the zod contract would bundle zod into it.
// names.test.ts keeps these lists equal to the contract's keys.

export const CALL_NAMES: readonly string[] = [
  'app.info',
  'app.revealDataFolder',
  'app.checkForUpdates',
  'cache.reset',
  'profiles.list',
  'profiles.add',
  'profiles.switch',
  'profiles.setSigning',
  'profiles.test',
  'venue.capabilities',
  'venue.status',
  'venue.restart',
  'settings.get',
  'settings.set',
  'drafts.load',
  'drafts.save',
  'markets.list',
  'markets.search',
  'markets.get',
  'markets.settings',
  'markets.quotes',
  'markets.book',
  'markets.history',
  'markets.trades',
  'markets.holders',
  'markets.resolution',
  'events.list',
  'events.get',
  'series.list',
  'tags.list',
  'events.browse',
  'events.outcomes',
  'series.browse',
  'tags.browse',
  'comments.list',
  'comments.byUser',
  'portfolio.positions',
  'portfolio.trades',
  'portfolio.history',
  'portfolio.balance',
  'portfolio.redeem',
  'leaderboard.list',
  'traders.get',
  'accounts.list',
  'accounts.createLocal',
  'accounts.import',
  'accounts.unlock',
  'accounts.lock',
  'accounts.remove',
  'accounts.moveToKeychain',
  'orders.preview',
  'orders.submit',
  'orders.cancel',
  'orders.open',
  'orders.journal',
  'sync.start',
  'sync.status',
  'live.watch',
  'live.unwatch',
  'live.status',
  'markets.changes',
  'watchlist.list',
  'watchlist.add',
  'watchlist.remove',
  'alerts.list',
  'alerts.create',
  'alerts.update',
  'alerts.remove',
];

export const EVENT_NAMES: readonly string[] = ['sync.progressed', 'orders.updated', 'notices.raised', 'connection.changed', 'update.status', 'capabilities.changed', 'venue.status', 'market.live', 'live.status', 'markets.status', 'watchlist.changed', 'alerts.changed'];

const CHANNEL_PREFIX = 'kairos:';

/** The ipcMain / ipcRenderer channel a call travels on. */
export const callChannel = (name: string): string => `${CHANNEL_PREFIX}${name}`;

/** The channel main pushes an event on. */
export const eventChannel = (name: string): string => `${CHANNEL_PREFIX}event:${name}`;
