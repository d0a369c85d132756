// Every speed figure in one run, each beside its target: the launch (cold and warm), the first
// row on reload at `default` and `large`, local search, the app's memory and idle CPU, and how
// much a watched market moves per minute with the venue's CPU meanwhile. Runs the launch,
// renderer, footprint and liveliness benches one after the other (each starts its own app), then
// prints one table and, on its last line, one JSON object.
// Usage: npm run bench -- speed [--runs 3] [--seconds 60] [--renderer-sizes default,large] [--footprint-large]
//                               [--skip launch,renderer,footprint,liveliness] [--bench-minutes 20]
// Needs the built app (npm run build) and Chromium at /usr/bin/chromium or CHROMIUM_PATH. Takes
// ~10 min on 2 cores (add ~5 with --footprint-large). Measure on a quiet machine: the figures
// are wall times and CPU shares, which other work on the machine moves.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { liveliness, TARGETS, type Liveliness } from './liveliness.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '60' },
    'renderer-sizes': { type: 'string', default: 'default,large' },
    'footprint-large': { type: 'boolean', default: false },
    skip: { type: 'string', default: '' },
    // A bench whose app never comes up (a venue that cannot start) would otherwise wait for it.
    'bench-minutes': { type: 'string', default: '20' },
  },
});
const skip = new Set(values.skip.split(',').filter(Boolean));
const seconds = Number(values.seconds);

type Json = Record<string, unknown>;

/** Runs bench/<name>.ts, echoing its lines; resolves with the JSON object on its last line. */
function bench(name: string, args: string[]): Promise<Json | undefined> {
  const label = [name, ...args.filter((a) => !a.startsWith('--'))].join(' ');
  console.log(`\n== ${name} ${args.join(' ')}`);
  // Its own process group, so a bench out of time is stopped with the app and browser it started.
  const child = spawn('npx', ['tsx', `bench/${name}.ts`, ...args], { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  const limit = Number(values['bench-minutes']) * 60_000;
  const timer = setTimeout(() => {
    console.log(`[${label}] still running after ${values['bench-minutes']} min: stopped`);
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
  }, limit);
  let last = '';
  createInterface({ input: child.stdout }).on('line', (line) => {
    console.log(`[${label}] ${line}`);
    if (line.trim()) last = line;
  });
  return new Promise((done) => {
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) console.log(`[${label}] exited with ${code}: its figures are left out`);
      try {
        done(code === 0 ? (JSON.parse(last) as Json) : undefined);
      } catch {
        done(undefined);
      }
    });
  });
}

interface Row {
  figure: string;
  /** undefined: not measured in this run (the reason goes in `note`). */
  value: number | undefined;
  unit: 'ms' | 'MB' | '%' | '/min';
  /** The figure must stay below `max` or reach `min`. */
  max?: number;
  min?: number;
  note?: string;
}

const rows: Row[] = [];
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const at = (o: Json | undefined, ...path: string[]): number | undefined => num(path.reduce<unknown>((x, k) => (x as Json | undefined)?.[k], o));
const absent = (why: string) => ({ value: undefined, note: why });

if (!skip.has('launch')) {
  const r = await bench('launch', ['--runs', values.runs]);
  const why = r ? undefined : 'the launch bench failed';
  rows.push({ figure: `launch → first row, cold folder (p50 of ${values.runs})`, unit: 'ms', max: 3000, ...(why ? absent(why) : { value: at(r, 'coldFirstRowP50Ms') }) });
  rows.push({ figure: `launch → first row, warm folder (p50 of ${values.runs})`, unit: 'ms', max: 1000, ...(why ? absent(why) : { value: at(r, 'warmFirstRowP50Ms') }) });
}

if (!skip.has('renderer')) {
  for (const size of values['renderer-sizes'].split(',').filter(Boolean)) {
    const r = await bench('renderer', ['--size', size]);
    const why = r ? undefined : `the renderer bench failed at ${size}`;
    rows.push({ figure: `first row on reload, warm cache, ${size} (p95)`, unit: 'ms', max: 300, ...(why ? absent(why) : { value: at(r, 'first_row_p95_ms') }) });
    rows.push({ figure: `search keystroke → results, ${size} (p95)`, unit: 'ms', max: 50, ...(why ? absent(why) : { value: at(r, 'search_p95_ms') }) });
  }
}

