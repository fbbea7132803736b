import { HAIRLINE_ATTRIBUTES } from '@circuits/gerber';
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import {
  PREVIEW_LONGEST_SIDE_PX,
  PREVIEW_MIN_SVG_CHARS,
  sidePreview,
  withHairlines,
} from './render-preview.ts';

/** A side of `width` × `height` units whose SVG holds rectangles up to `chars` characters. */
function side(width: number, height: number, chars: number) {
  const shapes: string[] = [];
  let length = 0;
  for (let index = 0; length < chars; index++) {
    const shape = `<rect x="${(index * 7) % width}" y="${(index * 13) % height}" width="3" height="3"/>`;
    shapes.push(shape);
    length += shape.length;
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" ` +
    `width="${width / 1000}mm" height="${height / 1000}mm" fill="#0a6e2c">${shapes.join('')}</svg>`;
  return { svg, viewBox: [0, 0, width, height] as const, width, height, units: 'mm' as const };
}

/** The width and height a PNG declares (its IHDR chunk). */
function pngSize(src: string) {
  const png = Buffer.from(src.slice(src.indexOf(',') + 1), 'base64');
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('sidePreview', () => {
  it('draws a large side as a PNG on its longest side, keeping the frame without the SVG', () => {
    const wide = side(20_000, 10_000, PREVIEW_MIN_SVG_CHARS);
    const preview = sidePreview(wide);
    expect(preview).not.toBeNull();
    const { src, ...frame } = preview!;
    expect(frame).toEqual({
      viewBox: [0, 0, 20_000, 10_000],
      width: 20_000,
      height: 10_000,
      units: 'mm',
    });
    expect(src.startsWith('data:image/png;base64,')).toBe(true);
    expect(pngSize(src)).toEqual({
      width: PREVIEW_LONGEST_SIDE_PX,
      height: PREVIEW_LONGEST_SIDE_PX / 2,
    });

    const tall = sidePreview(side(5_000, 20_000, PREVIEW_MIN_SVG_CHARS));
    expect(pngSize(tall!.src)).toEqual({
      width: PREVIEW_LONGEST_SIDE_PX / 4,
      height: PREVIEW_LONGEST_SIDE_PX,
    });
  });

  it('makes none for a side the browser decodes quickly, an empty one or one it cannot read', () => {
    expect(sidePreview(side(20_000, 10_000, PREVIEW_MIN_SVG_CHARS / 10))).toBeNull();
    expect(sidePreview({ ...side(20_000, 10_000, PREVIEW_MIN_SVG_CHARS), width: 0 })).toBeNull();
    const broken = side(20_000, 10_000, PREVIEW_MIN_SVG_CHARS);
    expect(sidePreview({ ...broken, svg: broken.svg.replace('<svg', '<svg <') })).toBeNull();
  });

  it('draws the hairlines of a side one preview pixel wide (resvg draws no non-scaling strokes)', () => {
    const big = side(20_000, 10_000, 0);
    // A 1 µm board edge across the middle, drawn the way the engine draws hairlines.
    const svg = big.svg.replace(
      '</svg>',
      `<rect width="20000" height="10000" fill="#fff"/><path d="M0 5000H20000" fill="none" stroke="#000" ${HAIRLINE_ATTRIBUTES}/></svg>`,
    );
    const inkDownTheMiddle = (drawn: string) => {
      const image = new Resvg(drawn, {
        fitTo: { mode: 'width', value: PREVIEW_LONGEST_SIDE_PX },
      }).render();
      const column = Math.floor(image.width / 2);
      let ink = 0;
      for (let y = 0; y < image.height; y++) {
        ink += (255 - image.pixels[4 * (y * image.width + column)]!) / 255;
      }
      return ink;
    };
    expect(inkDownTheMiddle(svg)).toBeLessThan(0.1);
    expect(
      inkDownTheMiddle(withHairlines({ ...big, svg }, PREVIEW_LONGEST_SIDE_PX)),
    ).toBeGreaterThan(0.9);
  });
});
