// The 24h-change words of a bracket, where browser tests have long imported them from.
export { NO_TRADE_24H } from '../domains/markets/bracket.js';
