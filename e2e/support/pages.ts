import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

export const LOGGED_OUT_TOAST = 'You were logged out due to inactivity. Please log in again';

/** A text input by its label (Mantine marks required labels with an asterisk). */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByRole('textbox', { name: label, exact: true });
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function chooseCountry(page: Page, label: string, country: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).fill(country);
  await page.getByRole('option', { name: country, exact: true }).click();
}

/** A toast by its title (Success, Error, Warning, Notification) and text. */
export function toast(page: Page, title: string, text: string | RegExp) {
  return page
    .locator('.mantine-Notification-root')
    .filter({ hasText: title })
    .filter({ hasText: text });
}

export async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

/**
 * What sticks out sideways: the page being wider than the window, any shown element (fixed ones
 * such as the header included, which never widen the page) reaching past the window's left or
 * right edge, and any control cut off by a container that hides its overflow. Content inside a
 * container that scrolls sideways (a wide table in its card) is reachable, so it is left alone.
 */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > width) found.push(`the page is ${pageWidth}px wide in a ${width}px window`);
    const controls = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="tab"]';
    // The nearest ancestor that hides overflow, and whether one on the way up scrolls sideways.
    const containers = (element: Element) => {
      let clip: Element | null = null;
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (parent === document.body || parent === document.documentElement) break;
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX === 'auto' || overflowX === 'scroll') return { clip, scrolls: true };
        if (overflowX !== 'visible') clip ??= parent;
      }
      return { clip, scrolls: false };
    };
    const report = (element: Element, box: DOMRect, problem: string) => {
      const label =
        element.getAttribute('aria-label') ??
        element.textContent?.trim().replace(/\s+/g, ' ').slice(0, 40) ??
        '';
      const name = `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">`;
      return `${name} "${label}" (${Math.round(box.left)}..${Math.round(box.right)}px) ${problem}`;
    };
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (getComputedStyle(element).visibility === 'hidden') continue;
      const { clip, scrolls } = containers(element);
      if (scrolls) continue;
      if (box.left < -1 || box.right > width + 1) {
        found.push(report(element, box, `reaches past the ${width}px window`));
      } else if (clip && element.matches(controls)) {
        const room = clip.getBoundingClientRect();
        if (box.left < room.left - 1 || box.right > room.right + 1) {
          found.push(report(element, box, 'is cut off by its container'));
        }
      }
      if (found.length >= 10) break;
    }
    return found;
  });
}

/**
 * Nothing on the page reaches past the sides of the window (see horizontalOverflow), once what
 * slides in (a toast entering from the side) has arrived.
 */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  await expect
    .poll(() => horizontalOverflow(page), { message: `sideways overflow at ${page.url()}` })
    .toEqual([]);
}

/**
 * The element can be clicked where it is: at its centre the page shows the element itself, not
 * a toast, toolbar or popover lying over it.
 */
export async function expectUncovered(locator: Locator, what: string): Promise<void> {
  const covering = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (top === null || element === top || element.contains(top)) return null;
    return `${top.tagName.toLowerCase()}.${top.getAttribute('class') ?? ''} "${top.textContent?.trim().slice(0, 40)}"`;
  });
  expect(covering, `${what} is covered by ${covering}`).toBeNull();
}

/**
 * A picture of the page at the window's size, kept with the test results for review (not
 * committed); the page is checked for sideways overflow on the way.
 */
export async function capture(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { fullPage = false } = {},
): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage });
}

/** The fitted board and the zoom controls in the corner of the viewer do not overlap. */
export async function expectBoardClearOfZoomControls(page: Page): Promise<void> {
  const viewer = page.getByTestId('board-canvas');
  await expect(viewer).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await expect(viewer.getByTestId('zoom-level')).toHaveText('100%');
  const area = await viewer.boundingBox();
  const board = await viewer.locator(':scope > div').first().boundingBox();
  const controls = await viewer.locator('.mantine-Paper-root').boundingBox();
  if (!area || !board || !controls) throw new Error('the viewer is not on screen');
  const overlaps =
    board.x < controls.x + controls.width &&
    controls.x < board.x + board.width &&
    board.y < controls.y + controls.height &&
    controls.y < board.y + board.height;
  expect(overlaps, `board ${JSON.stringify(board)}, controls ${JSON.stringify(controls)}`).toBe(
    false,
  );
  // Still fitted: the board fills the viewer's width or height, less the room for the controls.
  expect(Math.max(board.width / area.width, board.height / area.height)).toBeGreaterThan(0.7);
}
