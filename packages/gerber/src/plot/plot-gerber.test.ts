import { describe, expect, it } from 'vitest';
import { LIMITS } from '../constants.ts';
import { parseGerber } from '../gerber/parse-gerber.ts';
import { contourArea } from '../image/geometry.ts';
import type {
  ArcSegment,
  FlashGraphic,
  LayerImage,
  RegionGraphic,
  RepeatGraphic,
  StrokeGraphic,
} from '../image/types.ts';
import { plot } from './plot.ts';
import { parsePlotGerber } from './plot-gerber.ts';

const HEADER = '%FSLAX24Y24*%\n%MOIN*%\n';

function plotText(body: string): LayerImage {
  return plot(parseGerber(`${HEADER}${body}\nM02*`));
}

function graphics(image: LayerImage) {
  return image.runs.flatMap((run) => run.graphics);
}

function flashes(image: LayerImage): FlashGraphic[] {
  return graphics(image).filter((g): g is FlashGraphic => g.type === 'flash');
}

function strokes(image: LayerImage): StrokeGraphic[] {
  return graphics(image).filter((g): g is StrokeGraphic => g.type === 'stroke');
}

function regions(image: LayerImage): RegionGraphic[] {
  return graphics(image).filter((g): g is RegionGraphic => g.type === 'region');
}

describe('plot: flashes and strokes', () => {
  it('flashes one shared shape at every position and bounds the image', () => {
    const image = plotText('%ADD10C,0.1*%\nD10*\nX10000Y0D03*\nX20000Y5000D03*');
    expect(image.units).toBe('in');
    expect(flashes(image)).toHaveLength(1);
    expect(flashes(image)[0]?.positions).toEqual([1, 0, 2, 0.5]);
    expect(flashes(image)[0]?.shape.primitives).toEqual([
      { type: 'circle', erase: false, cx: 0, cy: 0, r: 0.05 },
    ]);
    expect(image.box).toEqual({ minX: 0.95, minY: -0.05, maxX: 2.05, maxY: 0.55 });
  });

  it('merges the lines of one width into one stroke', () => {
    const image = plotText(
      '%ADD10C,0.01*%\nD10*\nX0Y0D02*\nX10000D01*\nY10000D01*\nX5000Y5000D02*\nX0D01*',
    );
    expect(strokes(image)).toHaveLength(1);
    expect(strokes(image)[0]?.width).toBe(0.01);
    expect(strokes(image)[0]?.segments).toEqual([
      { type: 'line', x1: 0, y1: 0, x2: 1, y2: 0 },
      { type: 'line', x1: 1, y1: 0, x2: 1, y2: 1 },
      { type: 'line', x1: 0.5, y1: 0.5, x2: 0, y2: 0.5 },
    ]);
  });

  it('draws a zero-length line as a flash of the aperture', () => {
    const image = plotText('%ADD10C,0.2*%\nD10*\nX5000Y5000D02*\nD01*');
    expect(strokes(image)).toEqual([]);
    expect(flashes(image)[0]?.positions).toEqual([0.5, 0.5]);
  });

  it('draws lines with a rectangle as the area the rectangle sweeps', () => {
    const image = plotText('%ADD10R,0.2X0.1*%\nD10*\nX0Y0D02*\nX10000Y10000D01*');
    const [region] = regions(image);
    const contour = region?.contours[0] ?? [];
    // A hexagon: the hull of the rectangle at both ends of the diagonal line.
    expect(contour).toHaveLength(6);
    expect(contourArea(contour)).toBeCloseTo(0.02 + 0.1 * 1 + 0.2 * 1, 10);
    expect(image.warnings).toEqual([]);
  });

  it('ignores holes when drawing lines and keeps them in flashes', () => {
    const image = plotText('%ADD11C,0.075X0.05*%\nD11*\nX0Y0D02*\nX10000D01*\nX20000D03*');
    expect(strokes(image)[0]?.width).toBe(0.075);
    expect(flashes(image)[0]?.shape.primitives.map((p) => [p.type, p.erase])).toEqual([
      ['circle', false],
      ['circle', true],
    ]);
  });

  it('warns about undefined apertures and about apertures that cannot draw lines', () => {
    const image = plotText(
      '%AMBOX*21,1,1,1,0,0,0*%\n%ADD12BOX*%\nD99*\nX1Y1D03*\nD12*\nX0Y0D02*\nX10000D01*',
    );
    expect(image.warnings.map((w) => [w.code, w.line])).toEqual([
      ['tool-not-defined', 5],
      ['tool-not-strokable', 9],
    ]);
  });

  it('keeps zero-size apertures as zero-width strokes for outlines', () => {
    const image = plotText('%ADD10C,0*%\nD10*\nX0Y0D02*\nX10000D01*');
    expect(strokes(image)[0]).toMatchObject({ width: 0, segments: [{ x1: 0, x2: 1 }] });
  });
});

