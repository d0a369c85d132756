// Installers and the release pipeline, checked where Electron's binary cannot be downloaded:
// electron-builder loads and validates its configuration against its own schema, the icon set is
// complete and rendered from the current source, electron-builder packages the app (around a
// stand-in Electron) with exactly the built app in the asar, and the workflow file fits the
// GitHub Actions schema.
import { validateWorkflow } from '@action-validator/core';
import { listPackage } from '@electron/asar';
// electron-builder's own loader and schema check (app-builder-lib is its engine, pinned with it).
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { Arch, build, Platform, type Configuration } from 'electron-builder';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { builderConfig, releaseFeed } from '../electron-builder.config.js';
import { ICNS_TYPES, ICO_SIZES, iconFiles, PNG_SIZES, SOURCE } from './icons.js';

const root = resolve('.');
const quiet = { isEnabled: false, add: () => undefined } as unknown as Parameters<typeof validateConfiguration>[1];
const validate = (config: Configuration): Promise<void> => validateConfiguration(config, quiet);

describe('electron-builder configuration', () => {
  it('is loaded by electron-builder from electron-builder.config.ts and fits its schema', async () => {
    const config = await getConfig(root, 'electron-builder.config.ts', null);
    await validate(config);
    expect(config).toMatchObject({ appId: 'app.kairos.desktop', productName: 'Kairos', asar: true, npmRebuild: false, directories: { buildResources: 'resources' } });
    expect(JSON.stringify(config.asarUnpack)).toMatch(/better-sqlite3/);
    expect(JSON.stringify(config.asarUnpack)).toMatch(/secp256k1/);
    // No file associations or URL schemes of any kind.
    for (const c of [config, config.mac, config.win, config.linux]) {
      expect(c).not.toHaveProperty('fileAssociations');
      expect(c).not.toHaveProperty('protocols');
    }
    const targets = (platform: { target?: unknown } | null | undefined) => (platform?.target as Array<{ target: string; arch: string[] }>).map((t) => `${t.target}:${t.arch.join('+')}`);
    expect(targets(config.linux)).toEqual(['AppImage:x64', 'deb:x64']);
    expect(targets(config.mac)).toEqual(['dmg:x64+arm64', 'zip:x64+arm64']);
    expect(targets(config.win)).toEqual(['nsis:x64']);
    for (const icon of [config.mac?.icon, config.win?.icon, config.linux?.icon]) expect(existsSync(join(root, icon as string))).toBe(true);
  });

  it('rejects what is not in its schema (so the check above can fail)', async () => {
    await expect(validate({ ...builderConfig({}), fileAssosiations: [] } as Configuration)).rejects.toThrow(/unknown property 'fileAssosiations'/);
    await expect(validate({ ...builderConfig({}), nsis: { oneClick: 'yes' } } as unknown as Configuration)).rejects.toThrow(/nsis\.oneClick should be a boolean/);
    await expect(validate({ ...builderConfig({}), mac: { target: 'pkgx' } } as unknown as Configuration)).rejects.toThrow(/mac\.target/);
  });

  it('takes the release feed from the environment: a generic URL, the GitHub repository, or none', async () => {
    expect(releaseFeed({ KAIROS_UPDATE_URL: 'https://releases.example/kairos' })).toEqual([{ provider: 'generic', url: 'https://releases.example/kairos' }]);
    expect(releaseFeed({ GITHUB_REPOSITORY: 'kairos-app/kairos' })).toEqual([{ provider: 'github', owner: 'kairos-app', repo: 'kairos', releaseType: 'release' }]);
    expect(releaseFeed({})).toBeNull();
    for (const env of [{ KAIROS_UPDATE_URL: 'https://releases.example/kairos' }, { GITHUB_REPOSITORY: 'kairos-app/kairos' }, { CSC_LINK: 'cert.p12' }]) await validate(builderConfig(env));
    // Ad hoc signing without a certificate (arm64 Macs run nothing unsigned); a real identity with one.
    expect(builderConfig({}).mac).toMatchObject({ identity: '-', hardenedRuntime: false });
    expect(builderConfig({ CSC_LINK: 'cert.p12' }).mac).not.toHaveProperty('identity');
  });
});

