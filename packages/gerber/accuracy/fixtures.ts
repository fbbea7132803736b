// The shared real-world fixtures: ../shared/fixtures beside the project, or FIXTURES_DIR.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { detectFiletype, type Filetype } from '../src/index.ts';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export function fixturesDir(): string {
  return process.env.FIXTURES_DIR ?? resolve(projectRoot, '../shared/fixtures');
}

export function fixturesPresent(): boolean {
  return existsSync(join(fixturesDir(), 'gerber'));
}

export interface LayerFile {
  /** Board or feature-test folder, e.g. "gerber/arduino-uno". */
  board: string;
  name: string;
  path: string;
  filetype: Filetype;
}

/** Files that are not layers although they look like Gerber or drill data. */
const NOT_LAYERS = /(\.md|\.svg|\.json|\.gbrjob|nc_param\.txt)$/i;

/** Every Gerber and drill file of the boards and feature tests, folder by folder. */
export function layerFiles(): LayerFile[] {
  const root = fixturesDir();
  const files: LayerFile[] = [];
  for (const group of ['gerber', 'gerber-large']) {
    const groupDir = join(root, group);
    if (!existsSync(groupDir)) continue;
    for (const folder of readdirSync(groupDir).sort()) {
      const folderDir = join(groupDir, folder);
      if (!statSync(folderDir).isDirectory()) continue;
      for (const path of walk(folderDir)) {
        const name = path.slice(folderDir.length + 1);
        if (NOT_LAYERS.test(name)) continue;
        const filetype = detectFiletype(readFileSync(path, 'latin1'), { sync: true });
        if (filetype) files.push({ board: `${group}/${folder}`, name, path, filetype });
      }
    }
  }
  return files;
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...walk(path));
    else out.push(path);
  }
  return out;
}