describe('plot: arcs', () => {
  it('draws multi-quadrant arcs and full circles', () => {
    const image = plotText(
      '%ADD10C,0.01*%\nD10*\nG75*\nX10000Y0D02*\nG03X-10000Y0I-10000J0D01*\nX10000Y0D02*\nG02X10000Y0I-10000J0D01*',
    );
    const [half, full] = (strokes(image)[0]?.segments ?? []) as ArcSegment[];
    expect(half).toMatchObject({ type: 'arc', cx: 0, cy: 0, radius: 1 });
    expect(half?.sweep).toBeCloseTo(Math.PI);
    expect(full?.sweep).toBeCloseTo(-2 * Math.PI);
    expect(image.box?.minY).toBeCloseTo(-1.005);
  });

  it('picks the single-quadrant centre that gives an arc of at most 90°', () => {
    const image = plotText('%ADD10C,0.01*%\nD10*\nG74*\nX-2500Y0D02*\nG02X2500Y0I2500J4000D01*');
    const [arc] = (strokes(image)[0]?.segments ?? []) as ArcSegment[];
    expect(arc?.cx).toBeCloseTo(0);
    expect(arc?.cy).toBeCloseTo(-0.4);
    expect(Math.abs(arc?.sweep ?? 0)).toBeLessThan(Math.PI / 2);
    expect(arc?.sweep).toBeLessThan(0);
  });

  it('moves a slightly wrong centre so that both ends lie on the circle', () => {
    const image = plotText('%ADD10C,0.01*%\nD10*\nG75*\nX0Y0D02*\nG03X20000Y0I10010J0D01*');
    const [arc] = (strokes(image)[0]?.segments ?? []) as ArcSegment[];
    expect(Math.hypot(arc!.x1 - arc!.cx, arc!.y1 - arc!.cy)).toBeCloseTo(arc!.radius, 12);
    expect(Math.hypot(arc!.x2 - arc!.cx, arc!.y2 - arc!.cy)).toBeCloseTo(arc!.radius, 12);
    expect(image.warnings).toEqual([]);
  });

  it('draws an impossible arc as a straight line with a warning', () => {
    const image = plotText('%ADD10C,0.01*%\nD10*\nG75*\nX0Y0D02*\nG02X20000Y0I0J10000D01*');
    expect(strokes(image)[0]?.segments[0]?.type).toBe('line');
    expect(image.warnings.map((w) => [w.code, w.line])).toEqual([['arc-impossible', 7]]);
  });

  it('ignores arcs drawn with a rectangle, with a warning', () => {
    const image = plotText('%ADD10R,0.1X0.1*%\nD10*\nG75*\nX0Y0D02*\nG03X0Y0I5000J0D01*');
    expect(graphics(image)).toEqual([]);
    expect(image.warnings.map((w) => w.code)).toEqual(['arc-non-circular-tool']);
  });
});

