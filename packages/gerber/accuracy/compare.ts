// The accuracy metric: dark pixels of either image with no dark pixel of the other within one
// pixel (8-neighbourhood), over the union of dark pixels. Edge rounding of thin lines is
// forgiven; real geometric errors are counted.

import type { RgbaImage } from './png.ts';

export interface Mask {
  width: number;
  height: number;
  /** 1 for a dark pixel. */
  bits: Uint8Array;
}

export interface Comparison {
  /** Dark pixels of ours with no gerbv dark pixel within 1 px. */
  oursOnly: number;
  /** Dark pixels of gerbv with none of ours within 1 px. */
  gerbvOnly: number;
  union: number;
  /** (oursOnly + gerbvOnly) / union, as a percentage; 0 when both are empty. */
  percent: number;
}

/** Dark means a luminance below half. */
export function darkMask(image: RgbaImage): Mask {
  const { width, height, data } = image;
  const bits = new Uint8Array(width * height);
  for (let pixel = 0; pixel < width * height; pixel++) {
    const r = data[pixel * 4] as number;
    const g = data[pixel * 4 + 1] as number;
    const b = data[pixel * 4 + 2] as number;
    bits[pixel] = 0.299 * r + 0.587 * g + 0.114 * b < 128 ? 1 : 0;
  }
  return { width, height, bits };
}

/** The mask grown by one pixel in all eight directions. */
export function dilate(mask: Mask): Mask {
  const { width, height, bits } = mask;
  const rows = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      rows[row + x] =
        (bits[row + x] as number) |
        (x > 0 ? (bits[row + x - 1] as number) : 0) |
        (x + 1 < width ? (bits[row + x + 1] as number) : 0);
    }
  }
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      out[row + x] =
        (rows[row + x] as number) |
        (y > 0 ? (rows[row - width + x] as number) : 0) |
        (y + 1 < height ? (rows[row + width + x] as number) : 0);
    }
  }
  return { width, height, bits: out };
}

export function compareMasks(ours: Mask, gerbv: Mask): Comparison {
  if (ours.width !== gerbv.width || ours.height !== gerbv.height) {
    throw new Error(
      `image sizes differ: ${ours.width}x${ours.height} and ${gerbv.width}x${gerbv.height}`,
    );
  }
  const oursNear = dilate(ours);
  const gerbvNear = dilate(gerbv);
  let oursOnly = 0;
  let gerbvOnly = 0;
  let union = 0;
  for (let pixel = 0; pixel < ours.bits.length; pixel++) {
    const a = ours.bits[pixel] as number;
    const b = gerbv.bits[pixel] as number;
    if (a | b) union++;
    if (a && !gerbvNear.bits[pixel]) oursOnly++;
    if (b && !oursNear.bits[pixel]) gerbvOnly++;
  }
  const percent = union === 0 ? 0 : ((oursOnly + gerbvOnly) / union) * 100;
  return { oursOnly, gerbvOnly, union, percent };
}

/**
 * A picture for the report: ours | gerbv | differences (ours only in red, gerbv only in blue),
 * shrunk so that it is at most `maxWidth` pixels wide.
 */
export function sideBySide(
  ours: Mask,
  gerbv: Mask,
  maxWidth: number,
): { width: number; height: number; rgb: Uint8Array } {
  const oursNear = dilate(ours);
  const gerbvNear = dilate(gerbv);
  const gap = 8;
  const fullWidth = ours.width * 3 + gap * 2;
  const step = Math.max(1, Math.ceil(fullWidth / maxWidth));
  const panelWidth = Math.ceil(ours.width / step);
  const height = Math.ceil(ours.height / step);
  const gapWidth = Math.ceil(gap / step);
  const width = panelWidth * 3 + gapWidth * 2;
  const rgb = new Uint8Array(width * height * 3).fill(200);
  const put = (x: number, y: number, r: number, g: number, b: number): void => {
    const index = (y * width + x) * 3;
    rgb[index] = r;
    rgb[index + 1] = g;
    rgb[index + 2] = b;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < panelWidth; x++) {
      // A shrunk pixel is dark when any pixel it covers is; a difference wins over agreement.
      let a = 0;
      let b = 0;
      let onlyA = 0;
      let onlyB = 0;
      for (let dy = 0; dy < step; dy++) {
        for (let dx = 0; dx < step; dx++) {
          const sx = x * step + dx;
          const sy = y * step + dy;
          if (sx >= ours.width || sy >= ours.height) continue;
          const pixel = sy * ours.width + sx;
          const pa = ours.bits[pixel] as number;
          const pb = gerbv.bits[pixel] as number;
          a |= pa;
          b |= pb;
          if (pa && !gerbvNear.bits[pixel]) onlyA = 1;
          if (pb && !oursNear.bits[pixel]) onlyB = 1;
        }
      }
      const ink = (dark: number): number => (dark ? 0 : 255);
      put(x, y, ink(a), ink(a), ink(a));
      put(x + panelWidth + gapWidth, y, ink(b), ink(b), ink(b));
      const diffX = x + 2 * (panelWidth + gapWidth);
      if (onlyA) put(diffX, y, 230, 0, 0);
      else if (onlyB) put(diffX, y, 0, 60, 230);
      else if (a || b) put(diffX, y, 170, 170, 170);
      else put(diffX, y, 255, 255, 255);
    }
  }
  return { width, height, rgb };
}
