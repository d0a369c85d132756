// `npm run venue -- --port 0 --data-dir DIR [--size small|default|large] [--seed N]`
// Prints one JSON line with the three base URLs once listening; stops on SIGINT/SIGTERM.
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { startVenue, type WorldSize } from './server.js';

const SIZES: readonly WorldSize[] = ['small', 'default', 'large'];

function fail(message: string): never {
  process.stderr.write(`venue: ${message}\n`);
  process.exit(2);
}

function intOption(name: string, raw: string | undefined, min: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < min) fail(`--${name} must be an integer ≥ ${min}, got "${raw}"`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
      'data-dir': { type: 'string', default: '.venue-data' },
      size: { type: 'string', default: 'default' },
      seed: { type: 'string' },
      anchor: { type: 'string' },
      'rate-limit-scale': { type: 'string' },
      'no-rate-limit': { type: 'boolean', default: false },
      log: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(
      'Usage: npm run venue -- [--port 0] [--data-dir DIR] [--size small|default|large] [--seed N]\n' +
        '                        [--anchor EPOCH_MS] [--rate-limit-scale X | --no-rate-limit] [--log]\n',
    );
    return;
  }
  const size = values.size as WorldSize;
  if (!SIZES.includes(size)) fail(`--size must be one of ${SIZES.join(', ')}, got "${values.size}"`);
  if (values.host !== '127.0.0.1' && values.host !== 'localhost' && values.host !== '::1') {
    process.stderr.write(`venue: warning: listening on ${values.host}, not only on loopback\n`);
  }
  let scale = 1;
  if (values['rate-limit-scale'] !== undefined) {
    scale = Number(values['rate-limit-scale']);
    if (!(scale >= 0)) fail(`--rate-limit-scale must be a number ≥ 0, got "${values['rate-limit-scale']}"`);
  }
  if (values['no-rate-limit']) scale = 0;
  if (scale !== 1) process.stderr.write(scale === 0 ? 'venue: rate limits are OFF\n' : `venue: rate limits scaled by ${scale}\n`);

  const dataDir = resolve(values['data-dir']);
  const started = Date.now();
  const venue = await startVenue({
    dataDir,
    host: values.host,
    port: intOption('port', values.port, 0),
    size,
    seed: intOption('seed', values.seed, 0),
    anchor: intOption('anchor', values.anchor, 0),
    rateLimitScale: scale,
    log: values.log,
  });
  process.stderr.write(`venue: data in ${dataDir}, ready in ${Date.now() - started} ms\n`);
  process.stdout.write(`${JSON.stringify(venue.urls)}\n`);

  let closing = false;
  const stop = (): void => {
    if (closing) return;
    closing = true;
    venue.close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`venue: error while stopping: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));