describe('plot: regions', () => {
  it('fills each contour of a region, turned counter-clockwise', () => {
    const image = plotText(
      [
        'G36*',
        'X0Y0D02*',
        'X0Y10000D01*',
        'X10000Y10000D01*',
        'X10000Y0D01*',
        'X0Y0D01*',
        'X20000Y0D02*',
        'X30000Y0D01*',
        'X30000Y10000D01*',
        'G37*',
      ].join('\n'),
    );
    const contours = regions(image)[0]?.contours ?? [];
    expect(contours).toHaveLength(2);
    expect(contourArea(contours[0]!)).toBeCloseTo(1);
    // The second contour is closed by a line back to its start.
    expect(contours[1]).toHaveLength(3);
    expect(contourArea(contours[1]!)).toBeCloseTo(0.5);
  });

  it('keeps the hole of a cut-in contour open in a non-zero fill', () => {
    const image = plotText(
      [
        'G36*',
        'X0Y0D02*',
        'X40000Y0D01*',
        'X40000Y40000D01*',
        'X0Y40000D01*',
        'X0Y0D01*',
        'X10000Y10000D01*',
        'X10000Y30000D01*',
        'X30000Y30000D01*',
        'X30000Y10000D01*',
        'X10000Y10000D01*',
        'X0Y0D01*',
        'G37*',
      ].join('\n'),
    );
    const [contour] = regions(image)[0]?.contours ?? [];
    expect(contourArea(contour!)).toBeCloseTo(16 - 4);
  });

  it('draws regions with arcs and warns about flashes inside a region', () => {
    const image = plotText(
      '%ADD10C,0.1*%\nD10*\nG75*\nG36*\nX10000Y0D02*\nG03X10000Y0I-10000J0D01*\nX0Y0D03*\nG37*',
    );
    const [contour] = regions(image)[0]?.contours ?? [];
    expect(contourArea(contour!)).toBeCloseTo(Math.PI);
    expect(image.warnings.map((w) => [w.code, w.line])).toEqual([['flash-in-region', 9]]);
  });
});

