// What the build writes for Electron to load: a sandboxed preload that is one small CommonJS
// file requiring only electron (the plain name lists, never the zod contract), and a renderer
// page whose CSP meta is the one policy of src/main/core/csp.ts.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CALL_NAMES, EVENT_NAMES } from '@shared/ipc/names.js';
import { META_CSP } from '../core/csp.js';

const PRELOAD = resolve('out/preload/index.cjs');
const PAGE = resolve('out/renderer/index.html');
const reason = existsSync(PRELOAD) && existsSync(PAGE) ? undefined : 'the bundles are not built (npm test builds them; or run npx electron-vite build)';

describe.skipIf(reason !== undefined)(`built bundles (${reason ?? 'built'})`, () => {
  it('the preload is small, requires only electron, and knows every call and event', () => {
    // ≈2 KB; importing the contract instead would bundle zod (≈220 KB).
    expect(statSync(PRELOAD).size).toBeLessThan(20 * 1024);
    const code = readFileSync(PRELOAD, 'utf8');
    expect([...code.matchAll(/require\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1])).toEqual(['electron']);
    for (const name of [...CALL_NAMES, ...EVENT_NAMES]) expect(code).toContain(JSON.stringify(name));
  });

  it('the page carries the one CSP as its meta tag', () => {
    const html = readFileSync(PAGE, 'utf8');
    const metas = [...html.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/g)].map((m) => m[1]);
    expect(metas).toEqual([META_CSP]);
  });
});
