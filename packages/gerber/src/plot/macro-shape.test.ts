import { describe, expect, it } from 'vitest';
import { parseGerber } from '../gerber/parse-gerber.ts';
import type { ApertureMacroNode } from '../gerber/syntax.ts';
import { contourArea, polygonArea } from '../image/geometry.ts';
import type { Shape } from '../image/types.ts';
import { macroShape } from './macro-shape.ts';

function evaluate(body: string, params: number[] = []): { shape: Shape; warnings: string[] } {
  const tree = parseGerber(`%FSLAX24Y24*%\n%AMM*\n${body}*%\nM02*`);
  const macro = tree.nodes.find((node) => node.type === 'apertureMacro') as ApertureMacroNode;
  const warnings: string[] = [];
  const shape = macroShape(macro, params, 1, { remaining: 1000 }, (message) =>
    warnings.push(message),
  );
  return { shape, warnings };
}

describe('aperture macros', () => {
  it('places circles, rotating their centre about the macro origin', () => {
    const { shape } = evaluate('1,1,0.5,1,0,90');
    expect(shape.primitives).toHaveLength(1);
    expect(shape.primitives[0]).toMatchObject({ type: 'circle', erase: false, r: 0.25 });
    expect(shape.primitives[0]).toMatchObject({
      cx: expect.closeTo(0, 12),
      cy: expect.closeTo(1, 12),
    });
  });

  it('draws vector lines (20 and the deprecated 2) with square ends', () => {
    for (const code of [2, 20]) {
      const { shape } = evaluate(`${code},1,0.2,0,0,1,0,0`);
      const [line] = shape.primitives;
      expect(line?.type).toBe('polygon');
      expect(polygonArea(line?.type === 'polygon' ? line.points : [])).toBeCloseTo(0.2);
      expect(shape.box).toEqual({ minX: 0, minY: -0.1, maxX: 1, maxY: 0.1 });
    }
  });

  it('draws centre lines (21) and lower-left lines (22), rotated about the origin', () => {
    expect(evaluate('21,1,2,1,1,1,0').shape.box).toEqual({
      minX: 0,
      minY: 0.5,
      maxX: 2,
      maxY: 1.5,
    });
    expect(evaluate('22,1,2,1,1,1,0').shape.box).toEqual({ minX: 1, minY: 1, maxX: 3, maxY: 2 });
    const rotated = evaluate('21,1,2,1,1,0,90').shape.box;
    expect(rotated?.minX).toBeCloseTo(-0.5);
    expect(rotated?.maxY).toBeCloseTo(2);
  });

  it('draws outlines (4) counter-clockwise whichever way the file lists them', () => {
    const { shape } = evaluate('4,1,3,0,0,0,1,1,1,0,0,0');
    const [outline] = shape.primitives;
    expect(polygonArea(outline?.type === 'polygon' ? outline.points : [])).toBeCloseTo(0.5);
  });

  it('draws regular polygons (5) with the first vertex on the X axis', () => {
    const { shape } = evaluate('5,1,4,0,0,2,0');
    const [square] = shape.primitives;
    expect(square?.type === 'polygon' && square.points.slice(0, 2)).toEqual([1, 0]);
    expect(polygonArea(square?.type === 'polygon' ? square.points : [])).toBeCloseTo(2);
  });

  it('draws thermals (7) as four pieces of the ring', () => {
    const { shape } = evaluate('7,0,0,1,0.6,0.1,0');
    expect(shape.primitives).toHaveLength(4);
    const area = shape.primitives.reduce(
      (sum, p) => sum + (p.type === 'contour' ? contourArea(p.segments) : 0),
      0,
    );
    const ring = Math.PI * (0.25 - 0.09);
    // The cross cuts four gaps of about 0.1 × 0.2 out of the ring.
    expect(area).toBeCloseTo(ring - 4 * 0.1 * 0.2, 2);
    expect(area).toBeLessThan(ring - 4 * 0.1 * 0.2);
  });

  it('draws the deprecated moiré (6) as rings and a cross hair', () => {
    const { shape } = evaluate('6,0,0,1,0.1,0.1,2,0.02,1.2,0');
    expect(shape.primitives.map((p) => [p.type, p.erase])).toEqual([
      ['circle', false],
      ['circle', true],
      ['circle', false],
      ['circle', true],
      ['polygon', false],
      ['polygon', false],
    ]);
    expect(shape.box).toEqual({ minX: -0.6, minY: -0.6, maxX: 0.6, maxY: 0.6 });
  });

  it('uses parameters and assignments, and erases with exposure off', () => {
    const { shape } = evaluate('$3=$1x0.5*1,1,$1,0,0*1,0,$3,0,0', [2]);
    expect(shape.primitives).toEqual([
      { type: 'circle', erase: false, cx: 0, cy: 0, r: 1 },
      { type: 'circle', erase: true, cx: 0, cy: 0, r: 0.5 },
    ]);
  });

  it('takes missing modifiers as 0 and warns, and skips unknown primitives', () => {
    const { shape, warnings } = evaluate('1,1,1*9,1,2,3');
    expect(shape.primitives).toEqual([{ type: 'circle', erase: false, cx: 0, cy: 0, r: 0.5 }]);
    expect(warnings).toEqual([
      'macro M: primitive 1 has 2 of 4 modifiers, missing ones taken as 0',
      'macro M: unknown primitive 9 ignored',
    ]);
  });

  it('stops when the work budget of the file is spent', () => {
    const tree = parseGerber(`%FSLAX24Y24*%\n%AMM*\n${'1,1,1,0,0*'.repeat(50)}%\nM02*`);
    const macro = tree.nodes.find((node) => node.type === 'apertureMacro') as ApertureMacroNode;
    const warnings: string[] = [];
    const shape = macroShape(macro, [], 1, { remaining: 10 }, (message) => warnings.push(message));
    expect(shape.primitives).toHaveLength(10);
    expect(warnings).toEqual(['macro M: evaluation limit reached, rest of the macro ignored']);
  });
});