describe('plot: polarity, transforms, blocks and step and repeat', () => {
  it('keeps dark and clear runs in drawing order', () => {
    const image = plotText(
      '%ADD10C,1*%\nD10*\nX0Y0D03*\n%LPC*%\nX0Y0D03*\nX1Y0D03*\n%LPD*%\nX0Y0D03*',
    );
    expect(image.runs.map((run) => [run.polarity, run.graphics.length])).toEqual([
      ['dark', 1],
      ['clear', 1],
      ['dark', 1],
    ]);
  });

  it('mirrors, rotates and scales apertures with LM, LR and LS', () => {
    const image = plotText('%ADD10R,0.2X0.1*%\n%LMX*%\n%LR90*%\n%LS2*%\nD10*\nX0Y0D03*');
    expect(flashes(image)[0]?.shape.primitives[0]).toMatchObject({
      type: 'rect',
      width: expect.closeTo(0.2, 12),
      height: expect.closeTo(0.4, 12),
    });
  });

  it('flashes nested block apertures with their own polarities, toggled under LPC', () => {
    const image = plotText(
      [
        '%ADD10C,0.1*%',
        '%ABD20*%',
        '%ABD21*%',
        'D10*',
        'X0Y0D03*',
        '%AB*%',
        'D21*',
        'X0Y0D03*',
        'X10000Y0D03*',
        '%LPC*%',
        'D10*',
        'X5000Y0D03*',
        '%AB*%',
        'D20*',
        'X0Y10000D03*',
        '%LPC*%',
        'X0Y30000D03*',
      ].join('\n'),
    );
    // The clear dot of the first flash and the toggled dots of the second merge into one run.
    expect(image.runs.map((run) => run.polarity)).toEqual(['dark', 'clear', 'dark']);
    expect(image.runs.map((run) => (run.graphics[0] as FlashGraphic).positions)).toEqual([
      [0, 1, 1, 1],
      [0.5, 1, 0, 3, 1, 3],
      [0.5, 3],
    ]);
  });

  it('holds a step-and-repeat block once and draws it at every place when copies stand apart', () => {
    const image = plotText(
      '%ADD10C,0.1*%\nD10*\n%SRX3Y2I1J2*%\nX0Y0D03*\n%LPC*%\nX1000Y0D03*\n%LPD*%\n%SR*%',
    );
    // The block's dark and clear runs, each repeated: a copy's clear part cannot reach another.
    expect(image.runs.map((run) => run.polarity)).toEqual(['dark', 'clear']);
    const repeats = image.runs.map((run) => run.graphics[0] as RepeatGraphic);
    expect(repeats.map((repeat) => repeat.type)).toEqual(['repeat', 'repeat']);
    expect(repeats[0]?.offsets).toEqual([0, 0, 1, 0, 2, 0, 0, 2, 1, 2, 2, 2]);
    expect((repeats[1]!.graphics[0] as FlashGraphic).positions).toEqual([0.1, 0]);
    expect(image.box).toEqual({ minX: -0.05, minY: -0.05, maxX: 2.15, maxY: 2.05 });
  });

  it('draws copies one after the other when their clear parts reach into each other', () => {
    const image = plotText(
      '%ADD10C,0.1*%\nD10*\n%SRX3Y2I0.05J2*%\nX0Y0D03*\n%LPC*%\nX1000Y0D03*\n%LPD*%\n%SR*%',
    );
    expect(image.runs).toHaveLength(12);
    expect(
      image.runs.slice(0, 4).map((run) => (run.graphics[0] as FlashGraphic).positions),
    ).toEqual([
      [0, 0],
      [0.1, 0],
      [0.05, 0],
      [0.1 + 0.05, 0],
    ]);
  });

  it('draws the first 100,000 copies of a larger step and repeat, and says so', () => {
    const image = plotText('%ADD10C,0.1*%\nD10*\n%SRX100000Y100000I0.001J0.001*%\nX0Y0D03*\n%SR*%');
    const repeat = graphics(image)[0] as RepeatGraphic;
    expect(repeat.offsets).toHaveLength(2 * LIMITS.maxStepRepeatCopies);
    expect((repeat.graphics[0] as FlashGraphic).positions).toEqual([0, 0]);
    expect(image.warnings.map((w) => w.message)).toEqual([
      'step and repeat of 100,000 × 100,000 copies: the first 100,000 are drawn (a step and repeat draws at most 100,000)',
    ]);
  });

  it('draws as many copies as a layer may draw of a nested step and repeat, and says how many', () => {
    // A block of 17,000 flashes (1,000 × 17) placed by a step and repeat of 1,000 × 1,000: 1.7e10.
    const image = plotText(
      [
        '%ADD10C,0.01*%',
        '%ABD20*%',
        '%SRX1000Y17I0.02J0.02*%',
        'D10*',
        'X0Y0D03*',
        '%SR*%',
        '%AB*%',
        '%SRX1000Y1000I0.3J0.01*%',
        'D20*',
        'X0Y0D03*',
        '%SR*%',
      ].join('\n'),
    );
    // The block is drawn once where it is defined and once where the first copy stands.
    const copies = 1 + Math.floor((LIMITS.maxDrawnElements - 2 * 17_000) / 17_000);
    expect(image.warnings.map((w) => w.message)).toContain(
      `step and repeat of 100,000 copies, each drawing 17,000 flashes, lines and edges: ${copies.toLocaleString('en-US')} copies are drawn and ${(100_000 - copies).toLocaleString('en-US')} are not; a layer draws at most 20,000,000 flashes, lines and edges, copies counted`,
    );
    const outer = graphics(image)[0] as RepeatGraphic;
    expect(outer.offsets).toHaveLength(2 * copies);
    expect(image.cut).toBeUndefined();
  });

  it('drops objects beyond the coordinate range, huge apertures and scalings included', () => {
    const image = plotText(
      '%ADD10C,1e300*%\n%ADD11C,0.1*%\nD10*\nX0Y0D03*\nD11*\n%SRX1000Y1I1000000J0*%\nX0Y0D03*\n%SR*%\n%LS1e300*%\nX0Y0D03*',
    );
    // Only the first copy of the step and repeat is within range.
    const repeat = graphics(image)[0] as RepeatGraphic;
    expect(repeat.offsets).toEqual([0, 0]);
    expect((repeat.graphics[0] as FlashGraphic).positions).toEqual([0, 0]);
    expect(image.warnings).toEqual([
      {
        code: 'limit-reached',
        line: 13,
        message: 'objects reaching beyond ±10000 mm were not drawn',
      },
    ]);
  });

  it('stops blocks that multiply beyond the element limit, with a warning', () => {
    const blocks = ['%ADD10C,0.1*%', '%ABD20*%', 'D10*', `${'X0Y0D03*'.repeat(100)}`, '%AB*%'];
    for (let level = 21; level < 26; level++) {
      blocks.push(`%ABD${level}*%`, `D${level - 1}*`, 'X0Y0D03*'.repeat(100), '%AB*%');
    }
    blocks.push('D25*', 'X0Y0D03*');
    const image = plotText(blocks.join('\n'));
    const count = flashes(image).reduce((sum, g) => sum + g.positions.length / 2, 0);
    expect(count).toBeLessThanOrEqual(LIMITS.maxImageElements);
    expect(image.warnings.map((w) => w.code)).toContain('limit-reached');
  });
});

