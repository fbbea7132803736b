import { describe, expect, it } from 'vitest';
import type { ArcSegment, FlashGraphic, LayerImage, StrokeGraphic } from '../image/types.ts';
import { plot } from '../plot/plot.ts';
import { renderLayer } from '../render/render-layer.ts';
import { parseDrill } from './parse-drill.ts';
import { MAX_REPEATED_HOLES } from './plot-drill.ts';

function plotText(...lines: string[]): LayerImage {
  return plot(parseDrill(`${lines.join('\n')}\n`));
}

function flashes(image: LayerImage): FlashGraphic[] {
  return image.runs.flatMap((run) => run.graphics).filter((g) => g.type === 'flash');
}

function strokes(image: LayerImage): StrokeGraphic[] {
  return image.runs.flatMap((run) => run.graphics).filter((g) => g.type === 'stroke');
}

/** [diameter, x, y] of every hole, rounded to 6 decimals. */
function holes(image: LayerImage): [number, number, number][] {
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return flashes(image).flatMap((graphic) => {
    const primitive = graphic.shape.primitives[0];
    const diameter = primitive?.type === 'circle' ? primitive.r * 2 : Number.NaN;
    const out: [number, number, number][] = [];
    for (let index = 0; index < graphic.positions.length; index += 2) {
      out.push([
        round(diameter),
        round(graphic.positions[index] as number),
        round(graphic.positions[index + 1] as number),
      ]);
    }
    return out;
  });
}

const INCH_HEADER = ['M48', 'INCH,TZ', ';FILE_FORMAT=2:4', 'T1C0.05', 'T2C0.1', '%', 'G90'];
/** A 0.25 in rout tool, selected. */
const ROUT_HEADER = ['M48', 'INCH,TZ', 'T1C0.25', '%', 'G90', 'T1'];

describe('plotDrill: holes', () => {
  it('flashes a circle of the tool diameter at each hole, one graphic per tool', () => {
    const image = plotText(
      ...INCH_HEADER,
      'T1',
      'X10000Y10000',
      'X20000Y10000',
      'T2',
      'X5000Y5000',
      'M30',
    );
    expect(image.filetype).toBe('drill');
    expect(image.units).toBe('in');
    expect(holes(image)).toEqual([
      [0.05, 1, 1],
      [0.05, 2, 1],
      [0.1, 0.5, 0.5],
    ]);
    expect(image.runs.map((run) => run.polarity)).toEqual(['dark']);
    expect(image.box).toEqual({ minX: 0.45, minY: 0.45, maxX: 2.025, maxY: 1.025 });
  });

  it('repeats the last hole with R, stepping from the hole before', () => {
    const image = plotText(...INCH_HEADER, 'T1', 'X10000Y10000', 'R3X1000', 'R2Y-5000');
    expect(holes(image).map(([, x, y]) => [x, y])).toEqual([
      [1, 1],
      [1.1, 1],
      [1.2, 1],
      [1.3, 1],
      [1.3, 0.5],
      [1.3, 0],
    ]);
  });

  it('reads incremental coordinates and a G93 zero set', () => {
    const incremental = plotText(...INCH_HEADER, 'G91', 'T1', 'X10000Y10000', 'X10000', 'Y-5000');
    expect(holes(incremental).map(([, x, y]) => [x, y])).toEqual([
      [1, 1],
      [2, 1],
      [2, 0.5],
    ]);
    const offset = plotText(...INCH_HEADER, 'G93X10000Y20000', 'T1', 'X10000Y10000', 'Y0');
    expect(holes(offset).map(([, x, y]) => [x, y])).toEqual([
      [2, 3],
      [2, 2],
    ]);
  });

  it('repeats an M25...M01 pattern with M02 offsets', () => {
    const image = plotText(
      ...INCH_HEADER,
      'T1',
      'M25',
      'X10000Y10000',
      'X20000Y10000',
      'M01',
      'M02X0Y10000',
      'M08',
    );
    expect(holes(image).map(([, x, y]) => [x, y])).toEqual([
      [1, 1],
      [2, 1],
      [1, 2],
      [2, 2],
    ]);
  });

  it('converts coordinates after a change of units to the units of the image', () => {
    const image = plotText(...INCH_HEADER, 'T1', 'X10000Y10000', 'M71', 'X25.4Y50.8');
    expect(image.units).toBe('in');
    expect(holes(image).map(([, x, y]) => [x, y])).toEqual([
      [1, 1],
      [1, 2],
    ]);
  });

  it('assumes a size for a tool the file never defines, with a warning on its first use', () => {
    const image = plotText('M48', 'INCH,TZ', '%', 'G90', 'T03', 'X10000Y10000', 'X20000Y10000');
    expect(holes(image)).toEqual([
      [0.04, 1, 1],
      [0.04, 2, 1],
    ]);
    expect(image.warnings).toContainEqual({
      code: 'tool-not-defined',
      line: 6,
      message: 'tool T3 is not defined, so a diameter of 0.04 in is assumed',
    });
  });

  it('ignores a hole drilled with no tool selected, with a warning', () => {
    const image = plotText(...INCH_HEADER, 'X10000Y10000', 'T1', 'T0', 'X20000Y10000');
    expect(holes(image)).toEqual([]);
    expect(image.warnings.filter((w) => w.code === 'tool-not-defined')).toEqual([
      { code: 'tool-not-defined', line: 8, message: 'no tool selected; hole ignored' },
      { code: 'tool-not-defined', line: 11, message: 'no tool selected; hole ignored' },
    ]);
  });

  it('ignores coordinates out of range, with a warning', () => {
    const image = plotText('M48', 'INCH', 'T1C0.05', '%', 'G90', 'T1', 'X1.0Y1.0', 'X99999.0Y1.0');
    expect(holes(image)).toEqual([[0.05, 1, 1]]);
    expect(image.warnings).toContainEqual({
      code: 'limit-reached',
      line: 8,
      message: 'coordinate out of range; operation ignored',
    });
  });

  it(`adds at most ${MAX_REPEATED_HOLES} repeated holes`, () => {
    const image = plotText(...INCH_HEADER, 'T1', 'X0Y0', 'R999999999X1', 'R5Y1');
    expect(holes(image)).toHaveLength(MAX_REPEATED_HOLES + 1);
    expect(image.warnings).toContainEqual({
      code: 'limit-reached',
      line: 10,
      message: `more than ${MAX_REPEATED_HOLES} repeated holes; the rest ignored`,
    });
  });
});

