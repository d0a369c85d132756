// Shared by the cache's tests and bench: catalog pages read with plain fetch and parsed with the
// shared schemas, in the stable orders the sync asks for.
import { z } from 'zod';
import { CatalogMarket, Comment, Event, Series, Tag, formatError } from '@shared/spec/index.js';
import type { FetchPage, SyncedKind } from './index.js';

const SCHEMA: Record<SyncedKind, z.ZodType> = { markets: CatalogMarket, events: Event, series: Series, tags: Tag, comments: Comment };
const ORDER: Partial<Record<SyncedKind, Record<string, string>>> = {
  markets: { order: 'id', ascending: 'true' },
  events: { order: 'id', ascending: 'true' },
  comments: { order: 'createdAt', ascending: 'true' },
};

/** Raised when the venue cannot be reached, as the surface clients do. */
export class TestNetworkError extends Error {
  override readonly name = 'NetworkError';
  readonly kind = 'network';
}

export async function getJson(url: string, signal?: AbortSignal): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, signal ? { signal } : {});
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new TestNetworkError(`GET ${url}: ${(err as Error).message}`, { cause: err });
  }
  const body: unknown = await res.json();
  if (!res.ok) throw Object.assign(new Error(`GET ${url}: HTTP ${res.status} ${JSON.stringify(body)}`), { status: res.status });
  return body;
}

export function venueFetchPage(catalogUrl: string, onRequest?: (url: string) => void): FetchPage {
  return async (kind, { limit, offset, signal, parent }) => {
    const q = new URLSearchParams({ limit: String(limit), offset: String(offset), ...ORDER[kind] });
    if (parent) {
      q.set('parent_entity_type', parent.type);
      q.set('parent_entity_id', parent.id);
    }
    const url = `${catalogUrl}/${kind}?${q.toString()}`;
    onRequest?.(url);
    const parsed = z.array(SCHEMA[kind]).safeParse(await getJson(url, signal));
    if (!parsed.success) throw new Error(`GET ${url}: ${formatError(parsed.error)}`);
    return parsed.data;
  };
}