describe('plot: units, notation and deprecated image parameters', () => {
  it('converts coordinates and apertures given in other units to the image units', () => {
    const image = plotText('%ADD10C,0.1*%\n%MOMM*%\n%ADD11C,2.54*%\nD11*\nX254000Y0D03*');
    expect(flashes(image)[0]?.positions[0]).toBeCloseTo(1);
    expect(flashes(image)[0]?.shape.primitives[0]).toMatchObject({ r: expect.closeTo(0.05, 12) });
  });

  it('adds incremental coordinates to the current point', () => {
    const image = plot(
      parseGerber(
        '%FSLIX24Y24*%\n%MOMM*%\n%ADD10C,1*%\nD10*\nX10000Y0D03*\nX10000Y10000D03*\nM02*',
      ),
    );
    expect(flashes(image)[0]?.positions).toEqual([1, 0, 2, 1]);
  });

  it('uses inches when the file sets no units, with a warning', () => {
    const image = plot(parseGerber('%FSLAX24Y24*%\n%ADD10C,1*%\nD10*\nX0Y0D03*\nM02*'));
    expect(image.units).toBe('in');
    expect(image.warnings).toContainEqual({
      code: 'units-missing',
      line: 1,
      message: 'units not set, so the backup units (in) are used',
    });
  });

  it('fills the bounds and clears the drawing for a negative image', () => {
    const image = plotText('%IPNEG*%\n%ADD10C,1*%\nD10*\nX0Y0D03*');
    expect(image.runs.map((run) => [run.polarity, run.graphics[0]?.type])).toEqual([
      ['dark', 'region'],
      ['clear', 'flash'],
    ]);
  });

  it('applies offset, mirror, axis swap and scale to the objects that follow', () => {
    const image = plotText(
      '%ASAYBX*%\n%MIA1B0*%\n%SFA2B2*%\n%OFA1B0*%\n%ADD10C,0.1*%\nD10*\nX10000Y20000D03*',
    );
    // Swap → (2, 1); mirror A → (-2, 1); scale 2 → (-4, 2); offset → (-3, 2).
    expect(flashes(image)[0]?.positions).toEqual([-3, 2]);
  });

  it('cuts a knockout rectangle before the objects that follow', () => {
    const image = plotText('%ADD10C,0.1*%\nD10*\nX0Y0D03*\n%KOCX-1Y-1I2J2*%\nX0Y0D03*');
    expect(image.runs.map((run) => [run.polarity, run.graphics[0]?.type])).toEqual([
      ['dark', 'flash'],
      ['clear', 'region'],
      ['dark', 'flash'],
    ]);
  });

  it('warns when the end of file is missing and closes what is still open', () => {
    const image = plot(
      parseGerber(
        `${HEADER}%ADD10C,0.1*%\nD10*\n%SRX2Y1I1J0*%\nG36*\nX0Y0D02*\nX1000Y0D01*\nX0Y1000D01*`,
      ),
    );
    const repeat = graphics(image)[0] as RepeatGraphic;
    expect(repeat.offsets).toEqual([0, 0, 1, 0]);
    expect((repeat.graphics[0] as RegionGraphic).contours).toHaveLength(1);
    expect(image.warnings.map((w) => w.code)).toEqual(['region-error', 'end-missing']);
  });
});

