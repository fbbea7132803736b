// The figures of the shared fixture boards (fixtures/figures.json), checked against measurements
// made without packages/dfm's geometry: the thinnest X2 conductor aperture of each copper file,
// the smallest drill of each Excellon tool table, and the gap at the worst clearance measured on
// a raster of the layer at 0.5 µm a pixel. Set DFM_WRITE_FIGURES=1 to write the figures anew.

import { type BoardLayer, type LayerImage, renderBoard, renderLayer } from '@circuits/gerber';
import { fixturesDir, listFiles, readText, report } from '@circuits/gerber/test-support';
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { checkBoard } from './check-board.ts';
import {
  excellonSmallestDrill,
  type Raster,
  rasterGapAt,
  x2ThinnestConductor,
} from './test-support/independent.ts';
import type { DfmReport } from './types.ts';

const BOARDS = [
  'gerber-large/a64-olinuxino',
  'gerber-large/limesdr-qpcie',
  'gerber/esp32-poe-rev-m',
  'gerber/arduino-uno',
  'gerber/clockblock',
  'gerber/8bit-mixtape',
];

/**
 * Boards whose copper layer is too large to draw whole as SVG in a test worker's memory (resvg
 * reads the layer's whole SVG to draw any window of it).
 */
const NO_RASTER = new Set(['gerber-large/limesdr-qpcie']);

/** Boards whose copper files carry X2 aperture functions (KiCad 5). */
const X2_BOARDS = new Set(['gerber-large/a64-olinuxino', 'gerber/esp32-poe-rev-m']);

type Figures = Record<string, Record<string, { worst: number | null; count: number }>>;

const FIGURES_PATH = 'src/fixtures/figures.json';
const nodeProcess = (
  globalThis as unknown as {
    process: { env: Record<string, string | undefined>; getBuiltinModule(id: 'node:fs'): unknown };
  }
).process;
const fs = nodeProcess.getBuiltinModule('node:fs') as {
  writeFileSync(path: string, text: string): void;
  readFileSync(path: string, encoding: 'utf8'): string;
};

const fixtures = fixturesDir();
const round = (value: number | null) =>
  value === null ? null : Math.round(value * 10_000) / 10_000;

function loadBoard(folder: string): { layers: BoardLayer[]; texts: Map<string, string> } {
  const root = `${fixtures}/${folder}`;
  const names = listFiles(root).filter((name) => name !== 'SOURCE.md');
  const texts = new Map(names.map((name) => [name, readText(`${root}/${name}`)]));
  const board = renderBoard({
    layers: names.map((filename) => ({ filename, gerber: texts.get(filename) as string })),
  });
  return { layers: board.layers, texts };
}

const MM_PER_INCH = 25.4;

/** The layer's copper in a square window around (x, y) mm, drawn by resvg from its SVG. */
function rasterAround(
  image: LayerImage,
  x: number,
  y: number,
  halfMm: number,
  mmPerPixel: number,
): Raster {
  const unitsPerMm = image.units === 'in' ? 1000 / MM_PER_INCH : 1000;
  const pixels = Math.round((2 * halfMm) / mmPerPixel);
  const box = [
    (x - halfMm) * unitsPerMm,
    -(y + halfMm) * unitsPerMm,
    2 * halfMm * unitsPerMm,
    2 * halfMm * unitsPerMm,
  ];
  const svg = renderLayer(image)
    .svg.replace(/viewBox=['"][^'"]*['"]/, `viewBox='${box.join(' ')}'`)
    .replace(/ width=['"][^'"]*['"]/, ` width='${pixels}'`)
    .replace(/ height=['"][^'"]*['"]/, ` height='${pixels}'`);
  const png = new Resvg(svg, {
    fitTo: { mode: 'width', value: pixels },
    shapeRendering: 2,
  }).render();
  const rgba = png.pixels;
  const data = new Uint8Array(png.width * png.height);
  for (let i = 0; i < data.length; i++) data[i] = (rgba[4 * i + 3] as number) >= 128 ? 1 : 0;
  return { width: png.width, height: png.height, data, mmPerPixel, x0: x - halfMm, y0: y + halfMm };
}

function figuresOf(result: DfmReport): Figures[string] {
  return Object.fromEntries(
    result.checks.map((check) => [check.check, { worst: round(check.worst), count: check.count }]),
  );
}

describe.skipIf(fixtures === null)('figures of the shared fixture boards', () => {
  const measured: Figures = {};

  it.each(BOARDS)(
    '%s: independent measurements agree',
    (folder) => {
      const { layers, texts } = loadBoard(folder);
      const result = checkBoard(layers);
      measured[folder] = figuresOf(result);
      const worst = (check: string) =>
        result.checks.find((entry) => entry.check === check)?.worst ?? null;

      // Tracks: no stroke thinner than the thinnest X2 conductor aperture, where there are any.
      const conductors = layers
        .filter((layer) => layer.type === 'copper')
        .map((layer) => x2ThinnestConductor(texts.get(layer.filename ?? '') ?? ''))
        .filter((width): width is number => width !== null);
      // KiCad writes X2 attributes: these boards must have had their tracks checked this way.
      if (X2_BOARDS.has(folder)) expect(conductors.length).toBeGreaterThan(0);
      if (conductors.length > 0) {
        expect(Math.abs((worst('track-width') ?? 0) - Math.min(...conductors))).toBeLessThan(
          0.0005,
        );
      }

      // Drills: the smallest tool used, read from the tool tables.
      const drills = layers
        .filter((layer) => layer.type === 'drill')
        .map((layer) => excellonSmallestDrill(texts.get(layer.filename ?? '') ?? ''))
        .filter((size): size is number => size !== null);
      if (drills.length > 0) {
        expect(Math.abs((worst('drill-size') ?? 0) - Math.min(...drills))).toBeLessThan(0.0005);
      }

      // Clearance: the gap at the worst place, on a raster of that layer.
      const [gap] = result.checks.find((entry) => entry.check === 'clearance')?.findings ?? [];
      if (gap && !NO_RASTER.has(folder)) {
        const layer = layers.find((entry) => entry.filename === gap.layer);
        const raster = rasterAround(layer?.converter as LayerImage, gap.x, gap.y, 0.15, 0.0005);
        const onRaster = rasterGapAt(raster, gap.x, gap.y);
        report(
          `${folder}: clearance ${gap.value.toFixed(4)} mm, raster ${onRaster?.toFixed(4)} mm`,
        );
        expect(onRaster).not.toBeNull();
        expect(Math.abs((onRaster as number) - gap.value)).toBeLessThan(0.002);
      }
      report(`${folder}: ${JSON.stringify(measured[folder])} in ${result.ms} ms`);
    },
    120_000,
  );

  it('the committed figures are what the boards measure', () => {
    if (nodeProcess.env.DFM_WRITE_FIGURES) {
      fs.writeFileSync(FIGURES_PATH, `${JSON.stringify(measured, null, 2)}\n`);
    }
    const committed = JSON.parse(fs.readFileSync(FIGURES_PATH, 'utf8')) as Figures;
    expect(measured).toEqual(committed);
  });
});
