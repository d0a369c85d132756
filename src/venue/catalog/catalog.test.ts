// The catalog surface over HTTP against a small generated world.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestVenue, type TestVenue } from '../test-support.js';

type Obj = Record<string, unknown>;
let venue: TestVenue;

beforeAll(async () => {
  venue = await startTestVenue({ rateLimitScale: 0 });
});
afterAll(async () => venue.stop());

async function list(path: string): Promise<Obj[]> {
  const { status, body } = await venue.get('catalog', path);
  expect(status, `${path} → ${JSON.stringify(body)}`).toBe(200);
  expect(Array.isArray(body)).toBe(true);
  return body as Obj[];
}

async function all(path: string, pageSize = 100): Promise<Obj[]> {
  const out: Obj[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const page = await list(`${path}${path.includes('?') ? '&' : '?'}limit=${pageSize}&offset=${offset}`);
    out.push(...page);
    if (page.length < pageSize) return out;
  }
}

const ids = (xs: Obj[]) => xs.map((x) => x['id'] as string);

describe('GET /markets', () => {
  it('defaults to 20 markets, newest id first, with the spec fields', async () => {
    const page = await list('/markets');
    expect(page).toHaveLength(20);
    const numeric = ids(page).map(Number);
    expect(numeric).toEqual([...numeric].sort((a, b) => b - a));
    const m = page[0] as Obj;
    for (const f of ['id', 'question', 'conditionId', 'slug', 'outcomes', 'clobTokenIds', 'active', 'closed', 'archived', 'createdAt', 'questionID', 'events']) {
      expect(m, f).toHaveProperty(f);
    }
    expect(typeof m['outcomes']).toBe('string');
    expect(JSON.parse(m['outcomes'] as string)).toBeInstanceOf(Array);
    expect(JSON.parse(m['clobTokenIds'] as string)[0]).toMatch(/^\d+$/);
  });

  it('pages without overlap or gaps, in either direction and by any column', async () => {
    const everything = await all('/markets', 100);
    const total = everything.length;
    expect(new Set(ids(everything)).size).toBe(total);
    for (const order of ['endDate', 'question', 'createdAt']) {
      const pages = await all(`/markets?order=${order}&ascending=true`, 7);
      expect(pages).toHaveLength(total);
      expect(new Set(ids(pages)).size).toBe(total);
      const keys = pages.map((p) => p[order] as string);
      expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    }
  });

  it('filters by status, mirror, tag, event, slug and condition id (with aliases)', async () => {
    const everything = await all('/markets');
    const active = await all('/markets?active=true');
    expect(active.length).toBeGreaterThan(0);
    expect(active.every((m) => m['active'] === true)).toBe(true);
    const archived = await all('/markets?archived=true');
    expect(archived.length).toBeGreaterThan(0);
    expect(archived.every((m) => m['archived'] === true && m['closed'] === true && m['active'] === false)).toBe(true);
    const closed = await all('/markets?closed=true');
    expect(closed.length + (await all('/markets?closed=false')).length).toBe(everything.length);

    const mirrors = await all('/markets?mirror=true');
    const plain = await all('/markets?mirror=false');
    expect(mirrors.length).toBeGreaterThan(0);
    expect(mirrors.every((m) => typeof m['mirrorConditionId'] === 'string')).toBe(true);
    expect(plain.every((m) => !('mirrorConditionId' in m) && !('mirrorClobTokenIds' in m))).toBe(true);
    expect(mirrors.length + plain.length).toBe(everything.length);
    const paired = mirrors.filter((m) => 'mirrorClobTokenIds' in m);
    expect(paired.length).toBeGreaterThan(0);
    for (const m of paired) expect(JSON.parse(m['mirrorClobTokenIds'] as string)).toHaveLength(JSON.parse(m['clobTokenIds'] as string).length);

    const m = everything[3] as Obj;
    const bySlug = await list(`/markets?slug=${m['slug']}`);
    expect(ids(bySlug)).toEqual([m['id']]);
    for (const key of ['conditionId', 'condition_id']) {
      expect(ids(await list(`/markets?${key}=${m['conditionId']}`))).toEqual([m['id']]);
    }
    const event = (m['events'] as Obj[])[0] as Obj;
    const byEventId = await all(`/markets?event_id=${event['id']}`);
    expect(byEventId.map((x) => x['id'])).toContain(m['id']);
    for (const key of ['event_slug', 'eventSlug']) {
      expect(ids(await all(`/markets?${key}=${event['slug']}`))).toEqual(ids(byEventId));
    }

    const tags = (await venue.get('catalog', `/markets/${m['id']}/tags`)).body as Obj[];
    expect(tags.length).toBeGreaterThan(0);
    const tag = tags[0] as Obj;
    const byTag = await all(`/markets?tag_slug=${tag['slug']}`);
    expect(ids(byTag)).toContain(m['id']);
    expect(ids(await all(`/markets?tag=${tag['slug']}`))).toEqual(ids(byTag));
    expect(ids(await all(`/markets?tag_id=${tag['id']}`))).toEqual(ids(byTag));
  });

  it('creator scopes by address or site', async () => {
    const creators = venue.db.prepare('SELECT address, site FROM creators ORDER BY address').all() as Array<{ address: string; site: string }>;
    expect(creators.length).toBeGreaterThan(1);
    let sum = 0;
    for (const c of creators) {
      const byAddress = await all(`/markets?creator=${c.address}`);
      expect(ids(await all(`/markets?creator=${c.site}`))).toEqual(ids(byAddress));
      sum += byAddress.length;
    }
    expect(sum).toBe((await all('/markets')).length);
    expect(await list('/markets?creator=nobody-at-all')).toEqual([]);
  });

  it('a single market by slug carries its event in full; tags by id or condition id', async () => {
    const [m] = await list('/markets?limit=1');
    const { status, body } = await venue.get('catalog', `/markets/slug/${(m as Obj)['slug']}`);
    expect(status).toBe(200);
    const event = ((body as Obj)['events'] as Obj[])[0] as Obj;
    for (const f of ['description', 'resolutionSource', 'startDate', 'creationDate', 'endDate', 'active', 'closed', 'archived', 'createdAt', 'updatedAt']) expect(event, f).toHaveProperty(f);
    const a = await venue.get('catalog', `/markets/${(m as Obj)['id']}/tags`);
    const b = await venue.get('catalog', `/markets/${(m as Obj)['conditionId']}/tags`);
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect((await venue.get('catalog', '/markets/slug/no-such-market')).status).toBe(404);
    expect((await venue.get('catalog', '/markets/99999999/tags')).status).toBe(404);
  });
});

