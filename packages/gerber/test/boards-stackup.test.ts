import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturesDir, fixturesPresent } from '../accuracy/fixtures.ts';
import { renderBoard, svgJsonString } from '../src/index.ts';
import { undefinedReferences } from './gerber-arbitraries.ts';

const present = fixturesPresent();
if (!present) console.log(`board stack-up suite skipped: no fixtures at ${fixturesDir()}`);

/** Every folder of the shared fixtures: the boards, the large boards and the feature tests. */
function folders(): { name: string; path: string }[] {
  return ['gerber', 'gerber-large'].flatMap((group) => {
    const root = join(fixturesDir(), group);
    if (!existsSync(root)) return [];
    return readdirSync(root)
      .filter((name) => statSync(join(root, name)).isDirectory())
      .map((name) => ({ name: `${group}/${name}`, path: join(root, name) }));
  });
}

/** The upload of a folder: every file but the notes and reference pictures. */
function upload(path: string): { filename: string; gerber: string }[] {
  const files: { filename: string; gerber: string }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (!/\.(md|svg|json)$/i.test(name)) {
        files.push({ filename: full.slice(path.length + 1), gerber: readFileSync(full, 'latin1') });
      }
    }
  };
  walk(path);
  return files;
}

/** "Stack-up: 4 copper layers" or "6 copper layers" in SOURCE.md, when it says. */
function statedCopperLayers(path: string): number | null {
  const source = join(path, 'SOURCE.md');
  if (!existsSync(source)) return null;
  const match = /(\d+) copper layers/.exec(readFileSync(source, 'utf8'));
  return match ? Number(match[1]) : null;
}

/** Published sizes of the real boards (the makers' data sheets), width × length in mm. */
const KNOWN_SIZES: Record<string, [number, number]> = {
  'gerber/arduino-uno': [68.6, 53.3],
  'gerber/esp32-poe-rev-m': [28, 80],
};

describe.skipIf(!present)('every fixture folder renders as a board', () => {
  it.each(present ? folders().map((folder) => [folder.name, folder] as const) : [])(
    '%s',
    (name, folder) => {
      const board = renderBoard({ layers: upload(folder.path) });
      for (const side of [board.top, board.bottom]) {
        expect(side.viewBox.every(Number.isFinite)).toBe(true);
        expect(undefinedReferences(side.svg)).toEqual([]);
      }
      for (const layer of board.layers) {
        if (layer.rendered) expect(undefinedReferences(layer.rendered.svg)).toEqual([]);
      }
      // The stored render writes the pictures' SVG without JSON.stringify: it must come out the
      // same, and quickly (a single-quoted attribute left double-quoted would take the slow way).
      const pictures = [board.top, board.bottom, ...board.layers.map((layer) => layer.rendered)];
      for (const picture of pictures) {
        if (!picture) continue;
        expect(svgJsonString(picture.svg)).toBe(JSON.stringify(picture.svg));
        expect(JSON.stringify(picture.svg)).toHaveLength(picture.svg.length + 2);
      }
      if (name.includes('feature-tests')) return;
      // Real boards: every layer file reads.
      expect(board.layers.filter((layer) => layer.error)).toEqual([]);
      expect(board.boardShape).not.toBe('none');
      expect(board.widthMm).toBeGreaterThan(0);
      expect(board.lengthMm).toBeGreaterThan(0);
      const copper = statedCopperLayers(folder.path);
      if (copper !== null) expect(board.copperLayers).toBe(copper);
      const known = KNOWN_SIZES[name];
      if (known) {
        expect(board.boardShape).toBe('outline');
        expect(board.widthMm).toBeCloseTo(known[0], 0);
        expect(board.lengthMm).toBeCloseTo(known[1], 0);
      }
    },
    60_000,
  );

  it('measures a board without an outline on its copper and holes, not its films’ frame', () => {
    const folder = folders().find(({ name }) => name === 'gerber/allegro-minnowmax-10layer');
    if (!folder) return;
    // Every Allegro film of the MinnowMax holds its 212 × 127 mm frame and registration marks;
    // the board (a MinnowBoard MAX measures 99 × 74 mm) is where the pads and holes crowd.
    const board = renderBoard({ layers: upload(folder.path) });
    expect(board.boardShape).toBe('copper-extent');
    expect(board.widthMm).toBeGreaterThan(95);
    expect(board.widthMm).toBeLessThan(102);
    expect(board.lengthMm).toBeGreaterThan(70);
    expect(board.lengthMm).toBeLessThan(76);
  }, 60_000);

  it('takes the shape from the outline layer wherever one closes around the board', () => {
    const shapes = Object.fromEntries(
      folders()
        .filter(({ name }) => !name.includes('feature-tests'))
        .map(({ name, path }) => [name, renderBoard({ layers: upload(path) }).boardShape]),
    );
    expect(shapes).toEqual({
      'gerber/8bit-mixtape': 'outline',
      // Only a rout file of slots: no board edge.
      'gerber/allegro-minnowmax-10layer': 'copper-extent',
      'gerber/arduino-uno': 'outline',
      'gerber/clockblock': 'outline',
      'gerber/diptrace-fd1-mainboard': 'outline',
      'gerber/eagle9-gyw-x2': 'outline',
      'gerber/esp32-poe-rev-m': 'outline',
      // No outline file (SOURCE.md).
      'gerber/geda-stepper-controller': 'copper-extent',
      'gerber/orcad-rs232-legacy': 'copper-extent',
      'gerber/usbvil': 'outline',
      'gerber-large/a64-olinuxino': 'outline',
      'gerber-large/limesdr-qpcie': 'outline',
    });
  }, 120_000);
});
