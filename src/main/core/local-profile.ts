// The venue profile of the embedded local venue, built from the URLs it prints when it listens.
import type { VenueProfile } from '@shared/ipc/contract.js';

export interface LocalVenueUrls {
  catalog_url: string;
  trading_url: string;
  data_url: string;
}

export function localProfile(urls: LocalVenueUrls): VenueProfile {
  return { id: 'local', name: 'Local venue (paper)', kind: 'local', catalogUrl: urls.catalog_url, tradingUrl: urls.trading_url, dataUrl: urls.data_url, headerPrefix: 'SERVICE', signing: { source: 'venue' } };
}
