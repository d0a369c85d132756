// `npm start`: the desktop app when Electron's binary is installed; otherwise one line that
// says so, then the same app in a browser tab through the browser host (it prints the URL).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

function electronBinary() {
  try {
    const dir = dirname(require.resolve('electron/package.json'));
    const rel = readFileSync(join(dir, 'path.txt'), 'utf8').trim();
    const bin = join(dir, 'dist', rel);
    return existsSync(bin) ? bin : null;
  } catch {
    return null;
  }
}

function run(cmd, args) {
  const child = spawn(cmd, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code) => process.exit(code ?? 0));
}

if (electronBinary()) {
  run('npx', ['electron-vite', 'preview']);
} else {
  console.log('Kairos: the Electron binary is not installed here, so the desktop window cannot open; serving the app to your browser instead (open the URL below).');
  run('npm', ['run', '--silent', 'web', '--', ...process.argv.slice(2)]);
}
