// `npm run icons`: every icon the installers need, rendered from the one source
// `resources/icon.svg` — PNGs for Linux (resources/icons/NxN.png) and the window, icon.ico for
// Windows, icon.icns for macOS. Pure JS and wasm, so it runs on any machine without downloads.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { initWasm, Resvg } from '@resvg/resvg-wasm';

const require = createRequire(import.meta.url);

export const SOURCE = 'resources/icon.svg';
/** Sizes of the Linux icon set (freedesktop hicolor sizes up to 1024). */
export const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024] as const;
/** Windows shell sizes; 256 is what Explorer's large views and the installer use. */
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256] as const;
/** macOS icon types that hold PNG data, with their pixel size (the @2x ones share a size). */
export const ICNS_TYPES = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024],
  ['ic11', 32],
  ['ic12', 64],
  ['ic13', 256],
  ['ic14', 512],
] as const;

let ready: Promise<void> | undefined;
function wasm(): Promise<void> {
  ready ??= initWasm(readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
  return ready;
}

interface Raster {
  size: number;
  png: Buffer;
  /** Straight (not premultiplied) RGBA, row by row from the top. */
  rgba: Buffer;
}

async function render(svg: string, size: number): Promise<Raster> {
  await wasm();
  const image = new Resvg(svg, { fitTo: { mode: 'width', value: size }, font: { loadSystemFonts: false } }).render();
  try {
    const rgba = Buffer.from(image.pixels);
    // resvg hands out premultiplied pixels; BMP entries of an ICO want them straight.
    for (let i = 0; i < rgba.length; i += 4) {
      const a = rgba[i + 3] as number;
      if (a > 0 && a < 255) for (let c = 0; c < 3; c++) rgba[i + c] = Math.min(255, Math.round(((rgba[i + c] as number) * 255) / a));
    }
    return { size, png: Buffer.from(image.asPng()), rgba };
  } finally {
    image.free();
  }
}

/** A 32-bit BMP (DIB) image as an ICO entry stores it: bottom-up BGRA, then the AND mask. */
function dib(r: Raster): Buffer {
  const { size, rgba } = r;
  const maskRow = Math.ceil(size / 32) * 4;
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(size, 4);
  header.writeInt32LE(size * 2, 8); // colour rows + mask rows
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(32, 14);
  header.writeUInt32LE(size * size * 4 + maskRow * size, 20);
  const pixels = Buffer.alloc(size * size * 4);
  const mask = Buffer.alloc(maskRow * size);
  for (let y = 0; y < size; y++) {
    const row = size - 1 - y;
    for (let x = 0; x < size; x++) {
      const s = (y * size + x) * 4;
      const d = (row * size + x) * 4;
      pixels[d] = rgba[s + 2] as number;
      pixels[d + 1] = rgba[s + 1] as number;
      pixels[d + 2] = rgba[s] as number;
      pixels[d + 3] = rgba[s + 3] as number;
      // Old renderers ignore alpha and use the mask: fully transparent pixels are masked out.
      if (rgba[s + 3] === 0) mask[row * maskRow + (x >> 3)] = (mask[row * maskRow + (x >> 3)] as number) | (0x80 >> (x & 7));
    }
  }
  return Buffer.concat([header, pixels, mask]);
}

/** ICO with BMP entries below 256 px (read by every Windows tool, NSIS included) and a PNG at 256. */
export function encodeIco(rasters: readonly Raster[]): Buffer {
  const images = rasters.map((r) => (r.size >= 256 ? r.png : dib(r)));
  const head = Buffer.alloc(6 + 16 * rasters.length);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(rasters.length, 4);
  let offset = head.length;
  rasters.forEach((r, i) => {
    const e = 6 + 16 * i;
    head.writeUInt8(r.size >= 256 ? 0 : r.size, e); // 0 means 256
    head.writeUInt8(r.size >= 256 ? 0 : r.size, e + 1);
    head.writeUInt8(0, e + 2);
    head.writeUInt8(0, e + 3);
    head.writeUInt16LE(1, e + 4);
    head.writeUInt16LE(32, e + 6);
    head.writeUInt32LE((images[i] as Buffer).length, e + 8);
    head.writeUInt32LE(offset, e + 12);
    offset += (images[i] as Buffer).length;
  });
  return Buffer.concat([head, ...images]);
}

/** ICNS: a big-endian length-prefixed list of (type, PNG) entries. */
export function encodeIcns(entries: ReadonlyArray<{ type: string; png: Buffer }>): Buffer {
  const parts = entries.map(({ type, png }) => {
    const h = Buffer.alloc(8);
    h.write(type, 0, 'latin1');
    h.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([h, png]);
  });
  const total = 8 + parts.reduce((n, p) => n + p.length, 0);
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'latin1');
  head.writeUInt32BE(total, 4);
  return Buffer.concat([head, ...parts]);
}

/** Every icon file, by its path under the project, rendered from `svg`. */
export async function iconFiles(svg: string): Promise<Map<string, Buffer>> {
  const sizes = [...new Set<number>([...PNG_SIZES, ...ICO_SIZES, ...ICNS_TYPES.map(([, s]) => s)])].sort((a, b) => a - b);
  const rasters = new Map<number, Raster>();
  for (const size of sizes) rasters.set(size, await render(svg, size));
  const at = (size: number): Raster => rasters.get(size) as Raster;
  const files = new Map<string, Buffer>();
  for (const size of PNG_SIZES) files.set(`resources/icons/${size}x${size}.png`, at(size).png);
  files.set('resources/icon.png', at(1024).png);
  files.set('resources/icon.ico', encodeIco(ICO_SIZES.map(at)));
  files.set('resources/icon.icns', encodeIcns(ICNS_TYPES.map(([type, size]) => ({ type, png: at(size).png }))));
  return files;
}

async function main(): Promise<void> {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const files = await iconFiles(readFileSync(join(root, SOURCE), 'utf8'));
  for (const [path, bytes] of files) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), bytes);
  }
  console.log(`icons: ${files.size} files from ${SOURCE}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