describe('parsePlotGerber', () => {
  const same = (text: string) => {
    const streamed = parsePlotGerber(text);
    expect(streamed).toEqual(plot(parseGerber(text)));
    return streamed;
  };

  it('draws what plot(parseGerber()) draws', () => {
    const image = same(
      `${HEADER}%ADD10C,0.01*%\n%ADD11R,0.02X0.03*%\nD10*\nX0Y0D02*\nX1000Y0D01*\nG75*G03X0Y1000I-1000J0D01*\nD11*\nX5000Y5000D03*\nG36*X0Y0D02*X100Y0D01*X100Y100D01*G37*\n%LPC*%\nX5000Y5000D03*\nM02*`,
    );
    expect(graphics(image).length).toBeGreaterThan(2);
  });

  it('skips comments and attributes without losing a command that shares their section', () => {
    const image = same(
      `${HEADER}G04 #@! TF.FileFunction,Copper,L1,Top*\nG04 a comment with a % sign*\n%TA.AperFunction,SMDPad,CuDef*ADD12C,0.05*%\n%TO.C,R1*%\nD12*\nX100Y100D03*\n%TD*%\nM02*`,
    );
    expect(graphics(image).filter((graphic) => graphic.type === 'flash')).toHaveLength(1);
    expect(image.warnings).toEqual([]);
  });

  it('takes the units of a units node that comes after the first coordinates', () => {
    const image = same('%FSLAX24Y24*%\n%ADD10C,0.01*%\nD10*\nX0Y0D02*\n%MOMM*%\nX1000Y0D01*\nM02*');
    expect(image.units).toBe('mm');
  });

  it("puts the parser's warnings first, then missing units, then the plotter's", () => {
    const image = same('%FSAX24Y24*%\nQ1*\n%ADD10C,0.01*%\nD11*\nX0Y0D02*\nX1000Y0D01*\n');
    expect(image.warnings.map((warning) => warning.code)).toEqual([
      'zero-suppression-missing',
      'unrecognised-block',
      'units-missing',
      'tool-not-defined',
      'end-missing',
    ]);
  });

  it("keeps the first warnings up to the limit, the parser's first", () => {
    const bad = 'Q1*\n'.repeat(LIMITS.maxWarnings - 10);
    const image = same(`${HEADER}${bad}${'D99*\n'.repeat(40)}M02*`);
    const codes = image.warnings.map((warning) => warning.code);
    expect(codes).toHaveLength(LIMITS.maxWarnings);
    expect(
      codes.slice(0, LIMITS.maxWarnings - 10).every((code) => code === 'unrecognised-block'),
    ).toBe(true);
    expect(codes.slice(-10).every((code) => code === 'tool-not-defined')).toBe(true);
  });

  it('adds no plotter warnings once the parser has reached the limit', () => {
    const image = same(`${HEADER}${'Q1*\n'.repeat(LIMITS.maxWarnings + 5)}D99*\nM02*`);
    expect(image.warnings).toHaveLength(LIMITS.maxWarnings + 1);
    expect(image.warnings.at(-1)?.message).toBe('5 more warnings were not listed');
  });

  it('ignores what follows the end of file', () => {
    same(`${HEADER}%ADD10C,0.01*%\nD10*\nX0Y0D03*\nM02*\nX100Y100D03*`);
  });
});
