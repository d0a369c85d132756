// The venue-profile E routes of the trading surface that /version lists, so that clients learn
// them without sending a write to find out.
export const SERVED_ROUTES: readonly string[] = [
  'GET /time', 'GET /book', 'GET /prices-history', 'GET /data/orders', 'GET /balance-allowance', 'DELETE /order', 'DELETE /orders', 'DELETE /cancel-all',
  'POST /auth/api-key', 'GET /auth/derive-api-key', 'POST /redeem',
  // The service family's routes its official clients call (family-reads.ts, family-account.ts, orders.ts).
  'GET /', 'GET /ok', 'GET /markets', 'GET /simplified-markets', 'GET /sampling-markets', 'GET /midpoint', 'POST /midpoints', 'GET /price',
  'GET /spread', 'POST /spreads', 'GET /last-trade-price', 'POST /books', 'POST /order', 'DELETE /cancel-market-orders',
  'GET /data/order/{id}', 'GET /data/trades', 'GET /auth/api-keys', 'GET /auth/ban-status/closed-only',
  'GET /balance-allowance/update', 'GET /notifications', 'DELETE /notifications', 'GET /data/pre-migration-orders', 'GET /order-scoring', 'POST /orders-scoring',
  'GET /rewards/user', 'GET /rewards/user/total', 'GET /rewards/user/percentages', 'GET /markets/live-activity/{condition_id}',
  // Key management, the heartbeat, rewards programmes and builders (family-keys.ts, family-heartbeat.ts, family-programmes.ts).
  'DELETE /auth/api-key', 'POST /auth/readonly-api-key', 'GET /auth/readonly-api-keys', 'DELETE /auth/readonly-api-key', 'GET /auth/validate-readonly-api-key',
  'POST /auth/builder-api-key', 'GET /auth/builder-api-key', 'DELETE /auth/builder-api-key', 'POST /v1/heartbeats',
  'GET /rewards/markets/current', 'GET /rewards/markets/{condition_id}', 'GET /rewards/user/markets', 'GET /builder/trades', 'GET /fees/builder-fees/{builder_code}',
];