if (!skip.has('footprint')) {
  for (const size of values['footprint-large'] ? ['default', 'large'] : ['default']) {
    const r = await bench('footprint', ['--size', size, '--seconds', String(seconds)]);
    const why = r ? undefined : `the footprint bench failed at ${size}`;
    // The whole app's distinct resident pages where /proc lets them be read, else the sum of RSS.
    const whole = (launch: string): number | undefined => at(r, launch, 'whole') ?? at(r, launch, 'rssSum');
    const limit = size === 'large' ? 600 : 350;
    rows.push({ figure: `whole app resident, ${size}, first launch`, unit: 'MB', max: limit, ...(why ? absent(why) : { value: whole('firstLaunchRssMb') }) });
    rows.push({ figure: `whole app resident, ${size}, later launch`, unit: 'MB', max: limit, ...(why ? absent(why) : { value: whole('laterLaunchRssMb') }) });
    if (size !== 'default') continue;
    rows.push({ figure: `CPU idle, nothing open (whole app, ${seconds} s)`, unit: '%', max: 1, ...(why ? absent(why) : { value: at(r, 'idleNothingCpuPct', 'total') }) });
    rows.push({ figure: `CPU, a market page open (whole app, ${seconds} s)`, unit: '%', max: 3, ...(why ? absent(why) : { value: at(r, 'idleMarketCpuPct', 'total') }) });
    rows.push({ figure: 'CPU, a market page open (venue alone)', unit: '%', max: 1.5, ...(why ? absent(why) : { value: at(r, 'idleMarketCpuPct', 'venue') }) });
  }
}

let live: Liveliness | { failed: string } | undefined;
if (!skip.has('liveliness')) {
  console.log('\n== liveliness');
  // One watched market at each volume rank (a plain one, one with a taker delay, one with a minimum order age as they fall).
  live = await liveliness({ size: 'default', seconds }).catch((err: unknown) => ({ failed: err instanceof Error ? err.message : String(err) }));
  const markets = 'failed' in live ? undefined : live.markets;
  if ('failed' in live) console.log(`liveliness failed: ${live.failed}`);
  for (const m of markets ?? [{ rank: 0, takerDelay: false, minAge: 0 } as const]) {
    const kind = !markets ? '' : ` #${m.rank}${m.takerDelay ? ' (taker delay)' : ''}${m.minAge > 0 ? ` (orders rest ${m.minAge} s)` : ''}`;
    const row = (figure: string, value: number | undefined, bound: { min?: number; max?: number }, unit: Row['unit']): void =>
      void rows.push({ figure: `${figure}${kind}`, unit, ...bound, ...(markets ? { value } : absent('liveliness failed')) });
    const f = markets ? (m as Liveliness['markets'][number]) : undefined;
    row('a watched market: book changes', f?.bookChangesPerMin, { min: TARGETS.bookChangesPerMin }, '/min');
    row('a watched market: moves of the best bid or ask', f?.bestMovesPerMin, { min: TARGETS.bestMovesPerMin }, '/min');
    row('a watched market: trades', f?.tradesPerMin, { min: TARGETS.tradesPerMin }, '/min');
    row('venue CPU while a market is watched', f?.venueCpuPct, { max: TARGETS.venueCpuPct }, '%');
  }
}

const met = (r: Row): boolean | undefined => (r.value === undefined ? undefined : (r.max === undefined || r.value < r.max) && (r.min === undefined || r.value >= r.min));
const shown = (v: number | undefined, unit: Row['unit']): string => {
  if (v === undefined) return '-';
  const text = unit === '%' ? v.toFixed(1) : Math.round(v).toLocaleString('en-US');
  return unit === '/min' ? `${text} /min` : `${text} ${unit}`;
};
const target = (r: Row): string => [r.max !== undefined ? `< ${shown(r.max, r.unit)}` : '', r.min !== undefined ? `≥ ${shown(r.min, r.unit)}` : ''].filter(Boolean).join(', ');
const verdict = (r: Row): string => {
  const m = met(r);
  return m === undefined ? `not measured (${r.note ?? 'no figure'})` : m ? 'met' : 'not met';
};

console.log(`\nSpeed, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC\n`);
console.log('| figure | measured | target | met? |');
console.log('| --- | ---: | ---: | --- |');
for (const r of rows) console.log(`| ${r.figure} | ${shown(r.value, r.unit)} | ${target(r)} | ${verdict(r)} |`);
const measured = rows.filter((r) => met(r) !== undefined);
const missed = measured.filter((r) => met(r) === false);
console.log(`\n${measured.length - missed.length} of ${measured.length} measured targets met${rows.length > measured.length ? `; ${rows.length - measured.length} not measured` : ''}.`);
console.log(JSON.stringify({ bench: 'speed', rows: rows.map((r) => ({ ...r, met: met(r) ?? null })), liveliness: live ?? null }));
