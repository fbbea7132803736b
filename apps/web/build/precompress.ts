import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

// Text that browsers fetch; source maps are left alone (only developer tools read them).
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
// Below this, the headers of a compressed answer outweigh what compression saves.
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, best level) beside every text
 * file of `dir` worth compressing, so the server sends them as they are, compressed once.
 * A copy that would not be smaller is not written. Answers the files compressed.
 */
export async function precompressDirectory(dir: string): Promise<string[]> {
  const done: string[] = [];
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const plain = fs.readFileSync(file);
    if (plain.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(plain, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
        },
      }),
      gzip(plain, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < plain.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < plain.length) fs.writeFileSync(`${file}.gz`, gz);
    done.push(file);
  }
  return done;
}

/** The Vite build step that precompresses the finished build (its output folder). */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'circuits-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDirectory(outDir);
    },
  };
}
