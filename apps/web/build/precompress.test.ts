import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, expect, it } from 'vitest';
import { precompressDirectory } from './precompress.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

it('writes brotli and gzip copies of the text files worth compressing, and only those', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'circuits-precompress-'));
  dirs.push(dir);
  const script = `const rows = [${Array.from({ length: 300 }, (_, i) => i).join(',')}];`;
  fs.mkdirSync(path.join(dir, 'assets/app/js'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${'<p>Circuits</p>'.repeat(100)}`);
  fs.writeFileSync(path.join(dir, 'assets/app/js/main-1a2b.js'), script);
  fs.writeFileSync(path.join(dir, 'assets/app/js/main-1a2b.js.map'), script);
  fs.writeFileSync(path.join(dir, 'assets/app/js/tiny-3c4d.js'), 'export {}');
  fs.writeFileSync(path.join(dir, 'cover.png'), Buffer.alloc(4096));

  const done = await precompressDirectory(dir);

  expect(done.map((file) => path.relative(dir, file)).sort()).toEqual([
    'assets/app/js/main-1a2b.js',
    'index.html',
  ]);
  const main = path.join(dir, 'assets/app/js/main-1a2b.js');
  expect(zlib.brotliDecompressSync(fs.readFileSync(`${main}.br`)).toString()).toBe(script);
  expect(zlib.gunzipSync(fs.readFileSync(`${main}.gz`)).toString()).toBe(script);
  expect(fs.statSync(`${main}.br`).size).toBeLessThan(fs.statSync(`${main}.gz`).size);
  for (const skipped of [
    'assets/app/js/main-1a2b.js.map',
    'assets/app/js/tiny-3c4d.js',
    'cover.png',
  ]) {
    expect(fs.existsSync(path.join(dir, `${skipped}.br`))).toBe(false);
    expect(fs.existsSync(path.join(dir, `${skipped}.gz`))).toBe(false);
  }
});
