import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

// The pictures in the README are taken by the journeys that walk the same screens, so they show
// the product as it is. `npm run screenshot` sets the variable and refreshes them.

const IMAGES_DIR = path.resolve(import.meta.dirname, '../../docs/images');

/**
 * Writes the window to docs/images/{name}.png when the README's pictures are asked for, scrolled
 * so that `top` (when given) is at the top of the window.
 */
export async function refreshReadmeImage(page: Page, name: string, top?: Locator): Promise<void> {
  if (!process.env.UPDATE_README_IMAGES) return;
  await top?.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: path.join(IMAGES_DIR, `${name}.png`) });
}
