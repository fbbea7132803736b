import { describe, expect, it } from 'vitest';
import {
  fitView,
  keepInView,
  panBy,
  type Size,
  scaleRange,
  viewTransform,
  wheelZoomFactor,
  zoomAt,
} from './pan-zoom.ts';

const viewport = { width: 800, height: 600 };

describe('fitView', () => {
  it('scales a wide board to the viewport width less the margins and centres it', () => {
    const view = fitView({ width: 200, height: 100 }, viewport, 0);
    expect(view).toEqual({ scale: 4, x: 0, y: 100 });
  });

  it('scales a tall board to the height, keeping the margin', () => {
    const view = fitView({ width: 100, height: 300 }, viewport, 50);
    expect(view.scale).toBeCloseTo(500 / 300);
    expect(view.y).toBeCloseTo(50);
    expect(view.x).toBeCloseTo((800 - 100 * view.scale) / 2);
  });

  describe('with the zoom controls over the bottom-right corner', () => {
    const controls = { width: 160, height: 50 };
    const corner = (view: { x: number; y: number; scale: number }, content: Size) => ({
      right: view.x + content.width * view.scale,
      bottom: view.y + content.height * view.scale,
    });

    it('fits a board that would reach under them above them, as big as that allows', () => {
      // A square board in a square viewport fills it and would run under the controls.
      const content = { width: 100, height: 100 };
      const square = { width: 600, height: 600 };
      const view = fitView(content, square, 20, controls);
      const edge = corner(view, content);
      expect(edge.bottom).toBeLessThanOrEqual(600 - controls.height);
      // Above (550 - 40 high) leaves it bigger than beside (440 - 40 wide).
      expect(view.scale).toBeCloseTo((600 - 50 - 40) / 100);
      expect(view.y).toBeCloseTo(20);
    });

    it('fits a tall board beside them when that leaves it bigger', () => {
      // Centred, the board would run under controls 120 wide and 200 high; above them it would
      // shrink to a third, beside them it keeps its full height.
      const content = { width: 100, height: 300 };
      const square = { width: 300, height: 300 };
      const keepClear = { width: 120, height: 200 };
      expect(corner(fitView(content, square, 0), content).right).toBeGreaterThan(300 - 120);
      const view = fitView(content, square, 0, keepClear);
      expect(corner(view, content).right).toBeLessThanOrEqual(300 - 120);
      expect(view.scale).toBeCloseTo(1);
    });

    it('leaves a board that stays clear of them where it was', () => {
      const content = { width: 200, height: 50 };
      expect(fitView(content, viewport, 24, controls)).toEqual(fitView(content, viewport, 24));
    });
  });

  it('leaves an empty picture unscaled', () => {
    expect(fitView({ width: 0, height: 0 }, viewport)).toEqual({ x: 0, y: 0, scale: 1 });
  });
});

describe('zoomAt', () => {
  const range = { min: 0.5, max: 8 };

  it('keeps the picture point under the anchor in place', () => {
    const view = { x: 100, y: 50, scale: 2 };
    const anchor = { x: 300, y: 250 };
    const pictureX = (anchor.x - view.x) / view.scale;
    const pictureY = (anchor.y - view.y) / view.scale;
    const zoomed = zoomAt(view, 1.5, anchor, range);
    expect(zoomed.scale).toBe(3);
    expect(zoomed.x + pictureX * zoomed.scale).toBeCloseTo(anchor.x);
    expect(zoomed.y + pictureY * zoomed.scale).toBeCloseTo(anchor.y);
  });

  it('stops at the limits', () => {
    expect(zoomAt({ x: 0, y: 0, scale: 6 }, 4, { x: 0, y: 0 }, range).scale).toBe(8);
    expect(zoomAt({ x: 0, y: 0, scale: 1 }, 0.1, { x: 0, y: 0 }, range).scale).toBe(0.5);
  });

  it('does not move the picture when the limit leaves nothing to zoom', () => {
    const view = { x: 10, y: 20, scale: 8 };
    expect(zoomAt(view, 2, { x: 400, y: 300 }, range)).toEqual(view);
  });
});

describe('scaleRange', () => {
  it('runs from half the fitting scale to 64 times it', () => {
    const range = scaleRange({ width: 200, height: 100 }, { width: 248, height: 600 });
    expect(range.min).toBeCloseTo(0.5);
    expect(range.max).toBeCloseTo(64);
  });
});

describe('panBy and keepInView', () => {
  it('moves the picture by the distance', () => {
    expect(panBy({ x: 1, y: 2, scale: 3 }, 10, -5)).toEqual({ x: 11, y: -3, scale: 3 });
  });

  it('keeps part of the picture on screen after a drag too far', () => {
    const content = { width: 100, height: 100 };
    const lost = keepInView({ x: 5000, y: -5000, scale: 2 }, content, viewport, 48);
    expect(lost).toEqual({ x: 800 - 48, y: 48 - 200, scale: 2 });
    const visible = { x: 10, y: 10, scale: 2 };
    expect(keepInView(visible, content, viewport, 48)).toEqual(visible);
  });
});

describe('wheelZoomFactor', () => {
  it('zooms in on a wheel turned away and out on one turned back, alike in both ways', () => {
    const zoomIn = wheelZoomFactor(-100, 0);
    const zoomOut = wheelZoomFactor(100, 0);
    expect(zoomIn).toBeGreaterThan(1);
    expect(zoomIn * zoomOut).toBeCloseTo(1);
  });

  it('reads line deltas as lines of 16 pixels', () => {
    expect(wheelZoomFactor(3, 1)).toBeCloseTo(wheelZoomFactor(48, 0));
  });
});

it('writes the view as a CSS transform', () => {
  expect(viewTransform({ x: 1.5, y: -2, scale: 0.25 })).toBe('translate(1.5px, -2px) scale(0.25)');
});
