// The venue's trading settings: options of `npm run venue` with the defaults of venue-profile C.

export interface VenueSettings {
  /** Auth header prefix: `SERVICE` gives SERVICE_ADDRESS, SERVICE_API_KEY, … */
  headerPrefix: string;
  chainId: number;
  exchangeName: string;
  /** Verifying contract of orders on normal markets. */
  exchangeAddress: string;
  /** Verifying contract of orders on negative-risk markets. */
  negRiskExchangeAddress: string;
  /** Paper cash a wallet gets with its first API key, micro. */
  paperCashMicro: number;
  /** Seconds a signed request's timestamp may be off the venue's clock either way. */
  freshnessSeconds: number;
}

export const DEFAULT_SETTINGS: VenueSettings = {
  headerPrefix: 'SERVICE',
  chainId: 31337,
  exchangeName: 'Kairos Sandbox Exchange',
  exchangeAddress: '0x4b41495230534e44424f5845584348414e474531',
  negRiskExchangeAddress: '0x4b41495230534e44424f584e45475249534b3031',
  paperCashMicro: 10_000_000_000,
  freshnessSeconds: 30,
};
