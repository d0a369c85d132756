// The app's settings (trading switch, confirmation per profile, theme), a small JSON document beside
// the cache. Written whole to a temp file and renamed,
// so a crash mid-write leaves the previous version, never a torn one.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Logger } from './ports.js';

const Settings = z.object({
  tradingOff: z.boolean().default(false),
  /** Profiles whose order ticket submits without the confirmation step. */
  skipConfirm: z.array(z.string()).default([]),
  /** Kept here rather than in page storage, whose origin the browser host changes on every run. */
  theme: z.enum(['system', 'light', 'dark']).catch('system').default('system'),
});
export type Settings = z.output<typeof Settings>;

export function writeAtomic(path: string, data: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, data, { mode: 0o600 });
  renameSync(tmp, path);
}

/** Reads a JSON document, or the default when it is missing or unreadable (logged, kept aside). */
function readDoc<S extends z.ZodType>(path: string, schema: S, fallback: z.output<S>, log: Logger): z.output<S> {
  if (!existsSync(path)) return fallback;
  try {
    return schema.parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch (err) {
    const aside = `${path}.unreadable-${Date.now()}`;
    renameSync(path, aside);
    log.warn('a settings file could not be read; kept aside and started fresh', { path: aside, error: err instanceof Error ? err.message : String(err) });
    return fallback;
  }
}

export class Prefs {
  private settings: Settings;

  constructor(
    private readonly dir: string,
    private readonly log: Logger,
  ) {
    this.settings = readDoc(join(dir, 'settings.json'), Settings, Settings.parse({}), log);
  }

  get(): Settings {
    return this.settings;
  }

  set(patch: Partial<Settings>): Settings {
    this.settings = Settings.parse({ ...this.settings, ...patch });
    writeAtomic(join(this.dir, 'settings.json'), JSON.stringify(this.settings));
    return this.settings;
  }
}