describe('plotDrill: plating', () => {
  it('marks holes plated or not from TYPE sections, keeping equal sizes apart', () => {
    const image = plotText(
      'M48',
      'METRIC,LZ',
      ';FILE_FORMAT=4:4',
      ';TYPE=PLATED',
      'T1F00S00C1.0000',
      ';TYPE=NON_PLATED',
      'T2F00S00C1.0000',
      '%',
      'T01',
      'X00100Y00100',
      'T02',
      'X00200Y00100',
    );
    expect(flashes(image).map((g) => [g.plated, g.positions])).toEqual([
      [true, [10, 10]],
      [false, [20, 10]],
    ]);
  });

  it('takes a section before a selection (old Altium composite files) and file-wide X2 plating', () => {
    const composite = plotText('M48', 'INCH,TZ', 'T01C0.010', '%', ';TYPE=PLATED', 'T01', 'X1.0Y0');
    expect(flashes(composite).map((g) => g.plated)).toEqual([true]);
    const fileWide = plotText(
      'M48',
      '; #@! TF.FileFunction,NonPlated,1,4,NPTH',
      'METRIC',
      'T1C3.0',
      '%',
      'T1',
      'X1.0Y1.0',
    );
    expect(flashes(fileWide).map((g) => g.plated)).toEqual([false]);
    const unknown = plotText('M48', 'METRIC', 'T1C3.0', '%', 'T1', 'X1.0Y1.0');
    expect(flashes(unknown)[0]).not.toHaveProperty('plated');
  });
});

