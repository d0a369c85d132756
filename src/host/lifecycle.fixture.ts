// A stand-in for src/host/main.ts in tests: the same guard and venue wiring around a fake venue
// (a Node one-liner), ended the way argv[2] says. Prints `ready` once the venue listens; the fake
// venue prints its pid to stderr, which the fixture passes on.
import { launchVenue, nodeVenueChild, superviseVenue } from '../main/core/venue-launcher.js';
import { guardProcess, stoppedOnExit } from './lifecycle.js';

const mode = process.argv[2] ?? '';
const startLine = JSON.stringify({ catalog_url: 'http://127.0.0.1:1/', trading_url: 'http://127.0.0.1:1/', data_url: 'http://127.0.0.1:1/' });
const fakeVenue = `
  process.stderr.write('fake venue pid ' + process.pid + '\\n');
  process.on('SIGTERM', () => { process.stderr.write('fake venue stopping\\n'); process.exit(0); });
  ${mode === 'signal-before-start' ? '' : `process.stdout.write(${JSON.stringify(startLine + '\n')});`}
  setInterval(() => undefined, 1000);
`;

const log = (line: string): void => void process.stderr.write(`${line}\n`);
const guard = guardProcess({ log, graceMs: 5000 });

async function main(): Promise<void> {
  if (mode === 'supervised') {
    // As main.ts wires it: one stop step for every venue process, then the supervisor's stop.
    const spawnVenue = stoppedOnExit(guard, () => nodeVenueChild(process.execPath, ['-e', fakeVenue]));
    const venue = await superviseVenue({ spawn: spawnVenue, onLog: log });
    guard.onExit(() => venue.stop());
    guard.onExit(() => log('fixture: closing the core'));
    process.stdout.write('ready\n');
    return;
  }
  await launchVenue({ spawn: stoppedOnExit(guard, () => nodeVenueChild(process.execPath, ['-e', fakeVenue])), onLog: log });
  guard.onExit(() => log('fixture: closing the core'));
  process.stdout.write('ready\n');
  if (mode === 'uncaught') setTimeout(() => { throw new Error('boom'); }, 10);
  if (mode === 'unhandled') void Promise.reject(new Error('boom'));
  if (mode === 'start-fails') throw new Error('no built renderer');
}

main().catch((err: unknown) => {
  log(`fixture: ${err instanceof Error ? err.message : String(err)}`);
  void guard.exit(1);
});
