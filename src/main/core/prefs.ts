// The app's settings (trading switch, confirmation per profile, theme, quiet hours), a small JSON document beside
// the cache. Changed read-modify-write under its lock (data-files.ts), so a change made by another
// core on the folder is kept; a file that cannot be read is moved aside and told, and the
// defaults are used.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { QuietHours } from '@shared/ipc/inbox.js';
import { fileStamp, setAside, withFileLock, writeAtomic, type OnDamaged } from './data-files.js';
import type { Logger } from './ports.js';

export { writeAtomic } from './data-files.js';

const Settings = z.object({
  tradingOff: z.boolean().default(false),
  /** Profiles whose order ticket submits without the confirmation step. */
  skipConfirm: z.array(z.string()).default([]),
  /** Kept here rather than in page storage, whose origin the browser host changes on every run. */
  theme: z.enum(['system', 'light', 'dark']).catch('system').default('system'),
  /** When OS notifications are held back, local time; a value this build cannot read means none. */
  quietHours: QuietHours.nullable().catch(null).default(null),
});
export type Settings = z.output<typeof Settings>;

const DEFAULTS_KEPT = 'Kairos goes on with the default settings (trading on, the confirmation step on for every venue, the system theme); the moved file keeps the old ones';

const stamp = fileStamp;

export class Prefs {
  private settings: Settings = Settings.parse({});
  private seen: string | undefined;
  private readonly path: string;

  constructor(
    dir: string,
    private readonly log: Logger,
    private readonly onDamaged?: OnDamaged,
  ) {
    this.path = join(dir, 'settings.json');
    withFileLock(this.path, () => this.load());
  }

  /** The settings as on disk now (read again only when the file changed). */
  get(): Settings {
    if (stamp(this.path) !== this.seen) withFileLock(this.path, () => this.load());
    return this.settings;
  }

  /** Applies `change` to the settings on disk now, under the file's lock, and writes them. */
  update(change: (current: Settings) => Partial<Settings>): Settings {
    return withFileLock(this.path, () => {
      const next = Settings.parse({ ...this.load(), ...change(this.settings) });
      writeAtomic(this.path, JSON.stringify(next));
      this.settings = next;
      this.seen = stamp(this.path);
      return next;
    });
  }

  set(patch: Partial<Settings>): Settings {
    return this.update(() => patch);
  }

  /** Reads the file (held under its lock): defaults when missing, moved aside when unreadable. */
  private load(): Settings {
    const seen = stamp(this.path);
    if (seen === undefined) {
      this.settings = Settings.parse({});
    } else {
      try {
        this.settings = Settings.parse(JSON.parse(readFileSync(this.path, 'utf8')));
      } catch (err) {
        const aside = setAside(this.path, DEFAULTS_KEPT, this.onDamaged);
        this.log.warn('settings.json could not be read; it was moved aside and the default settings are used', { aside, error: err instanceof Error ? err.message : String(err) });
        this.settings = Settings.parse({});
      }
    }
    this.seen = stamp(this.path);
    return this.settings;
  }
}
