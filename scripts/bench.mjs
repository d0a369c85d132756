// `npm run bench -- <name> [args]` runs bench/<name>.ts; its last stdout line is one JSON object.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const [name, ...args] = process.argv.slice(2);
const names = readdirSync('bench').filter((f) => f.endsWith('.ts') && !f.startsWith('_')).map((f) => f.slice(0, -3));
if (!name || !existsSync(`bench/${name}.ts`)) {
  console.error(`usage: npm run bench -- <name>   (one of: ${names.join(', ')})`);
  process.exit(2);
}
const child = spawn('npx', ['tsx', `bench/${name}.ts`, ...args], { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 1));
