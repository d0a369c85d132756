// The words of a generated world: kinds of events (per leaderboard category) that write their
// own titles, questions and resolution rules, plus names, tags, profiles and comments. All
// people, teams, companies and most tokens are invented; every choice comes from the Rng.
import type { Rng } from './random.js';

export const CATEGORIES = ['POLITICS', 'SPORTS', 'CRYPTO', 'FINANCE', 'CULTURE', 'MENTIONS', 'WEATHER', 'ECONOMICS', 'TECH'] as const;
export type Category = (typeof CATEGORIES)[number];
export type Recurrence = 'daily' | 'weekly' | 'monthly' | 'quarterly';
/** How the markets of an event resolve: each on its own, exactly one Yes (negative risk), or
 *  a ladder of thresholds where a market is Yes iff one shared draw falls below its prior. */
export type Resolution = 'independent' | 'negRisk' | 'ladder';

export interface Subject {
  name: string;
  short: string;
  members: string[];
  value: number;
  extra: string;
}

export interface MarketText {
  question: string;
  description: string;
  outcomes: string[];
  /** Short label of the market within its event (candidate, bracket, team). */
  label: string;
  /** Prior probability of outcome 0. */
  prior: number;
  sports?: boolean;
  /** Its own end date when it differs from the event's ("... by June 30?" ladders). */
  end?: number;
}

export interface EventText {
  title: string;
  slug?: string;
  description: string;
  resolutionSource: string;
  markets: MarketText[];
  /** Names the event is about: tag candidates and comment material. */
  entities: string[];
  gameStart?: number;
}

export interface EventCtx {
  rng: Rng;
  names: Names;
  /** Markets wanted. */
  n: number;
  start: number;
  end: number;
  subject: Subject;
}

export interface Kind {
  id: string;
  category: Category;
  resolution: Resolution;
  markets: readonly [number, number];
  /** Typical days between an event's start and end. */
  days: readonly [number, number];
  recurrence?: Recurrence;
  /** UTC hour at which events of this kind end (games: about three hours after the start). */
  endHour?: number;
  /** Sub-tag labels (see TAG_TREE). */
  tags: readonly string[];
  subject(rng: Rng, names: Names): Subject;
  seriesTitle?(s: Subject): string;
  event(ctx: EventCtx): EventText;
}

// ---------------------------------------------------------------- formatting

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAY = 86_400_000;

export const day = (ms: number): string => `${MONTHS[new Date(ms).getUTCMonth()]} ${new Date(ms).getUTCDate()}`;
export const dayYear = (ms: number): string => `${day(ms)}, ${new Date(ms).getUTCFullYear()}`;
const month = (ms: number): string => MONTHS[new Date(ms).getUTCMonth()] ?? '';
const monthYear = (ms: number): string => `${month(ms)} ${new Date(ms).getUTCFullYear()}`;
const year = (ms: number): number => new Date(ms).getUTCFullYear();
const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const quarter = (ms: number): number => Math.floor(new Date(ms).getUTCMonth() / 3) + 1;

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/%/g, 'pct')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 90)
    .replace(/-+$/, '');
}

function group(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `$1,250`, `$0.86`: as many decimals as the step needs. */
function usd(x: number, step: number): string {
  const dp = step >= 1 ? 0 : step >= 0.1 ? 1 : step >= 0.01 ? 2 : 3;
  const [int, frac] = x.toFixed(dp).split('.');
  return `$${group(Number(int))}${frac ? `.${frac}` : ''}`;
}

/** The 1-2-2.5-5 step nearest to `x`. */
function niceStep(x: number): number {
  const p = 10 ** Math.floor(Math.log10(x));
  const m = x / p;
  return (m < 1.5 ? 1 : m < 2.25 ? 2 : m < 3.5 ? 2.5 : m < 7.5 ? 5 : 10) * p;
}

/** `n` deadlines spread evenly after `start`, on the hour, the last one being `end`. */
function deadlines(start: number, end: number, n: number): number[] {
  return Array.from({ length: n }, (_, i) => (i === n - 1 ? end : Math.floor((start + ((end - start) * (i + 1)) / n) / 3_600_000) * 3_600_000));
}

/** "Umber Foods'" rather than "Umber Foods's". */
const poss = (name: string): string => (name.endsWith('s') ? `${name}'` : `${name}'s`);

const list = (s: string): string[] => s.split('|').map((x) => x.trim()).filter(Boolean);
const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));
/** Normal CDF (Abramowitz-Stegun), for bracket and threshold priors. */
function cdf(z: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const d = 0.3989423 * Math.exp((-z * z) / 2);
  const p = d * t * (0.3193815 + t * (-0.3565638 + t * (1.781478 + t * (-1.821256 + t * 1.330274))));
  return z > 0 ? 1 - p : p;
}

function yesNo(condition: string, otherwise: string, source: string): string {
  return `This market will resolve to "Yes" if ${condition}. Otherwise, this market will resolve to "No".${otherwise ? ` ${otherwise}` : ''}\n\n${source}`;
}

/** Lognormal weights normalised to 1: a few favourites and a long tail. */
function shares(rng: Rng, n: number, spread = 1): number[] {
  const w = Array.from({ length: n }, () => rng.lognormal(0, spread));
  const total = w.reduce((a, b) => a + b, 0);
  return w.map((x) => x / total);
}

// ---------------------------------------------------------------- names

