// The one Content-Security-Policy of the app's page. Electron sends it as a header on every
// response; the browser host sends the same plus its own WebSocket; the renderer's index.html
// carries it as a meta tag (written in by the build, electron.vite.config.ts).
const DIRECTIVES: ReadonlyArray<readonly [string, string]> = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', "'self' data: https:"],
  ['connect-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['frame-ancestors', "'none'"],
];

function policy(extra: { connect?: string; omit?: string } = {}): string {
  return DIRECTIVES.filter(([name]) => name !== extra.omit)
    .map(([name, value]) => `${name} ${name === 'connect-src' && extra.connect ? `${value} ${extra.connect}` : value}`)
    .join('; ');
}

/** The Electron window's policy (a response header). */
export const CSP = policy();

/** The browser host's policy: the page also reaches the host's WebSocket on loopback. */
export const HOST_CSP = policy({ connect: 'ws://127.0.0.1:*' });

/** The meta tag's policy, which holds in both hosts (each header narrows it further); a meta tag may not carry frame-ancestors. */
export const META_CSP = policy({ connect: 'ws://127.0.0.1:*', omit: 'frame-ancestors' });
