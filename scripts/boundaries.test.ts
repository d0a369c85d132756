// The import boundaries of the architecture are lint errors: each case lints a file that would
// sit in a layer and cross a boundary (never written to disk), and one that keeps to it.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();
async function problems(filePath: string, code: string, rule = 'no-restricted-imports'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}

describe('import boundaries', () => {
  it('keeps the renderer to @shared and its own folder', async () => {
    expect(await problems('src/renderer/src/features/x/Bad.ts', "import { createCore } from '../../../../main/core/index.js';\nexport const x = createCore;\n")).toEqual([expect.stringContaining('renderer imports only')]);
    expect(await problems('src/renderer/src/features/x/Bad.ts', "import { startVenue } from '../../../../venue/server.js';\nexport const x = startVenue;\n")).toEqual([expect.stringContaining('renderer imports only')]);
    expect(await problems('src/renderer/src/features/x/Good.ts', "import { contract } from '@shared/ipc/contract.js';\nimport { api } from '../../api/transport.js';\nexport const x = [contract, api];\n")).toEqual([]);
  });

  it('keeps the core away from the venue, except in tests', async () => {
    const code = "import { openDb } from '../../../venue/db/open.js';\nexport const x = openDb;\n";
    expect(await problems('src/main/core/services/bad.ts', code)).toEqual([expect.stringContaining('never imports src/venue')]);
    expect(await problems('src/main/core/services/bad.test.ts', code)).toEqual([]);
  });

  it('loads no native module from shared', async () => {
    expect(await problems('src/shared/crypto/bad.ts', "import binding from 'secp256k1';\nexport const x = binding;\n")).toEqual([expect.stringContaining('native module')]);
  });

  it('loads no module at run time from shared, whatever its name', async () => {
    const code = "const name = 'secp256k1/bindings.js';\nexport const load = () => import(/* @vite-ignore */ name);\n";
    expect(await problems('src/shared/crypto/bad.ts', code, 'no-restricted-syntax')).toEqual([expect.stringContaining('loads no module at run time')]);
    // The loader lives in src/native, which the core and the venue may import and the renderer may not.
    expect(await problems('src/native/loader.ts', code, 'no-restricted-syntax')).toEqual([]);
    expect(await problems('src/shared/crypto/bad.test.ts', code, 'no-restricted-syntax')).toEqual([]);
    expect(await problems('src/renderer/src/features/x/Bad.ts', "import { useNativeSecp256k1 } from '../../../../native/secp256k1.js';\nexport const x = useNativeSecp256k1;\n")).toEqual([
      expect.stringContaining('renderer imports only'),
    ]);
  });
});