const FIRST = list(`Amara|Bastian|Celeste|Dorian|Elena|Farrah|Gideon|Hollis|Ines|Jasper|Kiran|Leona|Marcus|Noor|Orla|Percy|Quinn|Rosalind|Silas|Tamsin|Ulric|Vera|Wesley|Ximena|Yusuf|Zara|Adaeze|Bram|Clio|Dmitri|Esme|Florian|Greta|Hamza|Isolde|Joaquin|Katya|Lorcan|Mireille|Nikos|Odette|Paolo|Rhea|Soren|Talia|Umberto|Valentina|Wren|Yara|Anselm|Bettina|Casimir|Delphine|Emeric|Fenna|Gustavo|Hana|Ivo|Juno|Leopold|Marisol|Nadia|Osric|Priya|Rafferty|Sunniva|Teodor|Ottilie|Cormac|Linnea|Matteo|Saoirse|Tobias|Annika|Emrys|Ilse|Lucian|Maren|Rune`);
const LAST = list(`Ashdown|Bellweather|Calloway|Dunmore|Everhart|Fairbanks|Galloway|Halvorsen|Ingram|Jessup|Kowalczyk|Lindqvist|Marchetti|Northcott|Okonkwo|Pemberton|Quintero|Rasmussen|Sandoval|Thackeray|Underhill|Valcourt|Whitcombe|Yardley|Zelenko|Abernathy|Brightwater|Castellanos|Delacroix|Esterhazy|Fontaine|Greenhalgh|Hargreave|Iwasaki|Jaramillo|Kettering|Lockhart|Moravec|Nakashima|Oyelaran|Prescott|Quenneville|Rutherford|Szabo|Tremblay|Uchenna|Vasquez-Reyes|Wexford|Achterberg|Blackwood|Crane|Drummond|Ellsworth|Falconer|Gutierrez|Holloway|Ivanova|Jorgensen|Kincaid|Larkspur|Montague|Nightingale|Ostrowski|Pryce|Redfern|Stirling|Tanaka|Vance|Winslow|Ackerly|Brannigan|Corvino|Dasgupta|Mbeki-Lane|Osei|Petrakis|Soloway|Virtanen`);
const TEAM_CITIES = list(`Portland|Sacramento|Baltimore|Cincinnati|Albuquerque|Tulsa|Omaha|Raleigh|Richmond|Louisville|Memphis|Spokane|Hartford|Boise|El Paso|Tucson|Fresno|Honolulu|Anchorage|Savannah|Madison|Buffalo|Norfolk|Reno|Des Moines|Wichita|Birmingham|Charleston|Knoxville|Providence|Rochester|Tacoma`);
const MASCOTS = list(`Comets|Ironclads|Foxes|Harriers|Mariners|Wolves|Thunderbirds|Lynx|Pioneers|Monarchs|Rangers|Stallions|Herons|Vipers|Cyclones|Sentinels|Mustangs|Owls|Bison|Falcons|Tritons|Badgers|Voyagers|Hornets|Sabres|Orioles|Coyotes|Kodiaks|Pilots|Grizzlies|Rapids|Wildcats`);
const CLUB_PREFIX = list(`FC|Real|Athletic|Sporting|United|Racing|Dynamo|Olympique`);
const COMPANY_A = list(`Halcyon|Nimbus|Vantage|Corvid|Ardent|Bluefin|Cobalt|Driftwood|Ember|Foxglove|Granite|Helix|Ironwood|Juniper|Keystone|Lattice|Monarch|Northwind|Orchid|Pinnacle|Quarry|Redwood|Sable|Tesseract|Umber|Verdant|Wavelength|Yarrow|Zephyr|Aster|Beacon|Cinder|Dovetail|Everline|Fathom|Gilded`);
const COMPANY_B = list(`Systems|Motors|Labs|Holdings|Networks|Therapeutics|Energy|Robotics|Foods|Aerospace|Semiconductor|Financial|Media|Logistics|Devices|Health`);
const STATES = list(`Ohio|Arizona|Georgia|Michigan|Nevada|Pennsylvania|Wisconsin|Colorado|Virginia|Minnesota|Oregon|North Carolina|Kentucky|Kansas|Maine|New Mexico`);
const COUNTRIES: Array<[string, string]> = [
  ['Brazil', 'presidential'], ['Chile', 'presidential'], ['Colombia', 'presidential'], ['Peru', 'presidential'], ['Kenya', 'presidential'],
  ['Portugal', 'presidential'], ['South Korea', 'presidential'], ['Philippines', 'presidential'], ['Poland', 'presidential'], ['Ireland', 'general'],
  ['Canada', 'federal'], ['Australia', 'federal'], ['Netherlands', 'general'], ['Norway', 'parliamentary'], ['Japan', 'general'], ['New Zealand', 'general'],
];
const PARTIES = list(`Civic Renewal|National Progress Party|Green Alliance|Liberty Union|Social Democrats|Reform Coalition|Labour Front|People's Unity|Centre Party|Forward Together|Christian Democratic Union|Independent Bloc`);
const BILLS = list(`Clean Harbors Act|Rural Broadband Expansion Act|Housing Supply Act|Digital Privacy Act|Stablecoin Clarity Act|Border Modernization Act|Insulin Price Cap Act|Data Center Siting Act|Small Business Tax Relief Act|Grid Reliability Act|Online Safety for Kids Act|Prediction Markets Fairness Act`);
const WORDS_A = list(`Silent|Golden|Broken|Hidden|Electric|Last|Crimson|Wild|Paper|Northern|Quiet|Velvet|Burning|Glass|Hollow|Distant|Bright|Midnight|Lonely|Endless`);
const WORDS_N = list(`Harbor|Kingdom|Signal|Orchard|Horizon|Letters|Garden|Frontier|River|Empire|Machine|Season|Tide|Lantern|Orbit|Winter|Echo|Mirror|Compass|Thunder`);
const CITIES: Array<[string, string, number, number]> = [
  // name, weather office code, mean daily high °F, seasonal amplitude (negative south of the equator)
  ['New York City', 'okx', 62, 21], ['Chicago', 'lot', 59, 25], ['Miami', 'mfl', 84, 6], ['Dallas', 'fwd', 77, 19], ['Denver', 'bou', 64, 21],
  ['Seattle', 'sew', 60, 14], ['Atlanta', 'ffc', 73, 17], ['Phoenix', 'psr', 87, 19], ['Boston', 'box', 59, 21], ['Los Angeles', 'lox', 75, 7],
  ['Houston', 'hgx', 80, 14], ['Minneapolis', 'mpx', 55, 28], ['London', 'egll', 59, 13], ['Toronto', 'cyyz', 55, 25], ['Seoul', 'rksi', 63, 25],
  ['Buenos Aires', 'saez', 73, -13], ['Paris', 'lfpg', 61, 15], ['Tokyo', 'rjtt', 68, 16],
];
const TOKENS: Array<[string, string, number]> = [
  ['Bitcoin', 'BTC', 96_000], ['Ethereum', 'ETH', 3_400], ['Solana', 'SOL', 185], ['Aurora', 'AUR', 2.4], ['Kestrel', 'KST', 0.85],
  ['Lumen', 'LMN', 14], ['Quill', 'QUIL', 0.32], ['Halo', 'HALO', 6.5], ['Vesper', 'VSP', 41], ['Tidal', 'TIDE', 1.2], ['Obsidian', 'OBS', 230],
];
const LEAGUES: Array<[string, string, string, number, number]> = [
  // name, short, sport, typical total, typical spread
  ['National Basketball League', 'NBL', 'basketball', 224, 6.5], ['Atlantic Football League', 'AFL', 'football', 45, 6.5],
  ['Continental Hockey League', 'CHL', 'hockey', 5.5, 1.5], ['Pacific Baseball Association', 'PBA', 'baseball', 8.5, 1.5],
  ['Global Esports Circuit', 'GEC', 'esports', 2.5, 1.5], ['Premier Soccer League', 'PSL', 'soccer', 2.5, 1.5], ['Liga Continental', 'LC', 'soccer', 2.5, 1.5],
  ["Women's Basketball League", 'WBL', 'basketball', 162, 5.5], ['Collegiate Football Series', 'CFS', 'football', 52, 7.5], ['Eastern Baseball League', 'EBL', 'baseball', 8.5, 1.5],
];
const CENTRAL_BANKS: Array<[string, string, string]> = [
  ['Fed', 'the Federal Reserve', 'https://www.federalreserve.gov/monetarypolicy/fomccalendars.htm'],
  ['ECB', 'the European Central Bank', 'https://www.ecb.europa.eu/press/govcdec/mopo/html/index.en.html'],
  ['Bank of England', 'the Bank of England', 'https://www.bankofengland.co.uk/monetary-policy-summary-and-minutes'],
  ['Bank of Japan', 'the Bank of Japan', 'https://www.boj.or.jp/en/mopo/mpmdeci/index.htm'],
  ['Bank of Canada', 'the Bank of Canada', 'https://www.bankofcanada.ca/core-functions/monetary-policy/key-interest-rate/'],
];
const LABS = list(`Lumen AI|Parallax|Northstar Labs|Cerulean|Deepwell|Axiom Research|Kestrel AI|Mosaic Intelligence|Tessellate|Brightline`);
const APPS = list(`Snapline|Glint|Pocketful|Tunewave|Roamly|Sprout|ChatNest|Fieldnote|Stackd|Loopmarket|Pebble Pay|Drift|Hearth|Quickstep|Muse Studio`);
const AWARDS: Array<[string, string]> = [['Oscars', 'Best Picture'], ['Oscars', 'Best Director'], ['Grammys', 'Album of the Year'], ['Golden Globes', 'Best Motion Picture – Drama'], ['Emmys', 'Outstanding Drama Series']];
const MENTION_WORDS = list(`tariff|inflation|AI|China|border|recession|Bitcoin|taxes|deficit|layoffs|guidance|headwinds|record quarter|supply chain|buyback|tremendous|bipartisan|crypto|affordability|Ukraine|interest rates|unprecedented|stablecoin|robotics|data center|shutdown|healthcare|energy independence|immigration|productivity`);

export class Names {
  private readonly used = new Set<string>();
  readonly leagues: Subject[];
  readonly companies: Subject[];

  constructor(private readonly rng: Rng) {
    const teamNames = rng.shuffle(TEAM_CITIES.flatMap((c) => MASCOTS.map((m) => `${c} ${m}`)));
    let t = 0;
    this.leagues = LEAGUES.map(([name, short, sport, total, spread]) => {
      const teams = teamNames.slice(t, t + 16).map((team) => (sport === 'soccer' ? `${rng.pick(CLUB_PREFIX)} ${team.split(' ')[0] ?? team}` : team));
      t += 16;
      return { name, short, members: [...new Set(teams)], value: total, extra: `${sport}|${spread}` };
    });
    const tickers = new Set<string>();
    this.companies = rng.shuffle(COMPANY_A.flatMap((a) => COMPANY_B.map((b) => `${a} ${b}`))).slice(0, 60).map((name) => {
      const [a = '', b = ''] = name.split(' ');
      let short = (a.slice(0, 3) + b.slice(0, 1)).toUpperCase();
      if (tickers.has(short)) short = (a.slice(0, 2) + b.slice(0, 2)).toUpperCase();
      tickers.add(short);
      return { name, short, members: [], value: Math.round(rng.lognormal(Math.log(90), 0.8) * 100) / 100, extra: '' };
    });
  }

  /** A person's name not used before in this world (falls back to a middle initial). */
  person(): string {
    for (let i = 0; ; i++) {
      const name = i < 20 ? `${this.rng.pick(FIRST)} ${this.rng.pick(LAST)}` : `${this.rng.pick(FIRST)} ${String.fromCharCode(65 + this.rng.int(0, 25))}. ${this.rng.pick(LAST)}`;
      if (!this.used.has(name)) {
        this.used.add(name);
        return name;
      }
    }
  }

  people(n: number): string[] {
    return Array.from({ length: n }, () => this.person());
  }

  title(): string {
    const r = this.rng;
    return r.pick([`The ${r.pick(WORDS_A)} ${r.pick(WORDS_N)}`, `${r.pick(WORDS_N)} of ${r.pick(WORDS_N)}s`, `${r.pick(WORDS_A)} ${r.pick(WORDS_N)}`, `After the ${r.pick(WORDS_N)}`, `${r.pick(WORDS_N)}`]);
  }

  artist(): string {
    return this.rng.chance(0.6) ? this.person() : `The ${this.rng.pick(WORDS_A)} ${this.rng.pick(WORDS_N)}s`;
  }
}

// ---------------------------------------------------------------- event kinds

const subj = (name: string, short = name, members: string[] = [], value = 0, extra = ''): Subject => ({ name, short, members, value, extra });

function league(rng: Rng, names: Names, soccer: boolean): Subject {
  return rng.pick(names.leagues.filter((l) => l.extra.startsWith('soccer') === soccer));
}

function city(rng: Rng): Subject {
  const [name, code, high, amp] = rng.pick(CITIES);
  return subj(name, code, [], high, String(amp));
}

function token(rng: Rng): Subject {
  const [name, short, price] = rng.pick(TOKENS);
  return subj(name, short, [], price);
}

/** A token or stock price at `ms`: the reference drifted by a random walk. */
function priceNear(rng: Rng, reference: number, vol: number): number {
  return reference * Math.exp(vol * rng.normal());
}

/** Threshold questions around a current price; priors fall as the threshold rises. */
function thresholds(rng: Rng, n: number, price: number, vol: number): Array<{ x: number; step: number; prior: number }> {
  const step = niceStep((price * vol * 3) / n);
  const lo = Math.round((price - (step * (n - 1)) / 2) / step) * step + (rng.chance(0.5) ? 0 : step);
  return Array.from({ length: n }, (_, i) => {
    const x = lo + i * step;
    return { x, step, prior: clamp(1 - cdf(Math.log(x / price) / vol), 0.02, 0.98) };
  });
}

/** Bracket priors for a normal latent value: mass of each bracket, ends open. */
function bracketPriors(edges: number[], mean: number, sd: number): number[] {
  const c = edges.map((e) => cdf((e - mean) / sd));
  const out = [c[0] ?? 0];
  for (let i = 1; i < c.length; i++) out.push((c[i] ?? 0) - (c[i - 1] ?? 0));
  out.push(1 - (c[c.length - 1] ?? 0));
  const floor = out.map((p) => Math.max(p, 0.004));
  const total = floor.reduce((a, b) => a + b, 0);
  return floor.map((p) => p / total);
}

const YN = ['Yes', 'No'];

