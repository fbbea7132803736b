import { describe, expect, it } from 'vitest';
import {
  drawOverlay,
  indexParts,
  LABELS_PER_STEP,
  OUTLINES_PER_STEP,
  type OverlayPart,
  overlayDrawing,
  overlayParts,
  partAt,
  pictureShiftToBoard,
} from './overlay-scene.ts';
import type { PlacementForOverlay } from './placement-outlines.ts';

const frame = { x: 0, y: -20, width: 30, height: 20 };

function placement(overrides: Partial<PlacementForOverlay>): PlacementForOverlay {
  return {
    id: 1,
    refDesign: 'U1',
    side: 'top',
    x: 10,
    y: 5,
    angle: 0,
    package: { minX: -2, maxX: 2, minY: -1, maxY: 1 },
    ...overrides,
  };
}

describe('overlayParts', () => {
  it('keeps the parts of the side shown, in picture millimetres (y down), offset applied', () => {
    const parts = overlayParts(
      [placement({}), placement({ id: 2, refDesign: 'R1', side: 'bottom' })],
      'top',
      frame,
      false,
      { x: 1, y: 2 },
    );
    expect(parts.map((part) => part.refDesign)).toEqual(['U1']);
    const [part] = parts;
    expect([part?.centerX, part?.centerY]).toEqual([11, -7]);
    expect([part?.minX, part?.maxX, part?.minY, part?.maxY]).toEqual([9, 13, -8, -6]);
  });

  it('mirrors the bottom across the frame', () => {
    const [part] = overlayParts([placement({ side: 'bottom', x: 5 })], 'bottom', frame, true);
    expect(part?.centerX).toBe(25);
  });
});

describe('partAt', () => {
  const parts = overlayParts(
    [
      placement({ id: 1, refDesign: 'J1', package: { minX: -5, maxX: 5, minY: -3, maxY: 3 } }),
      placement({
        id: 2,
        refDesign: 'R1',
        package: { minX: -0.5, maxX: 0.5, minY: -0.25, maxY: 0.25 },
      }),
      placement({ id: 3, refDesign: 'C1', x: 25, y: 15, angle: 45 }),
    ],
    'top',
    frame,
    false,
  );

  it('picks the smallest part holding the point', () => {
    expect(partAt(parts, 10, -5)?.refDesign).toBe('R1');
    expect(partAt(parts, 13, -5)?.refDesign).toBe('J1');
  });

  it('reads a turned outline, and the nearest part within the slack', () => {
    expect(partAt(parts, 25, -15)?.refDesign).toBe('C1');
    // Inside C1's bounding box but outside the part turned by 45 degrees.
    expect(partAt(parts, 26.9, -16.9)).toBeNull();
    expect(partAt(parts, 1, -19)).toBeNull();
    expect(partAt(parts, 4.5, -5, 0.6)?.refDesign).toBe('J1');
  });
});

describe('pictureShiftToBoard', () => {
  it('turns a shift seen on the picture into one on the board', () => {
    expect(pictureShiftToBoard(1, 2, false)).toEqual({ x: 1, y: -2 });
    expect(pictureShiftToBoard(1, 2, true)).toEqual({ x: -1, y: -2 });
  });
});

function recorder() {
  const calls: string[] = [];
  const context = new Proxy(
    {},
    {
      get: (_, name) =>
        name === 'calls'
          ? calls
          : (...args: unknown[]) => calls.push(`${String(name)}(${args.join(',')})`),
      set: () => true,
    },
  ) as unknown as CanvasRenderingContext2D;
  return { context, calls };
}

describe('drawOverlay', () => {
  it('draws only the parts in the area, and their labels once they are legible', () => {
    const parts = overlayParts(
      [placement({}), placement({ id: 2, refDesign: 'R9', x: 28, y: 18 })],
      'top',
      frame,
      false,
    );
    const { context, calls } = recorder();
    const far = drawOverlay(context, parts, { originX: 0, originY: -20, scale: 2 }, null);
    expect(far).toEqual({ drawn: 2, labels: 0 });
    const close = drawOverlay(
      context,
      parts,
      { originX: 5, originY: -10, scale: 40 },
      { minX: 5, minY: -10, maxX: 15, maxY: 0 },
    );
    expect(close).toEqual({ drawn: 1, labels: 1 });
    expect(calls.some((call) => call.startsWith('fillText(U1,'))).toBe(true);
    expect(calls.some((call) => call.startsWith('fillText(R9,'))).toBe(false);
  });
});

/** A grid of `columns` × `rows` small parts, 1 mm apart, some turned. */
function gridOfParts(columns: number, rows: number): OverlayPart[] {
  const placements: PlacementForOverlay[] = [];
  for (let index = 0; index < columns * rows; index++) {
    placements.push(
      placement({
        id: index + 1,
        refDesign: `R${index + 1}`,
        x: (index % columns) + 0.5,
        y: Math.floor(index / columns) + 0.5,
        angle: (index % 3) * 30,
        package: { minX: -0.3, maxX: 0.3, minY: -0.15, maxY: 0.15 },
      }),
    );
  }
  return overlayParts(placements, 'top', { x: 0, y: -rows, width: columns, height: rows }, false);
}

describe('indexParts', () => {
  const parts = gridOfParts(60, 40);
  const index = indexParts(parts);
  const scan = (area: { minX: number; minY: number; maxX: number; maxY: number }) =>
    parts.filter(
      (part) =>
        part.maxX >= area.minX &&
        part.minX <= area.maxX &&
        part.maxY >= area.minY &&
        part.minY <= area.maxY,
    );

  it('finds exactly the parts a scan of all finds, in their order, once each', () => {
    for (const area of [
      { minX: 10.2, minY: -30.7, maxX: 14.9, maxY: -25.1 },
      { minX: -5, minY: -50, maxX: 100, maxY: 10 },
      { minX: 59.6, minY: -0.9, maxX: 70, maxY: 3 },
      { minX: 0.45, minY: -0.55, maxX: 0.55, maxY: -0.45 },
    ]) {
      const found = index.within(area);
      expect(found.map((part) => part.id)).toEqual(scan(area).map((part) => part.id));
    }
    expect(index.within({ minX: 100, minY: 0, maxX: 120, maxY: 10 })).toEqual([]);
  });

  it('gives the click its part among the few near it', () => {
    const near = index.within({ minX: 20.3, minY: -10.7, maxX: 20.7, maxY: -10.3 });
    expect(near.length).toBeLessThan(5);
    expect(partAt(near, 20.5, -10.5)?.refDesign).toBe(partAt(parts, 20.5, -10.5)?.refDesign);
    expect(partAt(near, 20.5, -10.5)?.refDesign).toBe('R621');
  });
});

describe('overlayDrawing', () => {
  it('splits a large drawing into steps and draws the same as at once', () => {
    const parts = gridOfParts(100, 40);
    const map = { originX: 0, originY: -40, scale: 40 };
    const steps = recorder();
    const drawing = overlayDrawing(steps.context, parts, map);
    let yielded = 0;
    let result = drawing.next();
    for (; !result.done; result = drawing.next()) yielded++;
    expect(result.value).toEqual({ drawn: 4000, labels: 4000 });
    expect(yielded).toBe(
      Math.ceil(4000 / OUTLINES_PER_STEP) + Math.ceil(4000 / LABELS_PER_STEP) - 1,
    );
    const once = recorder();
    drawOverlay(once.context, parts, map, null);
    const drawn = (calls: string[]) =>
      calls.filter((call) => /^(moveTo|lineTo|fillText)/.test(call)).sort();
    expect(drawn(steps.calls)).toEqual(drawn(once.calls));
  });
});