describe('GET /events, /series, /tags, /public-search', () => {
  it('events carry tags and market summaries; negative-risk groups exist', async () => {
    const events = await all('/events');
    expect(events.length).toBeGreaterThan(5);
    const e = events[0] as Obj;
    for (const f of ['id', 'ticker', 'slug', 'title', 'description', 'startDate', 'endDate', 'tags', 'markets', 'active', 'closed', 'archived']) expect(e, f).toHaveProperty(f);
    const negRisk = events.filter((x) => x['negRisk'] === true);
    expect(negRisk.length).toBeGreaterThan(0);
    expect((negRisk[0]?.['markets'] as Obj[]).length).toBeGreaterThan(1);
    const summary = (e['markets'] as Obj[])[0] as Obj;
    expect(Object.keys(summary)).toEqual(expect.arrayContaining(['id', 'question', 'conditionId', 'clobTokenIds']));
  });

  it('events filter by slug, tag, series and status, and sort', async () => {
    const events = await all('/events');
    const e = events[1] as Obj;
    expect(ids(await list(`/events?slug=${e['slug']}`))).toEqual([e['id']]);
    const tag = (e['tags'] as Obj[])[0] as Obj;
    for (const q of [`tag=${tag['slug']}`, `tag_slug=${tag['slug']}`, `tag_id=${tag['id']}`]) expect(ids(await all(`/events?${q}`))).toContain(e['id']);
    const series = (await list('/series?limit=100')).find((s) => (s['events'] as Obj[]).length > 0) as Obj;
    const inSeries = await all(`/events?series_slug=${series['slug']}`);
    expect(ids(inSeries).sort()).toEqual(ids(series['events'] as Obj[]).sort());
    const closed = await all('/events?closed=true');
    expect(closed.every((x) => x['closed'] === true)).toBe(true);
    const byTitle = await all('/events?order=title&ascending=true');
    const titles = byTitle.map((x) => x['title'] as string);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('series list their events; tags list; public search finds events, tags and profiles', async () => {
    const series = await list('/series');
    expect(series.length).toBeGreaterThan(0);
    expect(series[0]).toHaveProperty('seriesType');
    const tags = await list('/tags?limit=100');
    expect(tags.length).toBeGreaterThanOrEqual(10);
    const [event] = await list('/events?limit=1');
    const word = ((event as Obj)['title'] as string).split(/\s+/).find((w) => w.length > 4) as string;
    const found = (await venue.get('catalog', `/public-search?q=${encodeURIComponent(word)}`)).body as { events: Obj[]; tags: Obj[]; profiles: Obj[] };
    expect(ids(found.events)).toContain((event as Obj)['id']);
    expect((await venue.get('catalog', '/public-search')).status).toBe(400);
  });
});

describe('GET /comments', () => {
  it('by parent entity and by event slug, with replies and reactions', async () => {
    const row = venue.db.prepare("SELECT parent_entity_id AS id, COUNT(*) AS n FROM comments WHERE parent_entity_type = 'Event' GROUP BY parent_entity_id ORDER BY n DESC LIMIT 1").get() as { id: number; n: number };
    const comments = await all(`/comments?parent_entity_type=Event&parent_entity_id=${row.id}`);
    expect(comments).toHaveLength(row.n);
    expect(comments.every((c) => c['parentEntityType'] === 'Event' && c['parentEntityID'] === row.id)).toBe(true);
    const slug = (venue.db.prepare('SELECT slug FROM events WHERE id = ?').get(row.id) as { slug: string }).slug;
    expect(ids(await all(`/comments?event_slug=${slug}`))).toEqual(ids(comments));
    const created = comments.map((c) => c['createdAt'] as string);
    expect(created).toEqual([...created].sort().reverse());
    const c = comments[0] as Obj;
    expect(c['profile']).toMatchObject({ proxyWallet: c['userAddress'] });
    expect(typeof c['reactionCount']).toBe('number');
    const anyReplies = venue.db.prepare('SELECT parent_comment_id AS id, COUNT(*) AS n FROM comments WHERE parent_comment_id IS NOT NULL GROUP BY parent_comment_id LIMIT 1').get() as { id: number; n: number };
    const parent = (await all('/comments')).find((x) => x['id'] === String(anyReplies.id)) as Obj;
    expect(parent['replyCount']).toBe(anyReplies.n);
    expect((parent['replies'] as Obj[]).map((r) => r['parentCommentID'])).toEqual(Array(anyReplies.n).fill(String(anyReplies.id)));
  });

  it('holders_only keeps a real subset; reactionCount ordering; comments by user', async () => {
    const everything = await all('/comments');
    const holders = await all('/comments?holders_only=true');
    expect(holders.length).toBeGreaterThan(0);
    expect(holders.length).toBeLessThan(everything.length);
    expect(holders.every((c) => ((c['profile'] as Obj)['positions'] as Obj[]).length > 0)).toBe(true);
    const byReactions = await all('/comments?order=reactionCount');
    const counts = byReactions.map((c) => c['reactionCount'] as number);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    // The replies a comment carries are comments too: holders only keeps the holders' among them.
    const holds = (c: Obj) => ((c['profile'] as Obj)['positions'] as Obj[]).length > 0;
    const repliesOf = (list: Obj[]) => new Map(list.map((c) => [c['id'] as string, c['replies'] as Obj[]]));
    const allReplies = repliesOf(everything);
    const cut = holders.filter((c) => (allReplies.get(c['id'] as string) ?? []).some((r) => !holds(r)));
    expect(cut.length, 'a holder comment with a reply from a non-holder').toBeGreaterThan(0);
    for (const c of holders) {
      const kept = c['replies'] as Obj[];
      expect(kept.every(holds)).toBe(true);
      expect(ids(kept)).toEqual(ids((allReplies.get(c['id'] as string) ?? []).filter(holds)));
    }
    const user = (everything[0] as Obj)['userAddress'] as string;
    const mine = await all(`/comments/user_address/${user}`);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((c) => c['userAddress'] === user)).toBe(true);
  });
});
