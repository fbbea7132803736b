import { apiCreateProduct, apiCreateProject, apiLogIn } from './support/api.ts';
import { boardFiles, missingBoardReason } from './support/board-fixtures.ts';
import { DEMO_EDITOR, DEMO_PASSWORD, expect, test } from './support/fixtures.ts';
import { capture, logIn } from './support/pages.ts';

const BOARD = 'esp32-poe-rev-m';

test('the board page lists the manufacturing findings; a click marks the place and zooms to it', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const missing = missingBoardReason(BOARD);
  test.skip(missing !== null, missing ?? '');

  const editor = await apiLogIn(request, DEMO_EDITOR);
  const projectId = await apiCreateProject(editor, `DFM ${Date.now()}`);
  const productId = await apiCreateProduct(editor, projectId, 'ESP32 PoE', boardFiles(BOARD));

  await page.goto(`/board/${productId}`);
  await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
  const check = page.getByRole('region', { name: 'Manufacturing check' });
  // The board's 0.116 mm gaps are below the standard class's 0.127 mm: advanced.
  await expect(check.getByTestId('dfm-verdict')).toHaveText('Needs the advanced class', {
    timeout: 60_000,
  });
  await expect(check.getByText('0.116 mm clearance: advanced class')).toBeVisible();
  await expect(check.getByTestId('dfm-count-clearance')).toHaveText('12');

  await expect(page.getByTestId('board-canvas')).toHaveAttribute('data-ready', 'true', {
    timeout: 60_000,
  });
  await check.getByText('Clearance between copper').click();
  await check
    .getByRole('button', { name: /^Show Clearance between copper/ })
    .first()
    .click();
  // The place is marked (one overlay part) and the view zoomed in on it.
  await expect(page.getByTestId('placements-overlay')).toHaveAttribute('data-parts', '1');
  await expect(page.getByTestId('zoom-level')).not.toHaveText('100%');
  // Zoomed in, the picture reaches past the viewer it is clipped to: no overflow check here.
  await page.screenshot({ path: testInfo.outputPath('board-dfm-finding.png') });

  // On a phone the list keeps within the width, the board fitted again.
  await page.getByRole('button', { name: 'Fit the board' }).click();
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(check.getByTestId('dfm-count-clearance')).toBeVisible();
  await capture(page, testInfo, 'board-dfm-phone');
});
