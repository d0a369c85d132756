// V8 flags for the app's page, given by both hosts: Electron's main appends them for its
// renderers, and the browser host's Chromium is launched with them (e2e/support.ts), so what the
// benches measure is what the desktop app runs.
//
// Chromium lets a page's young generation grow to 16 MB per semi-space; the page's heap held
// ~26 MB with a market page open, ~15 MB of it live. At 2 MB its heap holds ~18-21 MB and the
// renderer 5-10 MB less resident; a scavenge of 2 MB stays well under a millisecond.
export const RENDERER_JS_FLAGS = '--max-semi-space-size=2';