/** Width and height from a PNG's IHDR chunk. */
function pngSize(b: Buffer): [number, number] {
  expect(b.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(b.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

describe('icons', () => {
  it('has every size: the Linux set, the window PNG, the ICO and the ICNS', () => {
    for (const size of PNG_SIZES) expect(pngSize(readFileSync(join(root, `resources/icons/${size}x${size}.png`)))).toEqual([size, size]);
    expect(pngSize(readFileSync(join(root, 'resources/icon.png')))).toEqual([1024, 1024]);

    const ico = readFileSync(join(root, 'resources/icon.ico'));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const entries = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => {
      const e = 6 + 16 * i;
      const size = ico.readUInt8(e) || 256;
      const data = ico.subarray(ico.readUInt32LE(e + 12), ico.readUInt32LE(e + 12) + ico.readUInt32LE(e + 8));
      // A PNG entry, or a BMP one whose header states the size (height doubled for the mask).
      const inner = data.readUInt32BE(0) === 0x89504e47 ? pngSize(data) : [data.readInt32LE(4), data.readInt32LE(8) / 2];
      return { size, inner, bpp: ico.readUInt16LE(e + 6) };
    });
    expect(entries.map((e) => e.size)).toEqual([...ICO_SIZES]);
    for (const e of entries) expect(e).toEqual({ size: e.size, inner: [e.size, e.size], bpp: 32 });

    const icns = readFileSync(join(root, 'resources/icon.icns'));
    expect(icns.subarray(0, 4).toString('latin1')).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const found: Array<[string, number]> = [];
    for (let at = 8; at < icns.length; at += icns.readUInt32BE(at + 4)) {
      const type = icns.subarray(at, at + 4).toString('latin1');
      found.push([type, pngSize(icns.subarray(at + 8, at + icns.readUInt32BE(at + 4)))[0]]);
    }
    expect(found).toEqual(ICNS_TYPES.map(([t, s]) => [t, s]));
  });

  it('are rendered from the current resources/icon.svg (npm run icons after editing it)', async () => {
    const files = await iconFiles(readFileSync(join(root, SOURCE), 'utf8'));
    expect(files.size).toBe(PNG_SIZES.length + 3);
    for (const [path, bytes] of files) expect(readFileSync(join(root, path)).equals(bytes), `${path} is stale`).toBe(true);
  });
});

const built = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'].every((f) => existsSync(join(root, f)));

describe.skipIf(!built)(`the packaged app (${built ? 'built' : 'out/ is not built: npm run build'})`, () => {
  let work = '';
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'kairos-package-'));
  });
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('has a preload that requires nothing but electron (a sandboxed preload can require nothing else)', () => {
    const preload = readFileSync(join(root, 'out/preload/index.cjs'), 'utf8');
    expect([...new Set([...preload.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]))]).toEqual(['electron']);
  });

  it('packs the built main, preload and renderer into the asar, natives beside it, and no sources, tests or benches', async () => {
    // electron-builder's real packaging, around a stand-in Electron distribution: everything but
    // the Electron binary is what an installer ships.
    const electronDist = join(work, 'electron');
    mkdirSync(join(electronDist, 'resources'), { recursive: true });
    writeFileSync(join(electronDist, 'electron'), '#!/bin/sh\n', { mode: 0o755 });
    const config = builderConfig({});
    await build({
      projectDir: root,
      targets: Platform.LINUX.createTarget('dir', Arch.x64),
      publish: 'never',
      config: { ...config, electronDist, directories: { ...config.directories, output: join(work, 'dist') } },
    });
    const resources = join(work, 'dist', 'linux-unpacked', 'resources');
    const files = listPackage(join(resources, 'app.asar'), { isPack: false }).map((f) => f.replace(/\\/g, '/'));
    for (const f of ['/package.json', '/out/main/index.js', '/out/main/venue.js', '/out/preload/index.cjs', '/out/renderer/index.html']) expect(files).toContain(f);
    expect(files.some((f) => f.startsWith('/out/renderer/assets/') && f.endsWith('.js'))).toBe(true);
    const app = files.filter((f) => f !== '/node_modules' && !f.startsWith('/node_modules/'));
    expect(app.filter((f) => !/^\/(out(\/|$)|package\.json$)/.test(f))).toEqual([]);
    const forbidden = files.filter((f) => /^\/(src|e2e|bench|scripts|resources|fixtures|\.github|\.ci)(\/|$)|\.test\.[cm]?[jt]sx?$|^\/out\/.*\.map$|^\/(tsconfig[^/]*|vitest\.config\.ts|electron\.vite\.config\.ts|electron-builder\.config\.ts)$/.test(f));
    expect(forbidden).toEqual([]);
    // The runtime dependencies of main and the venue are there; the build tools are not.
    for (const dep of ['electron-updater', 'fastify', 'zod', 'better-sqlite3', 'secp256k1']) expect(files).toContain(`/node_modules/${dep}/package.json`);
    for (const dev of ['electron', 'electron-builder', 'vitest', 'typescript', 'playwright-core']) expect(files).not.toContain(`/node_modules/${dev}/package.json`);
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main: string };
    expect(files).toContain(`/${pkg.main}`);
    // Native addons unpacked from the asar, with every platform's prebuild.
    const unpacked = join(resources, 'app.asar.unpacked', 'node_modules');
    expect(readdirSync(join(unpacked, 'better-sqlite3', 'prebuilds'))).toEqual(expect.arrayContaining(['linux-x64.node', 'darwin-arm64.node', 'darwin-x64.node', 'win32-x64.node']));
    expect(readdirSync(join(unpacked, 'secp256k1', 'prebuilds'))).toEqual(expect.arrayContaining(['linux-x64', 'darwin-arm64', 'win32-x64']));
  });
});