export const KINDS: readonly Kind[] = [
  // ------------------------------------------------ POLITICS
  {
    id: 'election', category: 'POLITICS', resolution: 'negRisk', markets: [4, 10], days: [90, 240], tags: ['Elections', 'Global Elections'],
    subject: (rng) => {
      const [country, office] = rng.pick(COUNTRIES);
      return subj(country, country, [], 0, office);
    },
    event: ({ rng, names, n, end, subject: s }) => {
      const y = year(end);
      const cands = names.people(n);
      const p = shares(rng, n, 1.1);
      const src = `The resolution source will be the official results published by ${poss(s.name)} electoral authority.`;
      return {
        title: `Who will win the ${y} ${s.name} ${s.extra} election?`,
        description: `This event is about the winner of the ${y} ${s.name} ${s.extra} election, scheduled for ${dayYear(end - DAY)}. Each market resolves "Yes" for the candidate who is declared the winner, "No" for every other candidate. If no winner is declared by ${dayYear(end + 90 * DAY)}, every market resolves "No".`,
        resolutionSource: '',
        entities: [s.name, ...cands],
        markets: cands.map((c, i) => ({
          question: `Will ${c} win the ${y} ${s.name} ${s.extra} election?`,
          description: yesNo(`${c} wins the ${y} ${s.name} ${s.extra} election`, 'A runoff counts only once its result is certified.', src),
          outcomes: YN, label: c, prior: p[i] ?? 0,
        })),
      };
    },
  },
  {
    id: 'party-seats', category: 'POLITICS', resolution: 'negRisk', markets: [3, 7], days: [60, 200], tags: ['Elections', 'Global Elections'],
    subject: (rng) => {
      const [country] = rng.pick(COUNTRIES.filter(([, o]) => o !== 'presidential'));
      return subj(country);
    },
    event: ({ rng, n, end, subject: s }) => {
      const y = year(end);
      const parties = rng.sample(PARTIES, n);
      const p = shares(rng, n, 0.8);
      const src = 'The resolution source will be the final seat count published by the national electoral commission.';
      return {
        title: `Which party will win the most seats in the ${y} ${s.name} election?`,
        description: `Markets on which party wins a plurality of seats in the ${y} ${s.name} legislative election. Ties are broken by total votes received.`,
        resolutionSource: '',
        entities: [s.name, ...parties],
        markets: parties.map((party, i) => ({
          question: `Will the ${party} win the most seats in the ${y} ${s.name} election?`,
          description: yesNo(`the ${party} wins more seats than any other party in the ${y} ${s.name} legislative election`, 'In a tie on seats, the party with more votes wins.', src),
          outcomes: YN, label: party, prior: p[i] ?? 0,
        })),
      };
    },
  },
  {
    id: 'approval', category: 'POLITICS', resolution: 'negRisk', markets: [5, 8], days: [6, 9], recurrence: 'weekly', tags: ['Approval Ratings', 'US Politics', 'Governors'],
    subject: (rng, names) => subj(`Governor ${names.person()}`, '', [], rng.range(38, 55), rng.pick(STATES)),
    seriesTitle: (s) => `${s.name} approval rating`,
    event: ({ rng, n, end, subject: s }) => {
      const mean = s.value + rng.normal();
      const lo = Math.round(mean - (n - 2) / 2);
      const edges = Array.from({ length: n - 1 }, (_, i) => lo + i);
      const p = bracketPriors(edges, mean, 0.9);
      const src = 'The resolution source is the PollTrack average of approval polls (https://polltrack.org), checked at 12:00 PM ET on the resolution date.';
      const labels = [`<${lo}.0%`, ...edges.slice(1).map((e) => `${e - 1}.0–${e - 1}.9%`), `≥${lo + n - 2}.0%`];
      return {
        title: `${s.name} approval rating on ${day(end)}?`,
        description: `The approval rating of ${s.name} of ${s.extra}, as shown by PollTrack on ${dayYear(end)}.`,
        resolutionSource: 'https://polltrack.org',
        entities: [s.name, s.extra],
        markets: labels.map((label, i) => ({
          question: i === 0 ? `Will ${poss(s.name)} approval rating be below ${lo}.0% on ${day(end)}?` : i === labels.length - 1 ? `Will ${poss(s.name)} approval rating be ${lo + n - 2}.0% or higher on ${day(end)}?` : `Will ${poss(s.name)} approval rating be between ${label.replace('–', '% and ')} on ${day(end)}?`,
          description: yesNo(`${poss(s.name)} approval rating, as shown by PollTrack at 12:00 PM ET on ${dayYear(end)}, is in the range ${label}`, 'The figure is read to one decimal place.', src),
          outcomes: YN, label, prior: p[i] ?? 0,
        })),
      };
    },
  },
  {
    id: 'bill', category: 'POLITICS', resolution: 'ladder', markets: [1, 3], days: [30, 150], tags: ['US Politics', 'Congress'],
    subject: (rng) => subj(rng.pick(BILLS)),
    event: ({ rng, n, start, end, subject: s }) => {
      const base = rng.range(0.15, 0.6);
      const dates = deadlines(start, end, n);
      return {
        title: `Will the ${s.name} become law?`,
        description: `Markets on the progress of the ${s.name} through Congress.`,
        resolutionSource: 'https://www.congress.gov',
        entities: [s.name],
        markets: dates.map((d, i) => ({
          question: `Will the ${s.name} be signed into law by ${dayYear(d)}?`,
          description: yesNo(`the ${s.name} is signed into law by ${dayYear(d)}, 11:59 PM ET`, 'A veto override counts as becoming law.', 'The resolution source will be congress.gov.'),
          end: d, outcomes: YN, label: day(d), prior: clamp(base * (0.5 + (i + 1) / n / 2), 0.03, 0.9),
        })),
      };
    },
  },
  {
    id: 'out-by', category: 'POLITICS', resolution: 'ladder', markets: [2, 4], days: [40, 200], tags: ['Geopolitics'],
    subject: (rng, names) => subj(names.person(), '', [], 0, rng.pick([`Speaker of the ${rng.pick(STATES)} House`, `Mayor of ${rng.pick(TEAM_CITIES)}`, `Chair of the ${rng.pick(PARTIES)}`])),
    event: ({ rng, n, start, end, subject: s }) => {
      const base = rng.range(0.05, 0.45);
      const dates = deadlines(start, end, n);
      return {
        title: `${s.name} out as ${s.extra} by ...?`,
        description: `Will ${s.name} cease to be ${s.extra}? Resignation, removal or announced departure all count.`,
        resolutionSource: '',
        entities: [s.name],
        markets: dates.map((d, i) => ({
          question: `Will ${s.name} be out as ${s.extra} by ${dayYear(d)}?`,
          description: yesNo(`${s.name} resigns, is removed, or officially announces their departure as ${s.extra} by ${dayYear(d)}, 11:59 PM ET`, 'An announced future departure counts once announced.', 'The resolution source will be a consensus of credible reporting.'),
          end: d, outcomes: YN, label: day(d), prior: clamp(base * (0.4 + (0.6 * (i + 1)) / n), 0.02, 0.9),
        })),
      };
    },
  },
  // ------------------------------------------------ SPORTS
  {
    id: 'game', category: 'SPORTS', resolution: 'independent', markets: [1, 3], days: [2, 6], recurrence: 'daily', endHour: 2, tags: ['Games', 'Basketball', 'Football', 'Hockey', 'Baseball', 'Esports'],
    subject: (rng, names) => league(rng, names, false),
    seriesTitle: (s) => s.short,
    event: ({ rng, n, end, subject: s }) => {
      const [a = 'Home', b = 'Away'] = rng.sample(s.members, 2);
      const [sport = '', spreadText = '1.5'] = s.extra.split('|');
      const unit = sport === 'esports' ? 'maps' : sport === 'hockey' ? 'goals' : sport === 'baseball' ? 'runs' : 'points';
      const gameStart = end - 3 * 3_600_000;
      const pa = rng.range(0.25, 0.75);
      const when = `${dayYear(gameStart)}`;
      const src = `The resolution source will be the official ${s.short} box score.`;
      const postponed = `If the game is postponed, this market remains open until the game is completed. If it is canceled entirely, with no make-up game, this market resolves 50-50.`;
      const markets: MarketText[] = [{
        question: `${a} vs. ${b}`,
        description: `This market refers to the ${s.short} ${sport} game between the ${a} and the ${b} scheduled for ${when}.\n\nIf the ${a} win, the market will resolve to "${a}". If the ${b} win, the market will resolve to "${b}". ${postponed}\n\n${src}`,
        outcomes: [a, b], label: 'Moneyline', prior: pa, sports: true,
      }];
      const spread = Number(spreadText) + (sport === 'basketball' || sport === 'football' ? rng.int(-3, 4) : 0);
      if (n >= 2) markets.push({
        question: `Spread: ${a} (-${spread.toFixed(1)})`,
        description: `This market refers to the ${s.short} game between the ${a} and the ${b} on ${when}. It resolves to "${a}" if the ${a} win by more than ${spread.toFixed(1)} ${unit}, otherwise to "${b}". ${postponed}\n\n${src}`,
        outcomes: [a, b], label: 'Spread', prior: clamp(pa - 0.15, 0.1, 0.9), sports: true,
      });
      const total = Math.floor(s.value + (s.value > 20 ? rng.int(-12, 12) : rng.int(-1, 1))) + 0.5;
      if (n >= 3) markets.push({
        question: `${a} vs. ${b}: O/U ${total.toFixed(1)}`,
        description: `This market resolves to "Over" if the ${a} and the ${b} combine for more than ${total.toFixed(1)} ${unit} in their game on ${when}, including overtime. Otherwise it resolves to "Under". ${postponed}\n\n${src}`,
        outcomes: ['Over', 'Under'], label: 'Total', prior: rng.range(0.4, 0.6), sports: true,
      });
      return {
        title: `${a} vs. ${b}`,
        slug: slugify(`${s.short} ${a.split(' ').pop() ?? a} ${b.split(' ').pop() ?? b} ${isoDay(gameStart)}`),
        description: `${s.name}: the ${a} host the ${b} on ${when}.`,
        resolutionSource: `https://www.${s.short.toLowerCase()}.com/scores`,
        entities: [s.name, a, b],
        markets, gameStart,
      };
    },
  },
  {
    id: 'soccer-game', category: 'SPORTS', resolution: 'negRisk', markets: [3, 3], days: [3, 6], recurrence: 'daily', endHour: 17, tags: ['Games', 'Soccer'],
    subject: (rng, names) => league(rng, names, true),
    seriesTitle: (s) => s.name,
    event: ({ rng, end, subject: s }) => {
      const [a = 'Home', b = 'Away'] = rng.sample(s.members, 2);
      const gameStart = end - 2 * 3_600_000;
      const pa = rng.range(0.25, 0.6);
      const pd = rng.range(0.2, 0.3);
      const when = dayYear(gameStart);
      const rule = 'This market refers only to the outcome within the first 90 minutes of regular play plus stoppage time.';
      const src = `The resolution source will be the official ${s.name} match report.`;
      return {
        title: `${a} vs. ${b}`,
        slug: slugify(`${s.short} ${a} ${b} ${isoDay(gameStart)}`),
        description: `${s.name} match between ${a} and ${b} on ${when}. ${rule}`,
        resolutionSource: `https://www.${slugify(s.name).replace(/-/g, '')}.com/matches`,
        entities: [s.name, a, b], gameStart,
        markets: [
          { question: `Will ${a} win on ${when}?`, description: yesNo(`${a} wins the match against ${b} on ${when}`, rule, src), outcomes: YN, label: a, prior: pa, sports: true },
          { question: `Will ${a} vs. ${b} end in a draw?`, description: yesNo(`the match between ${a} and ${b} on ${when} ends in a draw`, rule, src), outcomes: YN, label: 'Draw', prior: pd, sports: true },
          { question: `Will ${b} win on ${when}?`, description: yesNo(`${b} wins the match against ${a} on ${when}`, rule, src), outcomes: YN, label: b, prior: 1 - pa - pd, sports: true },
        ],
      };
    },
  },
  {
    id: 'championship', category: 'SPORTS', resolution: 'negRisk', markets: [6, 16], days: [60, 220], tags: ['Championships', 'Basketball', 'Football', 'Hockey', 'Baseball', 'Soccer'],
    subject: (rng, names) => rng.pick(names.leagues),
    event: ({ rng, n, end, subject: s }) => {
      const y = year(end);
      const teams = rng.sample(s.members, Math.min(n, s.members.length));
      const p = shares(rng, teams.length, 1);
      return {
        title: `${s.name} Champion ${y}`,
        description: `Who will win the ${y} ${s.name} championship? Each market resolves "Yes" for the team that wins the title, "No" for all others.`,
        resolutionSource: `https://www.${s.short.toLowerCase()}.com`,
        entities: [s.name, ...teams],
        markets: teams.map((t, i) => ({
          question: `Will the ${t} win the ${y} ${s.name} championship?`,
          description: yesNo(`the ${t} win the ${y} ${s.name} championship`, `If the season is canceled or no champion is named by ${dayYear(end + 60 * DAY)}, this market resolves "No".`, `The resolution source will be the ${s.short}.`),
          outcomes: YN, label: t, prior: p[i] ?? 0,
        })),
      };
    },
  },
  {
    id: 'mvp', category: 'SPORTS', resolution: 'negRisk', markets: [5, 10], days: [60, 180], tags: ['Awards', 'Basketball', 'Football'],
    subject: (rng, names) => rng.pick(names.leagues.filter((l) => !l.extra.startsWith('soccer') && !l.extra.startsWith('esports'))),
    event: ({ rng, names, n, end, subject: s }) => {
      const y = year(end);
      const players = names.people(n);
      const p = shares(rng, n, 1.2);
      return {
        title: `${s.short} MVP ${y}`,
        description: `Who will be named Most Valuable Player of the ${y} ${s.name} regular season?`,
        resolutionSource: `https://www.${s.short.toLowerCase()}.com/awards`,
        entities: [s.name, ...players],
        markets: players.map((pl, i) => ({
          question: `Will ${pl} win the ${y} ${s.short} MVP award?`,
          description: yesNo(`${pl} is officially named the ${y} ${s.name} Most Valuable Player`, '', `The resolution source will be the official announcement by the ${s.short}.`),
          outcomes: YN, label: pl, prior: p[i] ?? 0,
        })),
      };
    },
  },
  {
    id: 'fight', category: 'SPORTS', resolution: 'independent', markets: [1, 2], days: [5, 20], endHour: 6, tags: ['MMA', 'Tennis'],
    subject: (rng) => subj(rng.pick(['Apex Fighting Championship', 'World Tennis Tour'])),
    event: ({ rng, names, n, end, subject: s }) => {
      const [a, b] = names.people(2) as [string, string];
      const fight = s.name.startsWith('Apex');
      const gameStart = end - 4 * 3_600_000;
      const pa = rng.range(0.2, 0.8);
      const markets: MarketText[] = [{
        question: `${s.name}: ${a} vs. ${b}`,
        description: `This market resolves to the winner of the ${fight ? 'bout' : 'match'} between ${a} and ${b} scheduled for ${dayYear(gameStart)}. ${fight ? 'A draw or no contest resolves 50-50.' : 'A retirement or walkover counts as a win for the advancing player.'}\n\nThe resolution source will be the official ${s.name} results.`,
        outcomes: [a, b], label: 'Winner', prior: pa, sports: true,
      }];
      if (n >= 2) markets.push({
        question: fight ? `Will ${a} vs. ${b} go the distance?` : `Will ${a} vs. ${b} go to a deciding set?`,
        description: yesNo(fight ? `the bout between ${a} and ${b} ends by judges' decision` : `the match between ${a} and ${b} goes to a deciding set`, '', `The resolution source will be the official ${s.name} results.`),
        outcomes: YN, label: fight ? 'Distance' : 'Deciding set', prior: rng.range(0.3, 0.6), sports: true,
      });
      return { title: `${s.name}: ${a} vs. ${b}`, description: `${a} faces ${b} on ${dayYear(gameStart)}.`, resolutionSource: '', entities: [a, b], markets, gameStart };
    },
  },
  // ------------------------------------------------ CRYPTO
  {
    id: 'price-above', category: 'CRYPTO', resolution: 'ladder', markets: [4, 10], days: [1, 3], recurrence: 'daily', tags: ['Crypto Prices', 'Bitcoin', 'Ethereum', 'Solana'],
    subject: token,
    seriesTitle: (s) => `${s.name} daily price`,
    event: ({ rng, n, end, subject: s }) => {
      const price = priceNear(rng, s.value, 0.12);
      const src = `The resolution source is the ${s.short}/USDT "Close" price of the 1-minute candle for 12:00 PM ET on ${dayYear(end)} on Coinlens (https://coinlens.io/price/${s.short.toLowerCase()}).`;
      return {
        title: `${s.name} above ___ on ${day(end)}?`,
        description: `Where will ${s.name} (${s.short}) trade at 12:00 PM ET on ${dayYear(end)}? One market per price level.`,
        resolutionSource: `https://coinlens.io/price/${s.short.toLowerCase()}`,
        entities: [s.name],
        markets: thresholds(rng, n, price, 0.035).map(({ x, step, prior }) => ({
          question: `Will the price of ${s.name} be above ${usd(x, step)} on ${day(end)}?`,
          description: yesNo(`the ${s.short}/USDT price at 12:00 PM ET on ${dayYear(end)} is higher than ${usd(x, step)}`, '', src),
          outcomes: YN, label: usd(x, step), prior,
        })),
      };
    },
  },
  {
    id: 'price-range', category: 'CRYPTO', resolution: 'negRisk', markets: [6, 10], days: [6, 8], recurrence: 'weekly', tags: ['Crypto Prices', 'Bitcoin', 'Ethereum'],
    subject: token,
    seriesTitle: (s) => `${s.name} weekly price range`,
    event: ({ rng, n, end, subject: s }) => {
      const price = priceNear(rng, s.value, 0.15);
      const step = niceStep((price * 0.12) / (n - 2));
      const lo = Math.round(price / step - (n - 2) / 2) * step;
      const edges = Array.from({ length: n - 1 }, (_, i) => lo + i * step);
      const p = bracketPriors(edges, price, price * 0.06);
      const when = `${day(end)}, 12:00 PM ET`;
      const labels = [`<${usd(lo, step)}`, ...edges.slice(1).map((e) => `${usd(e - step, step)}–${usd(e, step)}`), `>${usd(lo + (n - 2) * step, step)}`];
      const src = `The resolution source is the ${s.short}/USDT close of the 12:00 PM ET 1-minute candle on Coinlens.`;
      return {
        title: `${s.name} price on ${day(end)}?`,
        description: `The ${s.name} price range at ${when}. Exactly one bracket resolves "Yes".`,
        resolutionSource: `https://coinlens.io/price/${s.short.toLowerCase()}`,
        entities: [s.name],
        markets: labels.map((label, i) => ({
          question: i === 0 ? `Will ${s.name} be below ${usd(lo, step)} on ${day(end)}?` : i === labels.length - 1 ? `Will ${s.name} be above ${usd(lo + (n - 2) * step, step)} on ${day(end)}?` : `Will ${s.name} be between ${label.replace('–', ' and ')} on ${day(end)}?`,
          description: yesNo(`the ${s.short}/USDT price at ${when} is in the range ${label}`, 'A price exactly on a boundary belongs to the higher bracket.', src),
          outcomes: YN, label, prior: p[i] ?? 0,
        })),
      };
    },
  },
  {
    id: 'up-down', category: 'CRYPTO', resolution: 'independent', markets: [1, 1], days: [1, 1], recurrence: 'daily', tags: ['Up or Down', 'Bitcoin', 'Ethereum', 'Solana'],
    subject: token,
    seriesTitle: (s) => `${s.name} Up or Down daily`,
    event: ({ end, subject: s }) => {
      const title = `${s.name} Up or Down on ${day(end)}?`;
      return {
        title, description: `Will ${s.name} close ${day(end)} higher than it opened?`,
        resolutionSource: `https://coinlens.io/price/${s.short.toLowerCase()}`,
        entities: [s.name],
        markets: [{
          question: title,
          description: `This market will resolve to "Up" if the ${s.short}/USDT close of the 1-day candle for ${dayYear(end)} (12:00 PM ET to 12:00 PM ET) is greater than or equal to its open. Otherwise, it resolves to "Down".\n\nThe resolution source is Coinlens.`,
          outcomes: ['Up', 'Down'], label: 'Up or Down', prior: 0.5,
        }],
      };
    },
  },
  {
    id: 'crypto-reach', category: 'CRYPTO', resolution: 'ladder', markets: [3, 7], days: [25, 35], recurrence: 'monthly', tags: ['Crypto Prices', 'Bitcoin', 'Ethereum', 'Solana'],
    subject: token,
    seriesTitle: (s) => `What price will ${s.name} hit?`,
    event: ({ rng, n, end, subject: s }) => {
      const price = priceNear(rng, s.value, 0.1);
      const step = niceStep(price * 0.05);
      const first = Math.ceil((price * 1.02) / step) * step;
      return {
        title: `What price will ${s.name} hit in ${month(end)}?`,
        description: `Markets on whether ${s.name} trades at or above each level at any time in ${monthYear(end)}.`,
        resolutionSource: `https://coinlens.io/price/${s.short.toLowerCase()}`,
        entities: [s.name],
        markets: Array.from({ length: n }, (_, i) => {
          const x = first + i * step;
          return {
            question: `Will ${s.name} reach ${usd(x, step)} in ${month(end)}?`,
            description: yesNo(`any 1-minute candle high of ${s.short}/USDT on Coinlens is at or above ${usd(x, step)} between ${day(end - 30 * DAY)} and ${dayYear(end)}, 11:59 PM ET`, '', 'The resolution source is Coinlens.'),
            outcomes: YN, label: `↑ ${usd(x, step)}`, prior: clamp(2 * (1 - cdf(Math.log(x / price) / 0.12)), 0.02, 0.95),
          };
        }),
      };
    },
  },
  {
    id: 'crypto-event', category: 'CRYPTO', resolution: 'independent', markets: [1, 1], days: [30, 200], tags: ['ETFs', 'Token Launches', 'Airdrops'],
    subject: token,
    event: ({ rng, names, end, subject: s }) => {
      const company = rng.pick(names.companies).name;
      const [q, rule, label] = rng.pick<[string, string, string]>([
        [`Will a spot ${s.name} ETF be approved by ${dayYear(end)}?`, `a spot ${s.name} exchange-traded fund receives regulatory approval to list in the United States by ${dayYear(end)}`, 'ETF'],
        [`Will ${company} add ${s.name} to its balance sheet by ${dayYear(end)}?`, `${company} discloses holding ${s.short} as a treasury asset by ${dayYear(end)}`, 'Treasury'],
        [`Will the ${s.name} network upgrade go live by ${dayYear(end)}?`, `the scheduled ${s.name} network upgrade activates on mainnet by ${dayYear(end)}, 11:59 PM UTC`, 'Upgrade'],
        [`Will ${s.name} flip its all-time high by ${dayYear(end)}?`, `${s.short}/USDT trades above its previous all-time high on Coinlens at any time by ${dayYear(end)}`, 'ATH'],
      ]);
      return {
        title: q, description: `A question about ${s.name} (${s.short}). It resolves early if it happens before ${dayYear(end)}.`, resolutionSource: '', entities: [s.name, company],
        markets: [{ question: q, description: yesNo(rule, '', 'The resolution source will be official announcements and a consensus of credible reporting.'), outcomes: YN, label, prior: rng.range(0.1, 0.7) }],
      };
    },
  },
  // ------------------------------------------------ FINANCE
  {
    id: 'stock-close', category: 'FINANCE', resolution: 'ladder', markets: [3, 7], days: [1, 3], recurrence: 'daily', tags: ['Stocks', 'Big Tech'],
    subject: (rng, names) => rng.pick(names.companies),
    seriesTitle: (s) => `${s.name} (${s.short}) daily close`,
    event: ({ rng, n, end, subject: s }) => {
      const price = priceNear(rng, s.value, 0.08);
      const src = `The resolution source is the official closing price of ${s.short} on its listing exchange.`;
      return {
        title: `${s.name} (${s.short}) above ___ on ${day(end)}?`,
        description: `Where will ${s.short} close on ${dayYear(end)}?`,
        resolutionSource: `https://finance.kairos.local/quote/${s.short}`,
        entities: [s.name],
        markets: thresholds(rng, n, price, 0.02).map(({ x, step, prior }) => ({
          question: `Will ${s.name} (${s.short}) close above ${usd(x, step)} on ${day(end)}?`,
          description: yesNo(`the official closing price of ${s.short} on ${dayYear(end)} is above ${usd(x, step)}`, 'If the market is closed that day, the previous close is used.', src),
          outcomes: YN, label: usd(x, step), prior,
        })),
      };
    },
  },
  {
    id: 'earnings', category: 'FINANCE', resolution: 'independent', markets: [1, 3], days: [10, 25], recurrence: 'quarterly', tags: ['Earnings', 'Stocks'],
    subject: (rng, names) => rng.pick(names.companies),
    seriesTitle: (s) => `${s.name} earnings`,
    event: ({ rng, n, end, subject: s }) => {
      const q = `Q${((quarter(end) + 2) % 4) + 1}`;
      const rev = Math.round(rng.lognormal(Math.log(8), 0.8) * 10) / 10;
      const src = `The resolution source is ${poss(s.name)} earnings release.`;
      const all: MarketText[] = [
        { question: `Will ${s.name} beat ${q} EPS estimates?`, description: yesNo(`${s.name} reports ${q} adjusted earnings per share above the consensus estimate published before the release`, '', src), outcomes: YN, label: 'EPS beat', prior: rng.range(0.55, 0.8) },
        { question: `Will ${s.name} report ${q} revenue above $${rev}B?`, description: yesNo(`${s.name} reports total ${q} revenue above $${rev} billion`, '', src), outcomes: YN, label: `Revenue > $${rev}B`, prior: rng.range(0.3, 0.7) },
        { question: `Will ${s.name} raise full-year guidance?`, description: yesNo(`${s.name} raises its full-year revenue or earnings guidance in its ${q} release`, '', src), outcomes: YN, label: 'Guidance raise', prior: rng.range(0.2, 0.5) },
      ];
      return { title: `${s.name} ${q} earnings`, description: `${s.name} (${s.short}) reports ${q} results on ${dayYear(end)}.`, resolutionSource: '', entities: [s.name], markets: all.slice(0, n) };
    },
  },
  {
    id: 'ipo', category: 'FINANCE', resolution: 'ladder', markets: [2, 4], days: [60, 240], tags: ['IPOs'],
    subject: (rng) => subj(`${rng.pick(COMPANY_A)} ${rng.pick(['AI', 'Pay', 'Space', 'Bio', 'Cloud', 'Mobility'])}`),
    event: ({ rng, names, n, start, end, subject: s }) => {
      const base = rng.range(0.2, 0.7);
      const dates = deadlines(start, end, n);
      const ceo = names.person();
      return {
        title: `${s.name} IPO by ...?`,
        description: `Will ${s.name}, led by ${ceo}, list its shares on a public exchange? Direct listings count; SPAC mergers do not.`,
        resolutionSource: '', entities: [s.name, ceo],
        markets: dates.map((d, i) => ({
          question: `Will ${s.name} IPO by ${dayYear(d)}?`,
          description: yesNo(`${poss(s.name)} shares begin trading on a major stock exchange by ${dayYear(d)}, 11:59 PM ET`, '', 'The resolution source will be the exchange listing.'),
          end: d, outcomes: YN, label: day(d), prior: clamp(base * (0.4 + (0.6 * (i + 1)) / n), 0.03, 0.95),
        })),
      };
    },
  },
  {
    id: 'merger', category: 'FINANCE', resolution: 'independent', markets: [1, 1], days: [30, 180], tags: ['Mergers', 'Stocks'],
    subject: (rng, names) => rng.pick(names.companies),
    event: ({ rng, names, end, subject: s }) => {
      const target = rng.pick(names.companies.filter((c) => c !== s)).name;
      const q = `Will ${poss(s.name)} acquisition of ${target} close by ${dayYear(end)}?`;
      return {
        title: q, description: `${s.name} agreed to buy ${target}; the deal awaits regulatory approval.`, resolutionSource: '', entities: [s.name, target],
        markets: [{ question: q, description: yesNo(`the acquisition of ${target} by ${s.name} is completed by ${dayYear(end)}`, 'A blocked or abandoned deal resolves "No".', 'The resolution source will be official company statements.'), outcomes: YN, label: 'Closes', prior: rng.range(0.3, 0.8) }],
      };
    },
  },
  // ------------------------------------------------ ECONOMICS
  {
    id: 'rates', category: 'ECONOMICS', resolution: 'negRisk', markets: [4, 4], days: [35, 50], recurrence: 'monthly', tags: ['Fed', 'Fed Rates', 'Central Banks'],
    subject: (rng) => {
      const [short, full, url] = rng.pick(CENTRAL_BANKS);
      return subj(short, short, [], 0, `${full}|${url}`);
    },
    seriesTitle: (s) => `${s.name} decisions`,
    event: ({ rng, end, subject: s }) => {
      const [full = s.name, url = ''] = s.extra.split('|');
      const m = monthYear(end);
      const p = shares(rng, 4, 1.3);
      const moves: Array<[string, string, string]> = [
        ['50+ bps cut', `decrease interest rates by 50+ bps`, `a cut of 50 basis points or more`],
        ['25 bps cut', `decrease interest rates by 25 bps`, `a cut of exactly 25 basis points`],
        ['No change', `make no change to interest rates`, `no change`],
        ['25+ bps hike', `increase interest rates by 25+ bps`, `an increase of 25 basis points or more`],
      ];
      return {
        title: `${s.name} decision in ${month(end)}?`,
        description: `The outcome of ${full}'s ${m} policy meeting, scheduled to conclude on ${dayYear(end - DAY)}. Exactly one market resolves "Yes".`,
        resolutionSource: url,
        entities: [full.replace(/^the /, '')],
        markets: moves.map(([label, verb, rule], i) => ({
          question: label === 'No change' ? `Will there be no change in ${s.name} interest rates after the ${m} meeting?` : `Will the ${s.name} ${verb} after the ${m} meeting?`,
          description: yesNo(`${full} announces ${rule} to its policy rate at its ${m} meeting`, 'If the meeting is moved, the next scheduled meeting counts.', `The resolution source will be the statement published by ${full}.`),
          outcomes: YN, label, prior: p[i] ?? 0,
        })),
      };
    },
  },
  {
    id: 'cpi', category: 'ECONOMICS', resolution: 'negRisk', markets: [5, 8], days: [25, 35], recurrence: 'monthly', tags: ['Inflation'],
    subject: (rng) => subj('US', 'US', [], rng.range(2.2, 3.4)),
    seriesTitle: () => 'US inflation (CPI)',
    event: ({ rng, n, end, subject: s }) => {
      const ref = month(end - 40 * DAY);
      const mean = Math.round((s.value + rng.normal() * 0.2) * 10) / 10;
      const lo = Math.round((mean - ((n - 2) / 2) * 0.1) * 10) / 10;
      const edges = Array.from({ length: n - 1 }, (_, i) => Math.round((lo + i * 0.1 - 0.05) * 100) / 100);
      const p = bracketPriors(edges, mean, 0.12);
      const labels = [`≤${(lo - 0.1).toFixed(1)}%`, ...Array.from({ length: n - 2 }, (_, i) => `${(lo + i * 0.1).toFixed(1)}%`), `≥${(lo + (n - 2) * 0.1).toFixed(1)}%`];
      return {
        title: `${ref} inflation US - annual?`,
        description: `The year-over-year change in the US Consumer Price Index for ${ref}, released by the Bureau of Labor Statistics on ${dayYear(end)}.`,
        resolutionSource: 'https://www.bls.gov/cpi/',
        entities: ['CPI'],
        markets: labels.map((label, i) => ({
          question: `Will annual inflation be ${label.replace('≤', 'at most ').replace('≥', 'at least ')} in ${ref}?`,
          description: yesNo(`the CPI-U 12-month change for ${ref}, rounded to one decimal as first published by the BLS, is ${label}`, 'Later revisions are ignored.', 'The resolution source is https://www.bls.gov/cpi/.'),
          outcomes: YN, label, prior: p[i] ?? 0,
        })),
      };
    },
  },
  {
    id: 'jobs', category: 'ECONOMICS', resolution: 'ladder', markets: [3, 6], days: [25, 35], recurrence: 'monthly', tags: ['Jobs Report'],
    subject: () => subj('Nonfarm payrolls', 'NFP'),
    seriesTitle: () => 'US jobs report',
    event: ({ rng, n, end }) => {
      const ref = month(end - 35 * DAY);
      const mean = rng.range(60, 240);
      return {
        title: `How many jobs added in ${ref}?`,
        description: `The change in total nonfarm payrolls for ${ref}, as first published in the BLS Employment Situation report on ${dayYear(end)}.`,
        resolutionSource: 'https://www.bls.gov/ces/',
        entities: ['jobs report'],
        markets: Array.from({ length: n }, (_, i) => {
          const x = Math.round((mean - (n / 2) * 40 + i * 40) / 25) * 25;
          return {
            question: `Will the ${ref} jobs report show more than ${x}K jobs added?`,
            description: yesNo(`the first published ${ref} change in total nonfarm payrolls is greater than ${x},000`, '', 'The resolution source is https://www.bls.gov/ces/.'),
            outcomes: YN, label: `>${x}K`, prior: clamp(1 - cdf((x - mean) / 60), 0.02, 0.98),
          };
        }),
      };
    },
  },
  {
    id: 'recession', category: 'ECONOMICS', resolution: 'independent', markets: [1, 2], days: [90, 300], tags: ['Recession', 'GDP'],
    subject: (rng) => subj(rng.pick(['US', 'UK', 'Eurozone', 'Japan', 'Canada'])),
    event: ({ rng, n, end, subject: s }) => {
      const y = year(end);
      const markets: MarketText[] = [{
        question: `Will the ${s.name} enter a recession in ${y}?`,
        description: yesNo(`the ${s.name} economy records two consecutive quarters of negative real GDP growth with both quarters ending in ${y}, or a recession starting in ${y} is officially declared`, '', 'The resolution source will be official national statistics.'),
        outcomes: YN, label: 'Recession', prior: rng.range(0.08, 0.4),
      }];
      if (n >= 2) markets.push({
        question: `Will ${s.name} GDP growth exceed 2% in Q${quarter(end)} ${y}?`,
        description: yesNo(`the first estimate of ${s.name} annualized real GDP growth for Q${quarter(end)} ${y} is above 2.0%`, '', 'The resolution source will be the official first estimate.'),
        outcomes: YN, label: 'GDP > 2%', prior: rng.range(0.3, 0.6),
      });
      return { title: `${s.name} recession in ${y}?`, description: `Markets on the ${s.name} economy in ${y}.`, resolutionSource: '', entities: [s.name], markets };
    },
  },
  // ------------------------------------------------ CULTURE
  {
    id: 'awards', category: 'CULTURE', resolution: 'negRisk', markets: [5, 10], days: [40, 120], tags: ['Awards', 'Movies', 'Music'],
    subject: (rng) => {
      const [show, award] = rng.pick(AWARDS);
      return subj(show, award);
    },
    event: ({ rng, names, n, end, subject: s }) => {
      const y = year(end);
      const music = s.name === 'Grammys';
      const nominees = Array.from({ length: n }, () => (s.short === 'Best Director' ? names.person() : music ? `${names.title()} – ${names.artist()}` : names.title()));
      const uniq = [...new Set(nominees)];
      const p = shares(rng, uniq.length, 0.9);
      return {
        title: `${s.name} ${y}: ${s.short} winner?`,
        description: `Who or what will win ${s.short} at the ${y} ${s.name}, scheduled for ${dayYear(end - DAY)}?`,
        resolutionSource: '',
        entities: [s.name, ...uniq],
        markets: uniq.map((nom, i) => ({
          question: `Will ${s.short === 'Best Director' ? nom : `"${nom}"`} win ${s.short} at the ${y} ${s.name}?`,
          description: yesNo(`${nom} wins ${s.short} at the ${y} ${s.name}`, 'A tie counts as a win for each winner.', 'The resolution source will be the official ceremony broadcast.'),
          outcomes: YN, label: nom, prior: p[i] ?? 0,
        })),
      };
    },
  },
  {
    id: 'box-office', category: 'CULTURE', resolution: 'ladder', markets: [3, 6], days: [10, 30], tags: ['Movies', 'Box Office'],
    subject: (_rng, names) => subj(names.title()),
    event: ({ rng, n, end, subject: s }) => {
      const mean = rng.lognormal(Math.log(70), 0.6);
      const step = niceStep(mean * 0.25);
      const first = Math.max(step, Math.round((mean - step * (n / 2)) / step) * step);
      return {
        title: `"${s.name}" opening weekend box office?`,
        description: `Domestic opening weekend (Friday to Sunday) gross of "${s.name}", released ${dayYear(end - 3 * DAY)}.`,
        resolutionSource: 'https://boxofficetally.com',
        entities: [s.name],
        markets: Array.from({ length: n }, (_, i) => {
          const x = first + i * step;
          return {
            question: `Will "${s.name}" gross more than $${x}M on its opening weekend?`,
            description: yesNo(`"${s.name}" earns more than $${x} million domestically over its opening Friday–Sunday, per the first weekend actuals`, '', 'The resolution source will be Box Office Tally.'),
            outcomes: YN, label: `>$${x}M`, prior: clamp(1 - cdf(Math.log(x / mean) / 0.3), 0.02, 0.98),
          };
        }),
      };
    },
  },
  {
    id: 'chart', category: 'CULTURE', resolution: 'negRisk', markets: [4, 8], days: [6, 8], recurrence: 'weekly', tags: ['Music'],
    subject: () => subj('Global Top 50'),
    seriesTitle: () => '#1 song on the Global Top 50',
    event: ({ rng, names, n, end }) => {
      const songs = Array.from({ length: n }, () => `${names.title()}`);
      const artists = songs.map(() => names.artist());
      const p = shares(rng, n, 1);
      return {
        title: `#1 song on the Global Top 50 on ${day(end)}?`,
        description: `Which song will top the Global Top 50 streaming chart published on ${dayYear(end)}?`,
        resolutionSource: 'https://charts.kairos.local/global-top-50',
        entities: artists,
        markets: songs.map((song, i) => ({
          question: `Will "${song}" by ${artists[i]} be #1 on the Global Top 50 on ${day(end)}?`,
          description: yesNo(`"${song}" by ${artists[i]} is #1 on the Global Top 50 chart published on ${dayYear(end)}`, '', 'The resolution source is the published chart.'),
          outcomes: YN, label: song, prior: p[i] ?? 0,
        })),
      };
    },
  },
  {
    id: 'celebrity', category: 'CULTURE', resolution: 'independent', markets: [1, 1], days: [20, 150], tags: ['Celebrities', 'Music', 'TV'],
    subject: (_rng, names) => subj(names.person()),
    event: ({ rng, names, end, subject: s }) => {
      const other = names.person();
      const [q, rule] = rng.pick<[string, string]>([
        [`Will ${s.name} release a new album before ${dayYear(end)}?`, `${s.name} releases a new studio album on major streaming platforms before ${dayYear(end)}`],
        [`Will ${s.name} announce a world tour by ${dayYear(end)}?`, `${s.name} officially announces a world tour by ${dayYear(end)}`],
        [`Will ${s.name} and ${other} announce their engagement by ${dayYear(end)}?`, `${s.name} and ${other} publicly confirm their engagement by ${dayYear(end)}`],
        [`Will ${s.name} host the season premiere of "Late Night Live"?`, `${s.name} is the host of the "Late Night Live" season premiere airing before ${dayYear(end)}`],
        [`Will ${s.name} headline the ${rng.pick(WORDS_N)} Festival?`, `${s.name} is announced as a headliner of the ${year(end)} festival lineup by ${dayYear(end)}`],
      ]);
      return {
        title: q, description: `${s.name} has been hinting at what comes next; this market resolves on official confirmation only.`, resolutionSource: '', entities: [s.name],
        markets: [{ question: q, description: yesNo(rule, '', 'The resolution source will be official announcements and credible reporting.'), outcomes: YN, label: s.name, prior: rng.range(0.1, 0.6) }],
      };
    },
  },
  // ------------------------------------------------ MENTIONS
  {
    id: 'mentions', category: 'MENTIONS', resolution: 'independent', markets: [4, 10], days: [3, 8], recurrence: 'weekly', tags: ['Mentions', 'Speeches', 'Press Conferences', 'Earnings Calls'],
    subject: (rng, names) => {
      const who = names.person();
      const company = rng.pick(names.companies).name;
      return rng.pick([subj(who, 'CEO', [], 0, `the ${company} earnings call`), subj(`Governor ${who}`, 'Governor', [], 0, 'the weekly press briefing'), subj(who, 'Host', [], 0, `the "${rng.pick(WORDS_A)} ${rng.pick(WORDS_N)}" podcast`)]);
    },
    seriesTitle: (s) => `What will ${s.name} say?`,
    event: ({ rng, n, end, subject: s }) => {
      const words = rng.sample(MENTION_WORDS, n);
      const occasion = `${s.extra} on ${day(end)}`;
      return {
        title: `What will ${s.name} say during ${occasion}?`,
        description: `Markets on words spoken by ${s.name} during ${occasion}. Plural and possessive forms count; other forms do not.`,
        resolutionSource: '',
        entities: [s.name],
        markets: words.map((w) => ({
          question: `Will ${s.name} say "${w}" during ${occasion}?`,
          description: yesNo(`${s.name} says "${w}" at any point during ${occasion}`, 'Words said by other speakers do not count. If the event does not take place by its scheduled date, this market resolves "No".', 'The resolution source will be the video or official transcript of the event.'),
          outcomes: YN, label: w, prior: rng.range(0.15, 0.9),
        })),
      };
    },
  },
  // ------------------------------------------------ WEATHER
  {
    id: 'high-temp', category: 'WEATHER', resolution: 'negRisk', markets: [6, 9], days: [2, 3], recurrence: 'daily', tags: ['Temperature'],
    subject: city,
    seriesTitle: (s) => `Highest temperature in ${s.name} daily`,
    event: ({ rng, n, end, subject: s }) => {
      const doy = (end / DAY) % 365.25;
      const clim = s.value - Number(s.extra) * Math.cos(((doy - 15) / 365.25) * 2 * Math.PI);
      const mean = clim + rng.normal() * 5;
      const lo = Math.round(mean) - (n - 2);
      const edges = Array.from({ length: n - 1 }, (_, i) => lo + 2 * i - 0.5);
      const p = bracketPriors(edges, mean, 2.2);
      const labels = [`${lo - 1}°F or below`, ...Array.from({ length: n - 2 }, (_, i) => `${lo + 2 * i}-${lo + 2 * i + 1}°F`), `${lo + 2 * (n - 2)}°F or higher`];
      const src = `https://www.weather.gov/wrh/climate?wfo=${s.short}`;
      return {
        title: `Highest temperature in ${s.name} on ${day(end)}?`,
        description: `The highest temperature recorded at the main ${s.name} station on ${dayYear(end)}, in whole degrees Fahrenheit.`,
        resolutionSource: src,
        entities: [s.name],
        markets: labels.map((label, i) => ({
          question: `Will the highest temperature in ${s.name} be ${i === 0 || i === labels.length - 1 ? label : `between ${label}`} on ${day(end)}?`,
          description: yesNo(`the highest temperature recorded at the main ${s.name} station on ${dayYear(end)} is ${label}`, 'Revisions published after the data is finalized are not considered.', `The resolution source is ${src}.`),
          outcomes: YN, label, prior: p[i] ?? 0,
        })),
      };
    },
  },
  {
    id: 'precip', category: 'WEATHER', resolution: 'ladder', markets: [3, 5], days: [28, 32], recurrence: 'monthly', tags: ['Precipitation'],
    subject: city,
    seriesTitle: (s) => `${s.name} monthly precipitation`,
    event: ({ rng, n, end, subject: s }) => {
      const m = monthYear(end - 2 * DAY);
      const mean = rng.range(1.2, 4.5);
      return {
        title: `Precipitation in ${s.name} in ${m}?`,
        description: `Total precipitation recorded at the main ${s.name} station during ${m}.`,
        resolutionSource: `https://www.weather.gov/wrh/climate?wfo=${s.short}`,
        entities: [s.name],
        markets: Array.from({ length: n }, (_, i) => {
          const x = Math.round((mean * (0.5 + i * 0.4)) * 2) / 2;
          return {
            question: `Will ${s.name} get more than ${x.toFixed(1)} inches of precipitation in ${m}?`,
            description: yesNo(`the total precipitation for ${m} at the main ${s.name} station is more than ${x.toFixed(1)} inches`, '', 'The resolution source is the monthly climate summary.'),
            outcomes: YN, label: `>${x.toFixed(1)} in`, prior: clamp(1 - cdf(Math.log(x / mean) / 0.45), 0.02, 0.98),
          };
        }),
      };
    },
  },
  {
    id: 'hurricane', category: 'WEATHER', resolution: 'ladder', markets: [3, 6], days: [120, 240], tags: ['Hurricanes', 'Climate'],
    subject: () => subj('Atlantic hurricane season'),
    event: ({ rng, n, end }) => {
      const y = year(end);
      const mean = rng.range(12, 20);
      return {
        title: `How many named storms in the ${y} Atlantic hurricane season?`,
        description: `The number of named storms in the ${y} Atlantic hurricane season (June 1 – November 30), as counted by the National Hurricane Center.`,
        resolutionSource: 'https://www.nhc.noaa.gov',
        entities: ['hurricane season'],
        markets: Array.from({ length: n }, (_, i) => {
          const x = Math.round(mean - n + 2 * i);
          return {
            question: `Will there be at least ${x} named storms in the ${y} Atlantic season?`,
            description: yesNo(`the National Hurricane Center names at least ${x} Atlantic storms with formation dates in ${y}`, '', 'The resolution source is https://www.nhc.noaa.gov.'),
            outcomes: YN, label: `${x}+`, prior: clamp(1 - cdf((x - 0.5 - mean) / 3), 0.02, 0.98),
          };
        }),
      };
    },
  },
  // ------------------------------------------------ TECH
  {
    id: 'ai-model', category: 'TECH', resolution: 'negRisk', markets: [4, 8], days: [25, 35], recurrence: 'monthly', tags: ['AI'],
    subject: () => subj('AI leaderboard'),
    seriesTitle: () => 'Which company has the best AI model?',
    event: ({ rng, n, end }) => {
      const labs = rng.sample(LABS, n);
      const p = shares(rng, n, 1.1);
      return {
        title: `Which company has the best AI model end of ${month(end)}?`,
        description: `The company whose model ranks first on the Arena text leaderboard at 12:00 PM ET on ${dayYear(end)}.`,
        resolutionSource: 'https://arena.kairos.local/leaderboard',
        entities: labs,
        markets: labs.map((lab, i) => ({
          question: `Will ${lab} have the best AI model at the end of ${month(end)}?`,
          description: yesNo(`a model from ${lab} is ranked #1 on the Arena text leaderboard (style control on) at 12:00 PM ET on ${dayYear(end)}`, 'Ties are broken alphabetically by model name.', 'The resolution source is the Arena leaderboard.'),
          outcomes: YN, label: lab, prior: p[i] ?? 0,
        })),
      };
    },
  },
  {
    id: 'release', category: 'TECH', resolution: 'ladder', markets: [2, 4], days: [40, 180], tags: ['AI', 'Product Launches'],
    subject: (rng) => {
      const lab = rng.pick(LABS);
      return subj(lab, `${lab.split(' ')[0] ?? lab}-${rng.int(3, 7)}`);
    },
    event: ({ rng, n, start, end, subject: s }) => {
      const base = rng.range(0.3, 0.85);
      const dates = deadlines(start, end, n);
      return {
        title: `${s.short} released by ...?`,
        description: `Will ${s.name} make ${s.short} generally available? Previews and waitlists do not count.`,
        resolutionSource: '', entities: [s.name, s.short],
        markets: dates.map((d, i) => ({
          question: `Will ${s.name} release ${s.short} by ${dayYear(d)}?`,
          description: yesNo(`${s.name} releases a model named ${s.short} for general public use by ${dayYear(d)}, 11:59 PM ET`, '', 'The resolution source will be official announcements from the company.'),
          end: d, outcomes: YN, label: day(d), prior: clamp(base * (0.3 + (0.7 * (i + 1)) / n), 0.03, 0.95),
        })),
      };
    },
  },
  {
    id: 'app-rank', category: 'TECH', resolution: 'negRisk', markets: [4, 7], days: [6, 8], recurrence: 'weekly', tags: ['App Store'],
    subject: () => subj('App Store'),
    seriesTitle: () => '#1 free app in the App Store',
    event: ({ rng, n, end }) => {
      const apps = rng.sample(APPS, n);
      const p = shares(rng, n, 1.2);
      return {
        title: `#1 free app in the App Store on ${day(end)}?`,
        description: `Which app will rank #1 among free iPhone apps in the US App Store at 12:00 PM ET on ${dayYear(end)}?`,
        resolutionSource: 'https://apps.apple.com/us/charts/iphone',
        entities: apps,
        markets: apps.map((app, i) => ({
          question: `Will ${app} be the #1 free app in the App Store on ${day(end)}?`,
          description: yesNo(`${app} is #1 on the US Top Free iPhone Apps chart at 12:00 PM ET on ${dayYear(end)}`, '', 'The resolution source is the App Store chart.'),
          outcomes: YN, label: app, prior: p[i] ?? 0,
        })),
      };
    },
  },
  {
    id: 'gadget', category: 'TECH', resolution: 'independent', markets: [1, 2], days: [20, 120], tags: ['Product Launches', 'Gadgets', 'Space'],
    subject: (rng, names) => rng.pick(names.companies),
    event: ({ rng, n, end, subject: s }) => {
      const all: MarketText[] = [
        { question: `Will ${s.name} announce a foldable phone by ${dayYear(end)}?`, description: yesNo(`${s.name} officially announces a foldable smartphone by ${dayYear(end)}`, '', 'The resolution source will be official announcements.'), outcomes: YN, label: 'Foldable', prior: rng.range(0.1, 0.6) },
        { question: `Will ${s.name} launch its satellite internet service by ${dayYear(end)}?`, description: yesNo(`${s.name} opens its satellite internet service to paying customers by ${dayYear(end)}`, '', 'The resolution source will be official announcements.'), outcomes: YN, label: 'Satellite', prior: rng.range(0.1, 0.5) },
        { question: `Will ${s.name} ship its AR glasses before ${dayYear(end)}?`, description: yesNo(`${s.name} begins customer deliveries of its AR glasses before ${dayYear(end)}`, '', 'The resolution source will be official announcements.'), outcomes: YN, label: 'AR glasses', prior: rng.range(0.1, 0.6) },
      ];
      const picked = rng.sample(all, n);
      return { title: picked[0]?.question ?? s.name, description: `${s.name} product launches in ${year(end)}.`, resolutionSource: '', entities: [s.name], markets: picked };
    },
  },
];

