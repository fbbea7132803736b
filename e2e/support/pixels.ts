import type { Locator, Page } from '@playwright/test';

// Colour checks on screenshots: the PNG Playwright takes is decoded by the page's own image
// decoder (no PNG library needed here) and its pixels counted against the colours looked for.

export type Rgb = readonly [number, number, number];

/** #rrggbb to [r, g, b]. */
export function rgb(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', '').slice(0, 6), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** A colour drawn at `alpha` over another, as the browser composes it. */
export function over(top: Rgb, alpha: number, bottom: Rgb): Rgb {
  return [0, 1, 2].map((channel) =>
    Math.round((top[channel] as number) * alpha + (bottom[channel] as number) * (1 - alpha)),
  ) as unknown as Rgb;
}

/**
 * The share (0 to 1) of the element's screenshot pixels within `tolerance` (per channel) of each
 * colour looked for.
 */
export async function colorShares<K extends string>(
  page: Page,
  element: Locator,
  colors: Record<K, Rgb>,
  tolerance = 12,
): Promise<Record<K, number>> {
  const png = await element.screenshot();
  return page.evaluate(
    async ({ base64, colors, tolerance }) => {
      // Decoded without fetch(): the app's Content-Security-Policy allows no data: URLs.
      const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
      const blob = new Blob([bytes], { type: 'image/png' });
      const bitmap = await createImageBitmap(blob);
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.drawImage(bitmap, 0, 0);
      const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      const counts: Record<string, number> = {};
      const entries = Object.entries(colors) as [string, [number, number, number]][];
      for (const [name] of entries) counts[name] = 0;
      for (let index = 0; index < data.length; index += 4) {
        for (const [name, [r, g, b]] of entries) {
          if (
            Math.abs((data[index] as number) - r) <= tolerance &&
            Math.abs((data[index + 1] as number) - g) <= tolerance &&
            Math.abs((data[index + 2] as number) - b) <= tolerance
          ) {
            counts[name] = (counts[name] ?? 0) + 1;
          }
        }
      }
      const total = data.length / 4;
      return Object.fromEntries(entries.map(([name]) => [name, (counts[name] ?? 0) / total]));
    },
    { base64: png.toString('base64'), colors: colors as Record<string, Rgb>, tolerance },
  ) as Promise<Record<K, number>>;
}
