// The layer table of eslint.config.js is an allow-list: each case lints a file that would sit in
// a room and import what that room is not given (never written to disk), and one that keeps to it.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();
async function problems(filePath: string, code: string, rule = 'layers/allowed-imports'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}

describe('the layer table', () => {
  it('keeps the renderer to @shared, its own folder and its UI packages', async () => {
    expect(await problems('src/renderer/src/features/x/Bad.ts', "import { createCore } from '../../../../main/core/index.js';\nexport const x = createCore;\n")).toEqual([
      expect.stringMatching(/^src\/renderer may not import src\/main\/core: .*window\.api/),
    ]);
    expect(await problems('src/renderer/src/features/x/Bad.ts', "import { startVenue } from '../../../../venue/server.js';\nexport const x = startVenue;\n")).toEqual([expect.stringContaining('may not import src/venue')]);
    expect(await problems('src/renderer/src/features/x/Bad.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n")).toEqual([expect.stringContaining('may not import node')]);
    expect(await problems('src/renderer/src/features/x/Bad.ts', "import Database from 'better-sqlite3';\nexport const x = Database;\n")).toEqual([expect.stringContaining('may not import better-sqlite3')]);
    expect(await problems('src/renderer/src/features/x/Good.ts', "import { contract } from '@shared/ipc/contract.js';\nimport { create } from 'zustand';\nimport { api } from '../../api/transport.js';\nexport const x = [contract, api, create];\n")).toEqual([]);
  });

  it('keeps the core away from the venue and electron, except the venue in tests', async () => {
    const code = "import { openDb } from '../../../venue/db/open.js';\nexport const x = openDb;\n";
    expect(await problems('src/main/core/cache/bad.ts', code)).toEqual([expect.stringContaining('over HTTP only')]);
    expect(await problems('src/main/core/cache/bad.test.ts', code)).toEqual([]);
    expect(await problems('src/main/core/cache/bad.ts', "import { app } from 'electron';\nexport const x = app;\n")).toEqual([expect.stringContaining('may not import electron')]);
  });

  it("keeps the core's shared parts out of its domains: only createCore lists them", async () => {
    const code = "import { ordersDomain } from '../domains/orders/index.js';\nexport const x = ordersDomain;\n";
    expect(await problems('src/main/core/cache/bad.ts', code)).toEqual([expect.stringContaining('src/main/core may not import src/main/core/domains')]);
    expect(await problems('src/main/core/index.ts', "import { ordersDomain } from './domains/orders/index.js';\nexport const x = ordersDomain;\n")).toEqual([]);
    expect(await problems('src/main/core/domains/alerts/bad.ts', "import { Sessions } from '../../session.js';\nimport { ordersDomain } from '../orders/index.js';\nexport const x = [Sessions, ordersDomain];\n")).toEqual([]);
    expect(await problems('src/main/core/domains/alerts/bad.ts', "import { app } from 'electron';\nexport const x = app;\n")).toEqual([expect.stringContaining('may not import electron')]);
  });

  it('keeps the venue and shared code from importing the app', async () => {
    expect(await problems('src/venue/trading/bad.ts', "import { createCore } from '../../main/core/index.js';\nexport const x = createCore;\n")).toEqual([expect.stringContaining('src/venue may not import src/main/core')]);
    expect(await problems('src/shared/domain/bad.ts', "import { createCore } from '../../main/core/index.js';\nexport const x = createCore;\n")).toEqual([expect.stringContaining('src/shared may not import src/main/core')]);
    expect(await problems('src/shared/crypto/bad.ts', "import binding from 'secp256k1';\nexport const x = binding;\n")).toEqual([expect.stringContaining('may not import secp256k1')]);
  });

  it('keeps the venue\'s exchange to the venue\'s own modules and SQLite', async () => {
    expect(await problems('src/venue/exchange/bad.ts', "import Fastify from 'fastify';\nexport const x = Fastify;\n")).toEqual([expect.stringContaining('src/venue/exchange may not import fastify')]);
    expect(await problems('src/venue/exchange/bad.ts', "import { Worker } from 'node:worker_threads';\nexport const x = Worker;\n")).toEqual([expect.stringContaining('src/venue/exchange may not import node')]);
    expect(await problems('src/venue/exchange/bad.ts', "import { createCore } from '../../main/core/index.js';\nexport const x = createCore;\n")).toEqual([expect.stringContaining('src/venue/exchange may not import src/main/core')]);
    expect(await problems('src/venue/exchange/good.ts', "import type { Db } from '../db/open.js';\nimport { OrderBook } from './book.js';\nexport type X = Db;\nexport const x = OrderBook;\n")).toEqual([]);
    expect(await problems('src/venue/trading/good.ts', "import { Books } from '../exchange/books.js';\nexport const x = Books;\n")).toEqual([]);
  });

  it('refuses a file in a folder with no room', async () => {
    expect(await problems('src/newroom/x.ts', 'export const x = 1;\n')).toEqual([expect.stringContaining('src/newroom/x.ts is in no room of the layer table')]);
    expect(await problems('tools/x.ts', 'export const x = 1;\n')).toEqual([expect.stringContaining('is in no room')]);
  });

  it('loads no module at run time from shared, whatever its name', async () => {
    const code = "const name = 'secp256k1/bindings.js';\nexport const load = () => import(/* @vite-ignore */ name);\n";
    expect(await problems('src/shared/crypto/bad.ts', code, 'no-restricted-syntax')).toEqual([expect.stringContaining('loads no module at run time')]);
    // The loader lives in src/native, which the core and the venue may import and the renderer may not.
    expect(await problems('src/native/loader.ts', code, 'no-restricted-syntax')).toEqual([]);
    expect(await problems('src/shared/crypto/bad.test.ts', code, 'no-restricted-syntax')).toEqual([]);
    expect(await problems('src/renderer/src/features/x/Bad.ts', "import { useNativeSecp256k1 } from '../../../../native/secp256k1.js';\nexport const x = useNativeSecp256k1;\n")).toEqual([
      expect.stringContaining('src/renderer may not import src/native'),
    ]);
  });
});
