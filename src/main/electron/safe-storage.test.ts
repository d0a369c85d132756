// The keychain cipher refuses Linux's basic_text backend unless the user opted in.
import { describe, expect, it } from 'vitest';
import { SafeStorageCipher } from './safe-storage.js';

type SafeStorage = ConstructorParameters<typeof SafeStorageCipher>[0];

function fake(backend: string, available = true): SafeStorage {
  const key = 0x5a;
  return {
    isEncryptionAvailable: () => available,
    getSelectedStorageBackend: () => backend,
    encryptString: (s: string) => Buffer.from([...Buffer.from(s)].map((b) => b ^ key)),
    decryptString: (b: Buffer) => Buffer.from([...b].map((x) => x ^ key)).toString(),
  } as unknown as SafeStorage;
}

describe('SafeStorageCipher', () => {
  it('wraps and unwraps through the keychain', async () => {
    const c = new SafeStorageCipher(fake('gnome_libsecret'));
    expect(c.isAvailable()).toBe(true);
    const sealed = await c.encrypt(new Uint8Array([1, 2, 3]));
    expect([...(await c.decrypt(sealed))]).toEqual([1, 2, 3]);
  });

  it.runIf(process.platform === 'linux')('refuses basic_text unless allowed', async () => {
    const c = new SafeStorageCipher(fake('basic_text'));
    expect(c.isAvailable()).toBe(false);
    await expect(c.encrypt(new Uint8Array([1]))).rejects.toThrow(/only basic_text/);
    expect(new SafeStorageCipher(fake('basic_text'), true).isAvailable()).toBe(true);
  });

  it('is unavailable without any keychain', () => {
    expect(new SafeStorageCipher(fake('unknown', false)).isAvailable()).toBe(false);
  });
});
