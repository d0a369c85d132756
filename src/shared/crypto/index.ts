export * from './bytes.js';
export * from './eip712.js';
export * from './hmac.js';
export * from './keys.js';
export * from './service.js';
export * from './wire.js';
export * from './address.js';
