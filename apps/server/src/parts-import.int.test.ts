import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm run parts:import` as an administrator runs it, on real catalogue files (../shared/fixtures,
// never copied into the project) into a fresh embedded database: the summary, the refused lines,
// the exit status, and a second file of the same parts updating them in place.

const FIXTURES =
  process.env.FIXTURES_DIR ?? path.resolve(import.meta.dirname, '../../../../shared/fixtures');
const TABLES = path.join(FIXTURES, 'assembly-corpus', 'atopile__atopile');
const present = fs.existsSync(path.join(TABLES, 'jlc_parts.csv'));
if (!present) console.log(`parts:import tests skipped: ${TABLES} is absent`);

const SCRIPT = path.resolve(import.meta.dirname, 'parts-import.ts');

describe.runIf(present)('npm run parts:import', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-import-cli-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const run = (...args: string[]) => {
    const { DATABASE_URL: _, ...env } = process.env;
    const result = spawnSync(process.execPath, [SCRIPT, ...args], {
      env: { ...env, DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 240_000,
    });
    return { status: result.status, out: result.stdout, err: result.stderr };
  };

  it('imports the LCSC table, merges a second LCSC code of a part, and exits 0', () => {
    const result = run(path.join(TABLES, 'jlc_parts.csv'));
    expect(result.err).not.toMatch(/Import failed/);
    expect(result.out).toContain('(lcsc)');
    // 1,799 rows, two of them a second LCSC code of a part number already read.
    expect(result.out).toMatch(/Added 1,797, updated 0, merged 2 .*refused 0 of 1,799 records/);
    expect(result.status).toBe(0);
  }, 240_000);

  it('updates the parts it knows in place, names each refused line, and exits 1', () => {
    const result = run(path.join(TABLES, 'Basic_Parts.csv'), '--format', 'lcsc');
    // The Basic parts were in the first table: updated, not added twice.
    expect(result.out).toMatch(/updated 408,/);
    expect(result.out).toMatch(/refused 4 of 691 records/);
    expect(result.out).toContain('4 × no manufacturer part number (MFR.Part #)');
    expect(result.out).toContain('line 107: jlcparts:C2297');
    expect(result.status).toBe(1);
  }, 240_000);

  it('refuses an unknown format before opening the database', () => {
    const result = run(path.join(TABLES, 'jlc_parts.csv'), '--format', 'xlsx');
    expect(result.err).toContain('Unknown format "xlsx"');
    expect(result.status).toBe(2);
  });
});
