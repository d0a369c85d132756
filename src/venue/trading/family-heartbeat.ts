// The service family's heartbeat (venue-profile E), a dead-man switch for bots: once an API key
// starts a chain of heartbeats, each must come within the window carrying the id the last one
// was answered with; when one does not, the key's open orders are cancelled as DELETE
// /cancel-all would, and the chain ends.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { badParam, HttpError } from '../errors.js';
import type { Surface, VenueContext } from '../http.js';
import { systemTimers, type IdleTimers } from '../timers.js';
import { auth, inTurn } from './orders.js';

/** How long a chain waits for its next heartbeat (the family's figure). */
export const HEARTBEAT_WINDOW_MS = 10_000;

const INVALID = 'Invalid Heartbeat ID';

const beatBody = z.looseObject({ heartbeat_id: z.string().max(100).nullish() });

export class Heartbeats {
  private readonly chains = new Map<string, { id: string; stop: () => void }>();

  constructor(
    private readonly timers: IdleTimers,
    private readonly onSilence: (apiKey: string) => void,
  ) {}

  /**
   * One heartbeat of `apiKey`: `given` empty starts a new chain (ending any other), else it must
   * be the id of the chain's last answer. Answers the id the next heartbeat must carry.
   */
  beat(apiKey: string, given: string): string {
    const chain = this.chains.get(apiKey);
    if (given !== '' && given !== chain?.id) {
      // As the family does: the id that would have continued the chain ("" when none runs).
      throw new HttpError(400, 'INVALID_HEARTBEAT_ID', `${INVALID}: send the heartbeat_id of the last answer, or "" to start a new chain`, {
        error_msg: INVALID,
        heartbeat_id: chain?.id ?? '',
      });
    }
    chain?.stop();
    const id = randomUUID();
    const stop = this.timers.after(HEARTBEAT_WINDOW_MS, () => {
      if (this.chains.get(apiKey)?.id !== id) return;
      this.chains.delete(apiKey);
      this.onSilence(apiKey);
    });
    this.chains.set(apiKey, { id, stop });
    return id;
  }
}

/** Cancels every open order of `apiKey`, in turn behind the batches that arrived before. */
export function cancelAllOf(ctx: VenueContext, apiKey: string): Promise<unknown> {
  return Promise.resolve().then(() => {
    if (!ctx.db.open) return undefined;
    return inTurn(ctx, () => ctx.exchange.cancel(apiKey, ctx.exchange.openOrderIds(apiKey)));
  });
}

export function registerFamilyHeartbeat(s: Surface, ctx: VenueContext): void {
  const heartbeats = new Heartbeats(ctx.timers ?? systemTimers, (apiKey) => {
    cancelAllOf(ctx, apiKey).catch((err: unknown) => console.error('venue: heartbeat cancel failed', err));
  });
  s.post('/v1/heartbeats', [], (req) => {
    const who = auth(req, ctx, '/v1/heartbeats');
    const body = beatBody.safeParse(req.body ?? {});
    if (!body.success) throw badParam('body.heartbeat_id', 'body must be {"heartbeat_id": "<id of the last answer>"}, or "" / null to start a chain');
    return { heartbeat_id: heartbeats.beat(who.apiKey, body.data.heartbeat_id ?? '') };
  }, { signed: '/v1/heartbeats' });
}
