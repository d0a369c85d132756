export * from './cursor.js';
export * from './dates.js';
export * from './json-fields.js';
export * from './token-ids.js';
export * from './money.js';
export * from './fees.js';
export * from './memo.js';
export * from './order-domains.js';
