import { describe, expect, it } from 'vitest';
import {
  baseBitmapSize,
  detailDraw,
  firstBitmapSize,
  needsDetail,
  stripDraw,
} from './picture-raster.ts';

describe('baseBitmapSize', () => {
  it('draws the longest side at 2048 pixels', () => {
    expect(baseBitmapSize({ width: 224, height: 640 })).toEqual({ width: 717, height: 2048 });
  });

  it('keeps a square picture within 4 million pixels', () => {
    const size = baseBitmapSize({ width: 1000, height: 1000 });
    expect(size.width * size.height).toBeLessThanOrEqual(4_000_000);
    expect(size.width).toBe(2000);
  });

  it('draws nothing for an empty picture', () => {
    expect(baseBitmapSize({ width: 0, height: 10 })).toEqual({ width: 0, height: 0 });
  });
});

describe('needsDetail', () => {
  const content = { width: 1000, height: 500 };
  const bitmap = { width: 4000, height: 2000 };

  it('is not needed while a bitmap pixel is at most a device pixel', () => {
    expect(needsDetail({ x: 0, y: 0, scale: 4 }, content, bitmap, 1)).toBe(false);
    expect(needsDetail({ x: 0, y: 0, scale: 2 }, content, bitmap, 2)).toBe(false);
  });

  it('is needed once the bitmap is enlarged', () => {
    expect(needsDetail({ x: 0, y: 0, scale: 5 }, content, bitmap, 1)).toBe(true);
    expect(needsDetail({ x: 0, y: 0, scale: 3 }, content, bitmap, 2)).toBe(true);
  });
});

describe('detailDraw', () => {
  const content = { width: 1000, height: 500 };
  const natural = { width: 2000, height: 1000 };
  const viewport = { width: 400, height: 300 };

  it('maps the part on screen to the image and back to the viewport', () => {
    const draw = detailDraw({ x: -1000, y: -500, scale: 4 }, content, viewport, natural);
    expect(draw).toEqual({
      source: { x: 500, y: 250, width: 200, height: 150 },
      target: { x: 0, y: 0, width: 400, height: 300 },
    });
  });

  it('cuts the rectangle to the picture when its edge is on screen', () => {
    const draw = detailDraw({ x: 100, y: -100, scale: 2 }, content, viewport, natural);
    expect(draw?.source).toEqual({ x: 0, y: 100, width: 300, height: 300 });
    expect(draw?.target).toEqual({ x: 100, y: 0, width: 300, height: 300 });
  });

  it('draws nothing when the picture is off screen', () => {
    expect(detailDraw({ x: 500, y: 0, scale: 1 }, content, viewport, natural)).toBeNull();
  });
});

describe('firstBitmapSize', () => {
  const full = { width: 2048, height: 1198 };
  const content = { width: 1520, height: 889 };

  it('is the picture as fitted in the viewport, in device pixels', () => {
    expect(firstBitmapSize(content, { width: 760, height: 600 }, 1, full)).toEqual({
      width: 760,
      height: 445,
    });
    expect(firstBitmapSize(content, { width: 760, height: 300 }, 2, full)).toEqual({
      width: 1026,
      height: 600,
    });
  });

  it('is the full bitmap when that is no larger, or when the viewport is not known', () => {
    expect(firstBitmapSize(content, { width: 1900, height: 1100 }, 2, full)).toEqual(full);
    expect(firstBitmapSize(content, { width: 0, height: 0 }, 1, full)).toEqual(full);
  });
});

describe('stripDraw', () => {
  it('splits image and bitmap into matching vertical bands that cover them', () => {
    const natural = { width: 700, height: 400 };
    const bitmap = { width: 2048, height: 1170 };
    const strips = [0, 1, 2, 3].map((index) => stripDraw(index, 4, natural, bitmap));
    expect(strips[1]).toEqual({
      source: { x: 175, y: 0, width: 175, height: 400 },
      target: { x: 512, y: 0, width: 512, height: 1170 },
    });
    expect(strips.reduce((sum, strip) => sum + strip.target.width, 0)).toBe(2048);
    expect(strips.at(-1)!.source.x + strips.at(-1)!.source.width).toBe(700);
  });
});
