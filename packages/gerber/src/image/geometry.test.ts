import { describe, expect, it } from 'vitest';
import { arcBySweep, contourArea, line, makeCounterClockwise, reverseContour } from './geometry.ts';
import {
  apertureTransform,
  compose,
  isSimilarity,
  transformContour,
  translation,
} from './transform.ts';

const square = () => [line(0, 0, 0, 1), line(0, 1, 1, 1), line(1, 1, 1, 0), line(1, 0, 0, 0)];

describe('geometry', () => {
  it('measures signed areas with arcs', () => {
    expect(contourArea(square())).toBe(-1);
    expect(contourArea(makeCounterClockwise(square()))).toBe(1);
    expect(contourArea([arcBySweep(1, 0, 0, 0, 2 * Math.PI)])).toBeCloseTo(Math.PI);
    const halfDisc = [arcBySweep(1, 0, 0, 0, Math.PI), line(-1, 0, 1, 0)];
    expect(contourArea(halfDisc)).toBeCloseTo(Math.PI / 2);
    expect(contourArea(reverseContour(halfDisc))).toBeCloseTo(-Math.PI / 2);
  });

  it('keeps contours counter-clockwise through mirroring transforms', () => {
    const ccw = makeCounterClockwise(square());
    const mirrored = transformContour(apertureTransform(true, false, 30, 2), ccw);
    expect(contourArea(mirrored)).toBeCloseTo(4);
  });

  it('composes transforms and tells similarities from distortions', () => {
    const t = compose(translation(1, 2), apertureTransform(false, false, 90, 1));
    expect([t.a, t.b, t.c, t.d, t.e, t.f].map((v) => Math.round(v * 1e12) / 1e12)).toEqual([
      0, 1, -1, 0, 1, 2,
    ]);
    expect(isSimilarity(t)).toBe(true);
    expect(isSimilarity({ a: 2, b: 0, c: 0, d: 1, e: 0, f: 0 })).toBe(false);
  });
});
