// Starts the embedded local venue in its own process (the venue never blocks the app) and
// reads the URL line it prints once it listens.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface VenueChild {
  urls: { catalog_url: string; trading_url: string; data_url: string };
  child: ChildProcess;
  stop(): Promise<void>;
}

/** `command` and `args` run the venue CLI (`tsx src/venue/cli.ts` in development). */
export function startVenueProcess(command: string, args: string[], onLog: (line: string) => void = () => undefined, timeoutMs = 120_000): Promise<VenueChild> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  createInterface({ input: child.stderr! }).on('line', onLog);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`the local venue did not start within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the local venue exited (code ${code}) before it listened`));
    });
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      try {
        const urls = JSON.parse(line) as VenueChild['urls'];
        resolve({
          urls,
          child,
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      } catch {
        reject(new Error(`the local venue printed an unexpected first line: ${line}`));
      }
    });
  });
}
