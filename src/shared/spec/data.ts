// Data surface resources (spec §2.1-2.4). The spec marks no field required here.
import { z } from 'zod';
import { bool, opt, optBool, optDateTime, optInt, optNullable, optNum, optSide, optStr, str } from './common.js';

export const Trade = z.looseObject({
  proxyWallet: optStr,
  side: optSide,
  asset: optStr,
  conditionId: optStr,
  size: optNum,
  price: optNum,
  timestamp: optInt, // epoch seconds, as the spec types it (integer), not a date-time
  usdcSize: optNum,
  title: optStr,
  slug: optStr,
  eventSlug: optStr,
  icon: optStr,
  outcome: optStr,
  outcomeIndex: optInt,
  name: optStr,
  pseudonym: optStr,
  bio: optStr,
  profileImage: optStr,
  profileImageOptimized: optStr,
  transactionHash: optStr,
});
export type Trade = z.output<typeof Trade>;

export const Position = z.looseObject({
  proxyWallet: optStr,
  asset: optStr,
  conditionId: optStr,
  size: optNum,
  avgPrice: optNum,
  initialValue: optNum,
  currentValue: optNum,
  cashPnl: optNum,
  percentPnl: optNum,
  totalBought: optNum,
  realizedPnl: optNum,
  percentRealizedPnl: optNum,
  curPrice: optNum,
  redeemable: optBool,
  mergeable: optBool,
  title: optStr,
  slug: optStr,
  eventSlug: optStr,
  icon: optStr,
  outcome: optStr,
  oppositeOutcome: optStr,
  outcomeIndex: optInt,
  oppositeAsset: optStr,
  timestamp: optInt,
  endDate: optDateTime,
  negativeRisk: optBool,
});
export type Position = z.output<typeof Position>;

export const Holder = z.looseObject({
  proxyWallet: optStr,
  bio: optStr,
  asset: optStr,
  pseudonym: optStr,
  name: optStr,
  profileImage: optStr,
  profileImageOptimized: optStr,
  amount: optNum,
  displayUsernamePublic: optBool,
  outcomeIndex: optInt,
});
export type Holder = z.output<typeof Holder>;

export const HolderGroup = z.looseObject({
  token: optStr,
  holders: opt(z.array(Holder)),
});
export type HolderGroup = z.output<typeof HolderGroup>;

export const LeaderboardEntry = z.looseObject({
  rank: optStr,
  proxyWallet: optStr,
  userName: optStr,
  vol: optNum,
  pnl: optNum,
  profileImage: optStr,
  // Nullable in the spec, non-null type not shown: what the family sends.
  xUsername: optNullable(str),
  verifiedBadge: optNullable(bool, true),
});
export type LeaderboardEntry = z.output<typeof LeaderboardEntry>;
