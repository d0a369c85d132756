// A second process writing the vault: opens <path>, unlocks it, and adds <count> accounts
// labelled <tag>0, <tag>1, … one after another. writers.test.ts runs two at once.
import { PassphraseCipher, Vault } from './vault.js';

const [path, tag, count] = process.argv.slice(2);
if (!path || !tag || !count) throw new Error('usage: vault-writer.fixture.ts <path> <tag> <count>');
const vault = Vault.open(path, new PassphraseCipher('pw', { logN: 10, r: 8, p: 1 }));
await vault.unlock();
for (let i = 0; i < Number(count); i++) {
  const label = `${tag}${i}`;
  await vault.add('local', { privateKey: `0x${'ab'.repeat(32)}`, apiKey: `key-${label}`, secret: 'c2VjcmV0', passphrase: 'p' }, { address: '0x1111111111111111111111111111111111111111', headerPrefix: 'SERVICE', label });
}