// ---------------------------------------------------------------- tags

/** Category tags first (they carry the leaderboard category), then sub-tags per category. */
export const TAG_TREE: ReadonlyArray<[string, Category, readonly string[]]> = [
  ['Politics', 'POLITICS', ['Elections', 'Global Elections', 'US Politics', 'Approval Ratings', 'Congress', 'Geopolitics', 'Governors']],
  ['Sports', 'SPORTS', ['Basketball', 'Football', 'Soccer', 'Games', 'Hockey', 'Baseball', 'Championships', 'Tennis', 'MMA', 'Esports']],
  ['Crypto', 'CRYPTO', ['Bitcoin', 'Crypto Prices', 'Ethereum', 'Up or Down', 'Solana', 'ETFs', 'Token Launches', 'Airdrops']],
  ['Finance', 'FINANCE', ['Stocks', 'Earnings', 'IPOs', 'Big Tech', 'Mergers']],
  ['Economy', 'ECONOMICS', ['Fed', 'Inflation', 'Fed Rates', 'Jobs Report', 'Central Banks', 'Recession', 'GDP']],
  ['Culture', 'CULTURE', ['Movies', 'Music', 'Awards', 'Box Office', 'Celebrities', 'TV']],
  ['Mentions', 'MENTIONS', ['Speeches', 'Earnings Calls', 'Press Conferences']],
  ['Weather', 'WEATHER', ['Temperature', 'Hurricanes', 'Precipitation', 'Climate']],
  ['Tech', 'TECH', ['AI', 'App Store', 'Product Launches', 'Gadgets', 'Space']],
];
export const GENERIC_TAGS = ['Trending', 'Recurring', 'Daily', 'Weekly', 'Monthly', 'Breaking News', 'New', 'Hide From New'];

