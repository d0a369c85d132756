// The vault's key wrapped by the OS keychain through Electron's safeStorage. On Linux the
// `basic_text` backend is a hard-coded key, not protection: refused unless the user opted in.
import type { SafeStorage } from 'electron';
import type { SecretCipher } from '../core/ports.js';

export class SafeStorageCipher implements SecretCipher {
  readonly kind = 'electron-safe-storage';

  constructor(
    private readonly safe: SafeStorage,
    private readonly allowBasicText = false,
  ) {}

  isAvailable(): boolean {
    if (!this.safe.isEncryptionAvailable()) return false;
    if (process.platform === 'linux' && this.safe.getSelectedStorageBackend() === 'basic_text') return this.allowBasicText;
    return true;
  }

  async encrypt(plain: Uint8Array): Promise<Uint8Array> {
    this.require();
    return this.safe.encryptString(Buffer.from(plain).toString('base64'));
  }

  async decrypt(sealed: Uint8Array): Promise<Uint8Array> {
    this.require();
    return Buffer.from(this.safe.decryptString(Buffer.from(sealed)), 'base64');
  }

  private require(): void {
    if (!this.isAvailable()) {
      throw new Error(
        process.platform === 'linux' && this.safe.isEncryptionAvailable()
          ? 'No OS keychain is available (only basic_text); enable "store keys without a keychain" in Settings, or use a passphrase'
          : 'The OS keychain is not available to protect the key vault',
      );
    }
  }
}