describe('the CI and release workflow', () => {
  const text = readFileSync(join(root, '.github/workflows/release.yml'), 'utf8');

  it('fits the GitHub Actions workflow schema', () => {
    expect(validateWorkflow(text).errors).toEqual([]);
    // The same check refuses a broken workflow.
    expect(validateWorkflow(text.replace('runs-on: ${{ matrix.os }}', 'runs-on: [${{ matrix.os }}\n    stepz: 3')).errors.length).toBeGreaterThan(0);
  });

  it('tests, runs the Electron spec and builds installers on three systems, and publishes on a tag', () => {
    type Step = { name?: string; run?: string; uses?: string; if?: string; with?: Record<string, string> };
    const wf = parse(text) as { on: { push: { tags: string[] } }; jobs: Record<string, { 'runs-on': string; if?: string; needs?: string; strategy?: { matrix: { include: Array<{ os: string }> } }; steps: Step[] }> };
    expect(wf.on.push.tags).toEqual(['v*']);
    const b = wf.jobs['build'];
    expect(b?.strategy?.matrix.include.map((m) => m.os)).toEqual(['ubuntu-latest', 'macos-latest', 'windows-latest']);
    const runs = (b?.steps ?? []).map((s) => s.run ?? s.uses ?? '');
    const at = (pattern: RegExp): number => runs.findIndex((r) => pattern.test(r));
    const order = [/^npm ci\b/, /^npm test$/, /electron\/install\.js/, /xvfb-run -a npm run test:electron/, /^npm run dist$/, /^actions\/upload-artifact@/].map(at);
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
    expect(runs).toContain('npm run test:electron');
    const upload = b?.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@') && s.with?.['name']?.startsWith('kairos-'));
    for (const ext of ['AppImage', 'deb', 'dmg', 'zip', 'exe', 'blockmap']) expect(upload?.with?.['path']).toContain(`dist/*.${ext}`);
    expect(upload?.with?.['path']).toContain('dist/latest*.yml');
    const r = wf.jobs['release'];
    expect(r).toMatchObject({ needs: 'build', if: "startsWith(github.ref, 'refs/tags/v')" });
    expect(r?.steps.some((s) => /gh release create/.test(s.run ?? ''))).toBe(true);
    // The npm scripts the workflow runs exist.
    const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['dist']).toMatch(/electron-builder --config electron-builder\.config\.ts/);
    expect(scripts['test:electron']).toMatch(/e2e\/electron/);
  });
});
