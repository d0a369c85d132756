// Auto-update policy, without Electron: whether updates are on and from which feed, and the
// controller that checks, downloads, asks, and installs — never while an order batch is being
// sent. The Electron layer lends it electron-updater's autoUpdater and a dialog.
import type { Activity } from './activity.js';
import type { Logger } from './ports.js';
import { consoleLogger } from './ports.js';

export type UpdateState = 'disabled' | 'idle' | 'checking' | 'up-to-date' | 'downloading' | 'ready' | 'waiting' | 'installing' | 'error';

export interface UpdateStatus {
  state: UpdateState;
  currentVersion: string;
  /** The version on offer (downloading, ready, waiting, installing). */
  version?: string;
  /** Download progress, 0–100. */
  percent?: number;
  /** Why updates are off, what failed, or what happens next. */
  message?: string;
  checkedAt?: number;
}

export type FeedDecision = { enabled: true; url?: string } | { enabled: false; reason: string };

/**
 * Updates run only in an installed build. The feed is the one built in (app-update.yml, written by
 * electron-builder from its `publish` setting) unless `KAIROS_UPDATE_URL` names another;
 * `KAIROS_UPDATES=off` switches them off.
 */
export function updateFeed(o: { isPackaged: boolean; env: Readonly<Record<string, string | undefined>>; hasBuiltInFeed: boolean }): FeedDecision {
  if (o.env['KAIROS_UPDATES'] === 'off') return { enabled: false, reason: 'updates are switched off (KAIROS_UPDATES=off)' };
  if (!o.isPackaged) return { enabled: false, reason: 'this is a development build; installed releases update themselves' };
  const url = o.env['KAIROS_UPDATE_URL'];
  if (url) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return { enabled: false, reason: `KAIROS_UPDATE_URL is not a URL: ${url}` };
    }
    const loopback = parsed.hostname === '127.0.0.1' || parsed.hostname === 'localhost';
    // Releases are code: only over TLS, except from this machine.
    if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && loopback)) return { enabled: false, reason: 'KAIROS_UPDATE_URL must be an https:// address' };
    return { enabled: true, url };
  }
  if (!o.hasBuiltInFeed) return { enabled: false, reason: 'this build has no update feed' };
  return { enabled: true };
}

/** The part of electron-updater's autoUpdater the controller drives. */
export interface UpdaterPort {
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(): void;
}

export interface UpdateOptions {
  currentVersion: string;
  feed: FeedDecision;
  updater?: UpdaterPort;
  activity: Pick<Activity, 'busy' | 'whenIdle'>;
  /** The prompt once an update is downloaded: true restarts into it now, false dismisses it. */
  ask(version: string): Promise<boolean>;
  /** The outcome of a check the user asked for: up to date, off, or failed. */
  tell?(status: UpdateStatus): void;
  /** Every change of status (pushed to the renderer). */
  emit?(status: UpdateStatus): void;
  now?(): number;
  logger?: Logger;
}

export class UpdateController {
  private current: UpdateStatus;
  private manual = false;
  private prompting = false;
  private checking: Promise<unknown> | undefined;

  constructor(private readonly o: UpdateOptions) {
    this.current = o.feed.enabled ? { state: 'idle', currentVersion: o.currentVersion } : { state: 'disabled', currentVersion: o.currentVersion, message: o.feed.reason };
  }

  status(): UpdateStatus {
    return { ...this.current };
  }

  /** Looks for an update; `manual` when the user asked, so they hear the outcome either way. */
  async check(manual = false): Promise<UpdateStatus> {
    const { updater } = this.o;
    if (this.current.state === 'disabled' || !updater) {
      if (manual) this.o.tell?.(this.status());
      return this.status();
    }
    if (this.current.state === 'ready') {
      if (manual) void this.offer(this.current.version ?? '');
      return this.status();
    }
    if (this.checking || ['downloading', 'waiting', 'installing'].includes(this.current.state)) {
      this.manual ||= manual;
      return this.status();
    }
    this.manual = manual;
    this.set({ state: 'checking' });
    this.checking = updater.checkForUpdates();
    try {
      await this.checking;
    } catch (err) {
      // electron-updater also emits 'error' for the same failure: report it once.
      if (this.current.state !== 'error') this.failed(err);
    } finally {
      this.checking = undefined;
    }
    return this.status();
  }

  /** electron-updater: an update exists and is downloading. */
  available(version: string): void {
    this.set({ state: 'downloading', version, percent: 0 });
  }

  notAvailable(): void {
    this.set({ state: 'up-to-date', checkedAt: this.now() });
    this.told();
  }

  progress(percent: number): void {
    if (this.current.state === 'downloading') this.set({ ...this.current, percent: Math.max(0, Math.min(100, Math.round(percent))) });
  }

  /** electron-updater: the update is on disk. Asks whether to restart into it now. */
  async downloaded(version: string): Promise<void> {
    this.set({ state: 'ready', version, checkedAt: this.now(), message: 'installs when Kairos quits, or now if you restart' });
    this.manual = false;
    await this.offer(version);
  }

  failed(err: unknown): void {
    const message = err instanceof Error ? err.message : String(err);
    (this.o.logger ?? consoleLogger).warn('update check failed', { error: message });
    this.set({ state: 'error', message, checkedAt: this.now() });
    this.told();
  }

  /**
   * Restarts into the downloaded update, but only once no order batch is on its way: a batch cut
   * short would leave orders whose fate the journal cannot know.
   */
  async installWhenIdle(): Promise<void> {
    const { updater, activity } = this.o;
    if (!updater || (this.current.state !== 'ready' && this.current.state !== 'waiting')) return;
    while (activity.busy()) {
      this.set({ ...this.current, state: 'waiting', message: 'restarts once the orders being sent are done' });
      await activity.whenIdle();
    }
    // Nothing awaits between this check and the call: no batch can start in between.
    this.set({ ...this.current, state: 'installing', message: 'restarting' });
    updater.quitAndInstall();
  }

  private async offer(version: string): Promise<void> {
    if (this.prompting) return;
    this.prompting = true;
    try {
      if (await this.o.ask(version)) await this.installWhenIdle();
    } finally {
      this.prompting = false;
    }
  }

  private told(): void {
    if (this.manual) this.o.tell?.(this.status());
    this.manual = false;
  }

  private set(next: Omit<UpdateStatus, 'currentVersion'>): void {
    this.current = { ...next, currentVersion: this.o.currentVersion };
    this.o.emit?.(this.status());
  }

  private now(): number {
    return this.o.now?.() ?? Date.now();
  }
}
