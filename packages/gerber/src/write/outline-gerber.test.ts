import { describe, expect, it } from 'vitest';
import type { LayerImage, Segment } from '../image/types.ts';
import { parse } from '../parse.ts';
import { plot } from '../plot/plot.ts';
import { checkOutlineSize, writeOutlineGerber } from './outline-gerber.ts';

function plotted(text: string): LayerImage {
  const tree = parse(text);
  if (tree.type === 'error') throw tree.error;
  return plot(tree);
}

function segmentsOf(image: LayerImage): Segment[] {
  return image.runs.flatMap((run) =>
    run.graphics.flatMap((graphic) => (graphic.type === 'stroke' ? graphic.segments : [])),
  );
}

/** Bounds of the drawn edge's centre line (the stroke half-width left out). */
function centreLineBox(image: LayerImage) {
  const strokes = image.runs.flatMap((run) =>
    run.graphics.flatMap((graphic) => (graphic.type === 'stroke' ? [graphic] : [])),
  );
  const half = Math.max(...strokes.map((stroke) => stroke.width)) / 2;
  const box = image.box!;
  return {
    width: box.maxX - box.minX - 2 * half,
    length: box.maxY - box.minY - 2 * half,
    minX: box.minX + half,
    minY: box.minY + half,
  };
}

describe('writeOutlineGerber', () => {
  it('draws a closed rectangle that our parser reads back at the given size, in mm', () => {
    const image = plotted(writeOutlineGerber({ width: 50, length: 30.5, units: 'mm' }));
    expect(image.warnings).toEqual([]);
    expect(image.units).toBe('mm');
    const box = centreLineBox(image);
    expect(box.width).toBeCloseTo(50, 6);
    expect(box.length).toBeCloseTo(30.5, 6);
    expect(box.minX).toBeCloseTo(0, 6);
    expect(box.minY).toBeCloseTo(0, 6);
    const segments = segmentsOf(image);
    expect(segments).toHaveLength(4);
    expect(segments.every((segment) => segment.type === 'line')).toBe(true);
    // Closed: it ends where it starts.
    expect(segments.at(-1)).toMatchObject({ x2: segments[0]!.x1, y2: segments[0]!.y1 });
  });

  it('rounds the corners with four quarter arcs, in inches', () => {
    const image = plotted(writeOutlineGerber({ width: 2, length: 1.5, radius: 0.25, units: 'in' }));
    expect(image.warnings).toEqual([]);
    expect(image.units).toBe('in');
    const box = centreLineBox(image);
    expect(box.width).toBeCloseTo(2, 6);
    expect(box.length).toBeCloseTo(1.5, 6);
    const arcs = segmentsOf(image).filter((segment) => segment.type === 'arc');
    expect(arcs).toHaveLength(4);
    for (const arc of arcs) {
      expect(arc.radius).toBeCloseTo(0.25, 6);
      expect(arc.sweep).toBeCloseTo(Math.PI / 2, 6);
    }
  });

  it('allows a radius of half the shorter side (a stadium shape)', () => {
    const image = plotted(writeOutlineGerber({ width: 40, length: 20, radius: 10, units: 'mm' }));
    expect(centreLineBox(image).length).toBeCloseTo(20, 6);
    expect(image.warnings).toEqual([]);
  });

  it('refuses sizes that cannot be drawn, naming the field', () => {
    expect(checkOutlineSize({ width: 0, length: 10, units: 'mm' })).toEqual([
      { field: 'width', message: 'Width must be greater than 0' },
    ]);
    expect(checkOutlineSize({ width: 10, length: -1, units: 'in' })).toEqual([
      { field: 'length', message: 'Length must be greater than 0' },
    ]);
    expect(checkOutlineSize({ width: 20, length: 10, radius: 5.01, units: 'mm' })).toEqual([
      { field: 'radius', message: 'Corner radius must be at most half the shorter side (5 mm)' },
    ]);
    expect(checkOutlineSize({ width: 1, length: 0.5, radius: 0.3, units: 'in' })).toEqual([
      { field: 'radius', message: 'Corner radius must be at most half the shorter side (0.25 in)' },
    ]);
    expect(checkOutlineSize({ width: 1001, length: 10, units: 'mm' })).toEqual([
      { field: 'width', message: 'Width must be at most 1000 mm' },
    ]);
    expect(checkOutlineSize({ width: 40, length: 10, units: 'in' })).toEqual([
      { field: 'width', message: 'Width must be at most 39.37008 in' },
    ]);
    expect(() => writeOutlineGerber({ width: 10, length: 10, radius: -1, units: 'mm' })).toThrow(
      'Corner radius must be 0 or more',
    );
  });
});