// ---------------------------------------------------------------- people and talk

const PSEUDO_ADJ = list(`Adored|Brisk|Candid|Dapper|Earnest|Fickle|Gleeful|Hushed|Idle|Jaunty|Keen|Lavish|Mellow|Nimble|Opulent|Prickly|Quaint|Rustic|Somber|Tidy|Upbeat|Vivid|Wary|Zesty|Amber|Bitter|Cosmic|Dusky|Elated|Frosty|Giddy|Hollow|Icy|Jovial|Lucky|Muted|Noble|Oblique|Pensive|Rapid|Shrewd|Tender|Unruly|Vast|Wistful|Zealous|Arid|Bold|Crisp|Dim`);
const PSEUDO_NOUN = list(`Disparity|Heron|Quorum|Lantern|Meadow|Paradox|Ember|Vertex|Cipher|Tundra|Oracle|Harbor|Pebble|Falcon|Marble|Thicket|Ledger|Comet|Sparrow|Quill|Ripple|Summit|Orchid|Anvil|Bramble|Canyon|Delta|Fable|Gazette|Hinge|Inkwell|Juniper|Kettle|Lagoon|Mosaic|Nebula|Outpost|Prism|Relic|Sonnet|Trellis|Umbra|Vortex|Willow|Zenith|Beacon|Cobble|Dynamo|Eclipse|Fjord`);
const HANDLE_WORDS = list(`bayes|edge|tail|alpha|degen|whale|fade|hedge|macro|quant|delta|spread|oracle|longshot|value|kelly|carry|gamma|drift|sharp|vol|tape|fair|odds|prior`);

