// The browser host in a process of its own, for tests that must see it survive (a crash in the
// test's own process would be caught by the runner and hide). Prints `{port, token}` once it
// listens; what the host logs goes to stderr.
import type { Dispatcher } from '../main/core/transport.js';
import { startHost } from './server.js';

const dispatcher: Dispatcher = {
  dispatch: (name, input) => {
    if (name === 'test.throw') throw new Error('thrown synchronously');
    if (name === 'test.reject') return Promise.reject(new Error('rejected'));
    if (name === 'test.unserializable') return Promise.resolve({ ok: true, data: { n: 1n } });
    return Promise.resolve({ ok: true, data: { echo: input } });
  },
};

const rendererDir = process.argv[2];
if (!rendererDir) throw new Error('usage: host.fixture.ts <renderer dir>');
const host = await startHost({ router: dispatcher, rendererDir });
process.stdout.write(`${JSON.stringify({ port: host.port, token: host.token })}\n`);
