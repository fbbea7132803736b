import { describe, expect, it } from 'vitest';
import { resolveArc } from './arc.ts';

describe('resolveArc', () => {
  it('uses the centre offset in multi-quadrant mode', () => {
    const result = resolveArc(1, 0, 0, 1, -1, 0, false, false);
    expect(result?.arc).toMatchObject({
      cx: expect.closeTo(0, 12),
      cy: expect.closeTo(0, 12),
      radius: expect.closeTo(1, 12),
    });
    expect(result?.arc.sweep).toBeCloseTo(Math.PI / 2);
    expect(result?.mismatch).toBe(0);
  });

  it('turns clockwise the long way round when asked', () => {
    expect(resolveArc(1, 0, 0, 1, -1, 0, true, false)?.arc.sweep).toBeCloseTo((-3 * Math.PI) / 2);
  });

  it('makes a full circle of equal ends in multi-quadrant mode only', () => {
    expect(resolveArc(1, 0, 1, 0, -1, 0, false, false)?.arc.sweep).toBeCloseTo(2 * Math.PI);
    expect(resolveArc(1, 0, 1, 0, 1, 0, false, true)).toBeNull();
  });

  it('returns no arc without a centre offset', () => {
    expect(resolveArc(0, 0, 1, 1, 0, 0, false, false)).toBeNull();
  });

  it('chooses among the four signed centres in single-quadrant mode', () => {
    const result = resolveArc(0, 1, 1, 0, 0, 1, true, true);
    expect(result?.arc).toMatchObject({ cx: expect.closeTo(0, 12), cy: expect.closeTo(0, 12) });
    expect(result?.arc.sweep).toBeCloseTo(-Math.PI / 2);
  });

  it('reports how far apart the two radii are', () => {
    expect(resolveArc(0, 0, 2, 0, 0, 1, true, false)?.mismatch).toBeCloseTo(1 - 1 / Math.sqrt(5));
  });
});
