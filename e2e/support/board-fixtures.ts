import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ZipEntry } from './zip.ts';

// The real boards of ../shared/fixtures (or FIXTURES_DIR). Journeys that need them skip, saying
// why, when the folder is absent.

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const FIXTURES_DIR = path.resolve(
  repositoryRoot,
  process.env.FIXTURES_DIR ?? '../shared/fixtures',
);

export function boardDir(board: string): string {
  return path.join(FIXTURES_DIR, 'gerber', board);
}

/** Why a journey needing the board cannot run here, or null when it can. */
export function missingBoardReason(board: string): string | null {
  const dir = boardDir(board);
  return existsSync(path.join(dir, 'SOURCE.md'))
    ? null
    : `the board fixture ${dir} is absent (set FIXTURES_DIR to the shared fixtures folder)`;
}

/** The board's files (SOURCE.md left out), for zipping. */
export function boardFiles(board: string): ZipEntry[] {
  const dir = boardDir(board);
  return readdirSync(dir)
    .filter((name) => name !== 'SOURCE.md')
    .sort()
    .map((name) => ({ name, content: readFileSync(path.join(dir, name)) }));
}

export interface ExpectedLayer {
  file: string;
  type: string;
  side: string;
}

/** The "Files and expected layer identity" table of the board's SOURCE.md. */
export function expectedLayers(board: string): ExpectedLayer[] {
  const source = readFileSync(path.join(boardDir(board), 'SOURCE.md'), 'utf8');
  const rows: ExpectedLayer[] = [];
  let inTable = false;
  for (const line of source.split(/\r?\n/)) {
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (cells.length < 3) {
      if (inTable) break;
      continue;
    }
    if (cells[0] === 'file' && cells[1] === 'type' && cells[2] === 'side') {
      inTable = true;
      continue;
    }
    if (!inTable || /^-+$/.test(cells[0] ?? '')) continue;
    rows.push({ file: cells[0] ?? '', type: cells[1] ?? '', side: cells[2] ?? '' });
  }
  if (rows.length === 0) throw new Error(`${board}/SOURCE.md has no file/type/side table`);
  return rows;
}