export function pseudonym(rng: Rng): string {
  return `${rng.pick(PSEUDO_ADJ)}-${rng.pick(PSEUDO_NOUN)}`;
}

export function username(rng: Rng, names: Names): string {
  const w = rng.pick(HANDLE_WORDS);
  const first = (names.person().split(' ')[0] ?? 'anon').toLowerCase();
  switch (rng.int(0, 6)) {
    case 0: return `${w}${rng.pick(HANDLE_WORDS)}`;
    case 1: return `${first}${rng.int(1, 99)}`;
    case 2: return `0x${w}`;
    case 3: return `${first}_${w}`;
    case 4: return `${w.charAt(0).toUpperCase()}${w.slice(1)}${rng.pick(PSEUDO_NOUN)}`;
    case 5: return `the${w}${rng.pick(['guy', 'lord', 'king', 'desk', 'fund', 'bot'])}`;
    default: return `${first}${rng.pick(['trades', 'bets', 'calls', 'capital', 'research'])}`;
  }
}

const BIO_A = list(`Quant by day, degenerate by night.|Former sports bettor, now trading elections.|Macro, rates and the occasional weather market.|Buying what the crowd is too scared to.|Market maker. Tight spreads, no opinions.|Political science PhD dropout.|I fade the consensus.|Long volatility, short narratives.|Data nerd. Mostly weather and economics.|Retired actuary with opinions.|Crypto since 2017.|Just here for the longshots.|Calibrated, not certain.|Building models, losing money, learning.|Poker player turned forecaster.`);
const BIO_B = list(`DMs open.|Not financial advice.|Positions are public, feelings are private.|Sharing my forecasts weekly.|Brier score or it didn't happen.|Ex-trader.|Based in Lisbon.|Based in Chicago.|Superforecaster wannabe.|Opinions my own.`);

