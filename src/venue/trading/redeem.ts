// POST /redeem (venue-profile E, local venue only): turns the signing wallet's tokens of a
// resolved market into cash, 1 per winning token and nothing for the others.
import { formatMicros } from '@shared/domain/money.js';
import { HttpError, badParam } from '../errors.js';
import type { Surface, VenueContext } from '../http.js';
import { RedeemRefusal } from '../exchange/settlement.js';
import { inTurn } from './orders.js';

const CONDITION_ID = /^0x[0-9a-fA-F]{64}$/;
const SHAPE = 'body must be {"conditionId": "0x…"} (or {"market": "0x…"}) naming a resolved market';

/** The condition id a body names, under either name. */
function conditionIdOf(body: unknown): string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badParam('body', SHAPE);
  const { conditionId, market } = body as Record<string, unknown>;
  if (conditionId !== undefined && market !== undefined && conditionId !== market) throw badParam('market', 'conditionId and market name different markets; send one of them');
  const id = conditionId ?? market;
  const param = conditionId !== undefined ? 'conditionId' : 'market';
  if (id === undefined) throw badParam('conditionId', SHAPE);
  if (typeof id !== 'string' || !CONDITION_ID.test(id)) throw badParam(param, `${param} must be 0x followed by 64 hex digits`);
  return id.toLowerCase();
}

export function registerRedeem(s: Surface, ctx: VenueContext): void {
  s.post(
    '/redeem',
    [],
    (req) => {
      const who = req.signedBy;
      if (!who) throw new HttpError(401, 'UNAUTHORIZED', 'POST /redeem must be signed (L2 headers)');
      const conditionId = conditionIdOf(req.body);
      // In turn behind the order batches that arrived before it, like a cancel.
      return inTurn(ctx, () => {
        try {
          const r = ctx.exchange.redeem(who.address.toLowerCase(), conditionId);
          return {
            conditionId: r.conditionId,
            redeemed: r.redeemed.map((x) => ({ asset_id: x.tokenId, size: formatMicros(x.size), payout: formatMicros(x.payout) })),
            payout: formatMicros(r.payout),
          };
        } catch (err) {
          if (!(err instanceof RedeemRefusal)) throw err;
          throw new HttpError(400, err.code, err.message, err.code === 'INVALID_PARAMETER' ? { param: 'conditionId' } : {});
        }
      });
    },
    { signed: '/redeem' },
  );
}
