// The service family's own subscription messages on the market channel, read beside ours: its
// clients open with `{"type": "market", "assets_ids": [...]}`, change the set with
// `{"operation": "subscribe" | "unsubscribe", "assets_ids": [...]}`, and keep alive with the
// text `PING` (answered `PONG`).

/** Our message for a family one (to be checked by our schema as usual); the JSON as is otherwise. */
export function fromFamilyMessage(json: unknown): unknown {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return json;
  const m = json as Record<string, unknown>;
  if (typeof m['type'] === 'string' && m['type'].toLowerCase() === 'market' && m['operation'] === undefined) return { type: 'subscribe', assets_ids: m['assets_ids'] };
  if (m['type'] === undefined && (m['operation'] === 'subscribe' || m['operation'] === 'unsubscribe')) return { type: m['operation'], assets_ids: m['assets_ids'] };
  return json;
}

/** The family's text keep-alive. */
export const FAMILY_PING = 'PING';
export const FAMILY_PONG = 'PONG';