export function bio(rng: Rng): string {
  return rng.chance(0.5) ? rng.pick(BIO_A) : `${rng.pick(BIO_A)} ${rng.pick(BIO_B)}`;
}

const OPENERS = list(`Honestly,|Calling it now:|Not financial advice, but|Hot take:|Unpopular opinion:|Look,|IMO|Reminder:|Fwiw,`);
const TAKES = [
  '{s} is massively underpriced here.', 'no way {s} gets there, this is free money on No.', 'the market is sleeping on {s}.', '{s} at these odds is the best value on the board.',
  'everyone piling into {s} is going to get burned.', 'the fundamentals say {s}, the vibes say otherwise.', 'I have {s} closer to 70%.', '{s} was overbought last week and still is.',
  'the smart money has been quietly buying {s}.', 'this one resolves on a technicality, read the rules.', 'volume on {s} looks like one whale.', 'the spread here is way too wide for how liquid this is.',
  '{s} is the obvious answer and the obvious answer is usually right.', 'priced like a coin flip but it is not one.', 'this should be trading in the 80s.', 'I sold my {s} position, too much risk into the weekend.',
];
const QUESTIONS = [
  'What source does this resolve on exactly?', 'Does anyone have a model for {s}?', 'Why did {s} just jump 10 points?', 'Is there any news on {s} or is this just noise?',
  'How is {s} this low?', 'Who is buying all the No here?', 'Does a delay count as No?', 'When do these usually resolve after the end date?', 'Anyone else think the rules are ambiguous?',
];
const CLOSERS = ['', '', '', ' Loading up.', ' Easy money.', ' Change my mind.', ' We will see.', ' Bookmark this.', ' GL all.', ' Holding to resolution.'];
const REPLIES = [
  'Agreed, {s} is the play.', 'Source?', 'This aged well.', 'Hard disagree, the polling says otherwise.', "You're early, not wrong.", 'Rules are clear, read them again.',
  'Same, doubled my position.', 'This is the way.', 'Cope.', 'Good point, hadn’t thought about that.', 'It moved because of the news this morning.', 'The resolution source updates at noon ET.',
  'You are underestimating {s}.', 'Thanks, that is helpful.', 'Lol, we will see at resolution.', 'Already priced in.', 'Bought more on the dip.', 'Respectfully, no.',
];

/** A top-level comment about `subject`. */
export function commentBody(rng: Rng, subject: string): string {
  if (rng.chance(0.25)) return rng.pick(QUESTIONS).replaceAll('{s}', subject);
  const take = rng.pick(TAKES).replaceAll('{s}', subject);
  const text = rng.chance(0.45) ? `${rng.pick(OPENERS)} ${take}` : take.charAt(0).toUpperCase() + take.slice(1);
  return `${text}${rng.pick(CLOSERS)}`;
}

/** A reply to a comment by `parentName` about `subject`. */
export function replyBody(rng: Rng, subject: string, parentName: string): string {
  const reply = rng.pick(REPLIES).replaceAll('{s}', subject);
  return rng.chance(0.3) ? `@${parentName} ${reply}` : reply;
}
