// Installers for Kairos: AppImage and deb on Linux, dmg on macOS (x64 and arm64), an NSIS
// installer on Windows. `npm run dist` builds the current OS's; the release workflow builds all
// three and publishes them on a version tag. Icons come from `npm run icons`.
import type { Configuration } from 'electron-builder';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Where released builds look for updates, chosen when the installers are built:
 * `KAIROS_UPDATE_URL` names any static server holding the release files (electron-updater's
 * generic feed); otherwise, in GitHub Actions, the repository's own releases; otherwise none
 * (a local build then never updates itself).
 */
export function releaseFeed(env: Env = process.env): Configuration['publish'] {
  const url = env['KAIROS_UPDATE_URL'];
  if (url) return [{ provider: 'generic', url }];
  const [owner, repo] = (env['GITHUB_REPOSITORY'] ?? '').split('/');
  if (owner && repo) return [{ provider: 'github', owner, repo, releaseType: 'release' }];
  return null;
}

export function builderConfig(env: Env = process.env): Configuration {
  // Without a Developer ID certificate the app is signed ad hoc, which arm64 Macs require to
  // launch at all; hardened runtime and notarisation only make sense with a real identity.
  const macSigned = Boolean(env['CSC_LINK'] ?? env['CSC_NAME']);
  return {
    appId: 'app.kairos.desktop',
    productName: 'Kairos',
    copyright: 'Copyright © 2026 Kairos',
    directories: { output: 'dist', buildResources: 'resources' },
    artifactName: '${productName}-${version}-${os}-${arch}.${ext}',
    // Only the built app goes into the asar: out/ (main, preload, renderer) and package.json,
    // plus the production dependencies electron-builder adds on its own.
    files: [
      'out/**/*',
      'package.json',
      '!out/**/*.map',
      // The browser host (`npm run web`) is a development entry, not part of the desktop app.
      '!out/main/host.js',
      '!**/node_modules/better-sqlite3/{deps,src,build}/**',
      '!**/node_modules/secp256k1/{src,build}/**',
      '!**/node_modules/**/*.{md,markdown,map,ts,tsx,cc,cpp,h,gyp,gypi}',
    ],
    asar: true,
    // Native addons cannot be loaded from inside the asar archive.
    asarUnpack: ['**/node_modules/better-sqlite3/**', '**/node_modules/secp256k1/**'],
    // The N-API prebuilds shipped inside better-sqlite3 and secp256k1 load in Electron as they
    // are; a rebuild would need Electron's headers and gains nothing.
    npmRebuild: false,
    nodeGypRebuild: false,
    buildDependenciesFromSource: false,
    publish: releaseFeed(env),
    mac: {
      // The zip is what electron-updater downloads on macOS; the dmg is what people install.
      target: [
        { target: 'dmg', arch: ['x64', 'arm64'] },
        { target: 'zip', arch: ['x64', 'arm64'] },
      ],
      icon: 'resources/icon.icns',
      category: 'public.app-category.finance',
      ...(macSigned ? { hardenedRuntime: true } : { identity: '-', hardenedRuntime: false }),
    },
    dmg: { title: '${productName} ${version}' },
    win: {
      target: [{ target: 'nsis', arch: ['x64'] }],
      icon: 'resources/icon.ico',
    },
    nsis: {
      oneClick: false,
      perMachine: false,
      allowToChangeInstallationDirectory: true,
      // The data folder holds the key vault: an uninstall never deletes it.
      deleteAppDataOnUninstall: false,
      installerIcon: 'resources/icon.ico',
      uninstallerIcon: 'resources/icon.ico',
    },
    linux: {
      target: [
        { target: 'AppImage', arch: ['x64'] },
        { target: 'deb', arch: ['x64'] },
      ],
      icon: 'resources/icons',
      executableName: 'kairos',
      category: 'Office',
      maintainer: 'Kairos',
      synopsis: 'Trade prediction markets, with an embedded paper-trading venue',
    },
  };
}

export default builderConfig();
