// Real-world drill suites: every drill and rout file of the shared boards and feature tests parses
// and plots without unrecognised blocks, drills what an independent line count says, and lands
// inside the board's copper. They run when ../shared/fixtures (or FIXTURES_DIR) is present.
import { describe, expect, it } from 'vitest';
import { MM_PER_INCH } from '../constants.ts';
import { identifyLayers } from '../identify/identify-layers.ts';
import { parseIdentityTable } from '../identify/test-support/source-expectations.ts';
import type { Box, LayerImage } from '../image/types.ts';
import { parse } from '../parse.ts';
import { plot } from '../plot/plot.ts';
import { exists, fixturesDir, listFiles, readText, report } from '../test-support/fixture-files.ts';
import { type DrillCensus, drillCensus } from './test-support/drill-census.ts';
import {
  drillFilesIn,
  type FixtureDrillFile,
  fixtureFolders,
} from './test-support/fixture-drill-files.ts';

function drillImage(file: FixtureDrillFile): LayerImage {
  const tree = parse(file.text, { ...file.options, filetype: 'drill' });
  if (tree.type !== 'drill') throw new Error(`${file.name} was not parsed as a drill file`);
  return plot(tree);
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** The image's holes and paths per tool size, in the census's shape. */
function imageCensus(image: LayerImage): Pick<DrillCensus, 'holes' | 'paths'> {
  const holes = new Map<number, number>();
  const paths = new Map<number, number>();
  for (const graphic of image.runs.flatMap((run) => run.graphics)) {
    if (graphic.type === 'flash') {
      const circle = graphic.shape.primitives[0];
      const size = round(circle?.type === 'circle' ? circle.r * 2 : Number.NaN);
      holes.set(size, (holes.get(size) ?? 0) + graphic.positions.length / 2);
    } else if (graphic.type === 'stroke') {
      const size = round(graphic.width);
      paths.set(size, (paths.get(size) ?? 0) + graphic.segments.length);
    }
  }
  return { holes, paths };
}

function sorted(map: Map<number, number>): [number, number][] {
  return [...map].sort((a, b) => a[0] - b[0]);
}

function total(map: Map<number, number>): number {
  return [...map.values()].reduce((sum, count) => sum + count, 0);
}

function toMm(box: Box, units: 'in' | 'mm'): Box {
  const k = units === 'in' ? MM_PER_INCH : 1;
  return { minX: box.minX * k, minY: box.minY * k, maxX: box.maxX * k, maxY: box.maxY * k };
}

/** The union of the top and bottom copper boxes of a board, in mm; null without copper. */
function copperBox(fixtures: string, folder: string): Box | null {
  const path = `${fixtures}/${folder}`;
  const names = listFiles(path);
  const table = exists(`${path}/SOURCE.md`)
    ? parseIdentityTable(readText(`${path}/SOURCE.md`))
    : [];
  const outer = (type: string | null, side: string | null) =>
    type === 'copper' && (side === 'top' || side === 'bottom');
  const identities = identifyLayers(names.map((filename) => ({ filename })));
  const copper =
    table.length > 0
      ? table.filter((row) => outer(row.type, row.side)).map((row) => row.file)
      : names.filter((_, index) =>
          outer(identities[index]?.type ?? null, identities[index]?.side ?? null),
        );
  let union: Box | null = null;
  for (const name of copper) {
    const tree = parse(readText(`${path}/${name}`), { filetype: 'gerber' });
    if (tree.type === 'error') continue;
    const image = plot(tree);
    if (!image.box) continue;
    const box = toMm(image.box, image.units);
    union = union
      ? {
          minX: Math.min(union.minX, box.minX),
          minY: Math.min(union.minY, box.minY),
          maxX: Math.max(union.maxX, box.maxX),
          maxY: Math.max(union.maxY, box.maxY),
        }
      : box;
  }
  return union;
}

function checkFile(file: FixtureDrillFile): LayerImage {
  const image = drillImage(file);
  const lineCount = file.text.split(/\r\n|\r|\n/).length;
  expect(image.filetype).toBe('drill');
  expect(image.warnings.filter((w) => w.code === 'unrecognised-block')).toEqual([]);
  for (const w of image.warnings) {
    expect(w.line).toBeGreaterThanOrEqual(1);
    expect(w.line).toBeLessThanOrEqual(lineCount);
  }
  const holesizeScale = (image.units === 'mm' ? MM_PER_INCH : 1) / 1000;
  const expected = drillCensus(file.text, holesizeScale);
  const actual = imageCensus(image);
  const undefinedTools = image.warnings.some((w) => w.code === 'tool-not-defined');
  if (expected.unsizedHoles + expected.unsizedPaths === 0) {
    expect(sorted(actual.holes)).toEqual(sorted(expected.holes));
    expect(sorted(actual.paths)).toEqual(sorted(expected.paths));
  } else {
    // Tools without a size are drawn at an assumed size, with a warning.
    expect(undefinedTools).toBe(true);
    expect(total(actual.holes)).toBe(total(expected.holes) + expected.unsizedHoles);
    expect(total(actual.paths)).toBe(total(expected.paths) + expected.unsizedPaths);
  }
  return image;
}

function boardSuite(fixtures: string): void {
  const boards = fixtureFolders(fixtures).filter((folder) => !folder.includes('feature-tests'));
  const tally = { files: 0, holes: 0, paths: 0 };

  describe('drill and rout files of the boards', () => {
    for (const board of boards) {
      const files = drillFilesIn(fixtures, board);
      describe(board, () => {
        it('has every drill and rout file SOURCE.md lists', () => {
          const source = `${fixtures}/${board}/SOURCE.md`;
          const listed = exists(source)
            ? parseIdentityTable(readText(source))
                .filter((row) => row.type === 'drill' || row.rout)
                .map((row) => row.file)
            : [];
          expect(files.map((file) => file.name)).toEqual(expect.arrayContaining(listed));
          expect(files.length).toBeGreaterThan(0);
        });

        const copper = copperBox(fixtures, board);
        it('has outer copper to check the holes against', () => {
          expect(copper).not.toBeNull();
        });
        for (const file of files) {
          it(`${file.name}: drills what the file says, inside the copper`, () => {
            const image = checkFile(file);
            const census = imageCensus(image);
            tally.files++;
            tally.holes += total(census.holes);
            tally.paths += total(census.paths);
            expect(image.box).not.toBeNull();
            if (!copper || !image.box) return;
            const box = toMm(image.box, image.units);
            // Holes lie on the board; copper reaches (almost) to its edges.
            const margin = 0.02 * Math.max(copper.maxX - copper.minX, copper.maxY - copper.minY);
            expect(box.minX).toBeGreaterThanOrEqual(copper.minX - margin);
            expect(box.minY).toBeGreaterThanOrEqual(copper.minY - margin);
            expect(box.maxX).toBeLessThanOrEqual(copper.maxX + margin);
            expect(box.maxY).toBeLessThanOrEqual(copper.maxY + margin);
            // A misread format shrinks or stretches the holes away from the board's size.
            if (total(census.holes) >= 10) {
              const spread = Math.max(
                (box.maxX - box.minX) / (copper.maxX - copper.minX),
                (box.maxY - box.minY) / (copper.maxY - copper.minY),
              );
              expect(spread).toBeGreaterThan(0.3);
            }
          });
        }

        it('marks plating as SOURCE.md states it, when the file says it', () => {
          const source = `${fixtures}/${board}/SOURCE.md`;
          const rows = exists(source) ? parseIdentityTable(readText(source)) : [];
          for (const file of files) {
            const expected = rows.find((row) => row.file === file.name)?.plating;
            const graphics = drillImage(file).runs.flatMap((run) => run.graphics);
            const flags = new Set(
              graphics.map((g) =>
                g.type === 'flash' || g.type === 'stroke' ? g.plated : undefined,
              ),
            );
            if (!expected || flags.has(undefined)) continue;
            const found = flags.size === 2 ? 'mixed' : flags.has(true) ? 'plated' : 'non-plated';
            expect(`${file.name}: ${found}`).toBe(`${file.name}: ${expected}`);
          }
        });
      });
    }

    it('reports the totals', () => {
      report(
        `board drill files: ${tally.files}, holes ${tally.holes}, slots and paths ${tally.paths}`,
      );
      expect(tally.files).toBeGreaterThan(0);
    });
  });

  describe('format hints that boards depend on', () => {
    it('8bit-mixtape: the kept trailing zeros tell leading zero suppression, as {zero: "L"} does', () => {
      const [file] = drillFilesIn(fixtures, 'gerber/8bit-mixtape');
      if (!file) throw new Error('mixtape.txt missing');
      const tree = parse(file.text, { filetype: 'drill' });
      const format = tree.type === 'drill' ? tree.nodes.find((n) => n.type === 'format') : null;
      expect(format).toMatchObject({ zero: 'L', zeroSource: 'detected' });
      const withOption = plot(parse(file.text, { filetype: 'drill', zero: 'L' }) as never);
      expect(drillImage(file).runs).toEqual(withOption.runs);
    });

    it('allegro-minnowmax: Holesize comments give the sizes and quantities of the tools', () => {
      const file = drillFilesIn(fixtures, 'gerber/allegro-minnowmax-10layer').find((f) =>
        f.name.endsWith('.drl'),
      );
      if (!file) throw new Error('NCDRILL missing');
      const stated = [...file.text.matchAll(/^;T\d+ Holesize \S+ = ([\d.]+) .*Quantity = (\d+)/gm)];
      const quantities = new Map<number, number>();
      for (const [, mils = '', quantity = ''] of stated) {
        const size = round(Number(mils) / 1000);
        quantities.set(size, (quantities.get(size) ?? 0) + Number(quantity));
      }
      expect(stated.length).toBe(15);
      expect(sorted(imageCensus(drillImage(file)).holes)).toEqual(sorted(quantities));
    });
  });
}

/** Width and height of an SVG (a reference's or ours, quoted either way), in inches. */
function svgSize(svg: string): [number, number] {
  const width = /width=["']([\d.]+)in["']/.exec(svg)?.[1];
  const height = /height=["']([\d.]+)in["']/.exec(svg)?.[1];
  return [Number(width), Number(height)];
}

function featureSuite(fixtures: string): void {
  const folders = [
    'gerber/feature-tests-gerbv',
    'gerber/feature-tests-kicad-gerbview',
    'gerber/feature-tests-tracespace',
    'gerber/feature-tests-ucamco',
  ];
  const files = folders.flatMap((folder) => drillFilesIn(fixtures, folder));

  describe('drill feature tests', () => {
    it('finds the drill feature files', () => {
      report(`drill feature-test files: ${files.length}`);
      expect(files.length).toBeGreaterThanOrEqual(18);
    });

    for (const file of files) {
      it(`${file.folder.replace('gerber/', '')}/${file.name}: drills what the file says`, () => {
        checkFile(file);
      });
    }

    const byName = (name: string): FixtureDrillFile => {
      const file = files.find((f) => f.name === name);
      if (!file) throw new Error(`${name} missing`);
      return file;
    };
    const holesOf = (image: LayerImage) =>
      image.runs
        .flatMap((run) => run.graphics)
        .flatMap((g) => (g.type === 'flash' ? g.positions : []))
        .map(round);

    it('gerbv LZ, TZ and spaces files put the same three holes at (-0.1, 3), (0, 3), (0.1, 3)', () => {
      for (const name of [
        'test-drill-leading-zero-1.exc',
        'test-drill-trailing-zero-1.exc',
        'test-drill-spaces.exc',
      ]) {
        expect(holesOf(drillImage(byName(name)))).toEqual([-0.1, 3, 0, 3, 0.1, 3]);
      }
    });

    it('gerbv Altium FILE_FORMAT files read 2:3 whether the comment comes before INCH or after', () => {
      const before = drillImage(byName('Altium_file_format_inch.drl'));
      const after = drillImage(byName('Altium_inch_file_format.drl'));
      expect(holesOf(before)).toEqual([1.875, 0.35, 1.965, 0.46]);
      expect(holesOf(after)).toEqual(holesOf(before));
    });

    it('gerbv trailing-zero-suppression file: detected format, G93 drills nothing', () => {
      const image = drillImage(byName('test-drill-trailing-zero-suppression.exc'));
      expect(image.units).toBe('mm');
      // The first holes, as the file's authors meant them (3 integer places, metric).
      expect(holesOf(image).slice(0, 6)).toEqual([
        126.467, 128.118, 135.509, 96.266, 133.985, 96.266,
      ]);
    });

    it('empty files and files with only an out-of-range tool number draw nothing', () => {
      for (const name of ['empty.xnc', 'test-out-of-bounds-drill-tool.exc']) {
        const image = drillImage(byName(name));
        expect(image.box).toBeNull();
        expect(image.runs).toEqual([]);
      }
    });

    it('tracespace drill files have the size of their reference SVGs', () => {
      const tracespace = files.filter((f) => f.folder.includes('feature-tests-tracespace'));
      expect(tracespace.map((f) => f.name)).toEqual([
        'arc-route.drl',
        'hit.drl',
        'linear-route.drl',
        'slot.drl',
      ]);
      for (const file of tracespace) {
        const reference = readText(
          `${fixtures}/${file.folder}/${file.name.replace('.drl', '.svg')}`,
        );
        const box = drillImage(file).box;
        expect(box).not.toBeNull();
        if (!box) continue;
        const [width, height] = svgSize(reference);
        expect([round(box.maxX - box.minX), round(box.maxY - box.minY)]).toEqual([width, height]);
      }
    });
  });
}

const fixtures = fixturesDir();
if (fixtures === null) {
  report('drill fixture suites skipped: ../shared/fixtures not found (set FIXTURES_DIR)');
  it.skip('real-fixture drill suites (need ../shared/fixtures)', () => {});
} else {
  boardSuite(fixtures);
  featureSuite(fixtures);
}