describe('plotDrill: slots and routing', () => {
  it('draws a G85 slot as a stroke of the tool diameter', () => {
    const image = plotText(
      'M48',
      'INCH',
      'T4C0.05',
      'G05',
      'T4',
      'X2.0872Y0.6494G85X2.1463Y0.6494',
    );
    expect(strokes(image)).toEqual([
      {
        type: 'stroke',
        width: 0.05,
        segments: [{ type: 'line', x1: 2.0872, y1: 0.6494, x2: 2.1463, y2: 0.6494 }],
      },
    ]);
    expect(holes(image)).toEqual([]);
  });

  it('routs between M15 and M16 only, in G01 mode', () => {
    const image = plotText(
      'M48',
      'METRIC',
      'T5C0.6',
      '%',
      'G90',
      'T5',
      'G00X3.626Y15.508',
      'M15',
      'G01X3.026Y15.508',
      'M16',
      'G01X5.0Y5.0',
      'G05',
      'X1.0Y1.0',
    );
    expect(strokes(image).map((g) => [g.width, g.segments])).toEqual([
      [0.6, [{ type: 'line', x1: 3.626, y1: 15.508, x2: 3.026, y2: 15.508 }]],
    ]);
    expect(holes(image)).toEqual([[0.6, 1, 1]]);
  });

  it('routs in G01 to G03 when the file never lowers the tool with M15', () => {
    const image = plotText(...ROUT_HEADER, 'G00X0Y0', 'G01X2500Y2500', 'G01X5000Y0');
    expect(strokes(image)[0]?.segments).toEqual([
      { type: 'line', x1: 0, y1: 0, x2: 0.25, y2: 0.25 },
      { type: 'line', x1: 0.25, y1: 0.25, x2: 0.5, y2: 0 },
    ]);
  });

  it('routs arcs given by a radius, the short way round in the stated direction', () => {
    const image = plotText(...ROUT_HEADER, 'G00X0Y0', 'G02X2500Y2500A2500', 'G03X5000Y5000A2500');
    const [first, second] = (strokes(image)[0]?.segments ?? []) as ArcSegment[];
    expect(first?.type).toBe('arc');
    expect(first?.cx).toBeCloseTo(0.25, 9);
    expect(first?.cy).toBeCloseTo(0, 9);
    expect(first?.sweep).toBeCloseTo(-Math.PI / 2, 9);
    expect(second?.cx).toBeCloseTo(0.25, 9);
    expect(second?.cy).toBeCloseTo(0.5, 9);
    expect(second?.sweep).toBeCloseTo(Math.PI / 2, 9);
    expect(image.box?.maxX).toBeCloseTo(0.625, 9);
  });

  it('routs arcs given by their centre (I, J)', () => {
    const image = plotText(...ROUT_HEADER, 'G00X7500Y0', 'G02X10000Y2500I2500J0');
    const [arc] = (strokes(image)[0]?.segments ?? []) as ArcSegment[];
    expect(arc?.cx).toBeCloseTo(1, 9);
    expect(arc?.cy).toBeCloseTo(0, 9);
    expect(arc?.radius).toBeCloseTo(0.25, 9);
    expect(arc?.sweep).toBeCloseTo(-Math.PI / 2, 9);
  });

  it('warns about an arc whose radius cannot reach its end', () => {
    const image = plotText('M48', 'INCH', 'T1C0.1', '%', 'G90', 'T1', 'G00X0Y0', 'G02X1.0Y0A0.2');
    expect(image.warnings).toContainEqual({
      code: 'arc-impossible',
      line: 8,
      message: 'arc radius shorter than half the chord; enlarged',
    });
    const [arc] = (strokes(image)[0]?.segments ?? []) as ArcSegment[];
    expect(arc?.radius).toBeCloseTo(0.5, 9);
  });
});

describe('plotDrill: rendering', () => {
  it('renders through the layer renderer unchanged', () => {
    const image = plotText(...INCH_HEADER, 'T1', 'X10000Y10000', 'X10000Y12000G85X20000Y12000');
    const rendered = renderLayer(image);
    expect(rendered.units).toBe('in');
    expect(rendered.viewBox).toEqual([975, -1225, 1050, 250]);
    expect(rendered.svg).toContain('<path');
    expect(rendered.svg).toContain("stroke-width='50'");
  });

  it('starts a path at the origin with a move (tracespace slot.drl)', () => {
    const image = plotText('M48', 'INCH,TZ', 'T1C0.5', '%', 'G90', 'T1', 'X0Y0G85X5000Y0');
    expect(renderLayer(image).svg).toContain("<path fill='none' stroke-width='500' d='m0 0h500'/>");
  });
});
