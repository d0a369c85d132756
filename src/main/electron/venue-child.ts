// The embedded venue as Electron runs it: a utilityProcess (out/main/venue.js), seen through
// the launcher's VenueChild so start line, timeout and stop are handled as in the browser host.
import type { UtilityProcess } from 'electron';
import { createInterface } from 'node:readline';
import type { VenueChild } from '../core/venue-launcher.js';

const lines = (stream: NodeJS.ReadableStream | null | undefined, listener: (line: string) => void): void => {
  if (stream) createInterface({ input: stream }).on('line', listener);
};

/** Wraps a venue forked with `stdio: 'pipe'`. */
export function utilityVenueChild(child: Pick<UtilityProcess, 'stdout' | 'stderr' | 'once' | 'kill'>): VenueChild {
  return {
    onStdout: (listener) => lines(child.stdout, listener),
    onStderr: (listener) => lines(child.stderr, listener),
    onExit: (listener) => void child.once('exit', (code) => listener(code)),
    kill: () => void child.kill(),
  };
}
