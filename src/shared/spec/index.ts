export * from './common.js';
export * from './catalog.js';
export * from './data.js';
export * from './trading.js';
export * from './queries.js';
export { decodeCursor, encodeCursor, END_CURSOR, FIRST_CURSOR } from '../domain/cursor.js';
export * from './limits.js';
