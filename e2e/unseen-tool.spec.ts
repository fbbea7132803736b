import { UNSEEN_BOARD } from '../apps/server/test/unseen-board.ts';
import { apiCreateProduct, apiCreateProject, apiLogIn } from './support/api.ts';
import { DEMO_EDITOR, DEMO_PASSWORD, expect, test } from './support/fixtures.ts';
import { capture, logIn } from './support/pages.ts';
import { colorShares, over, rgb } from './support/pixels.ts';

// A new user's board from a CAD tool the naming rules never listed (Proteus CADCAM names, with
// the read-me, netlist and flying-probe files such an export carries): dropped on the Files tab,
// the board is drawn on the Board tab before anyone chooses a layer.

const BOARD_COLOR = rgb('#666666');
const MASK_OVER_BOARD = over(rgb('#004200'), 0xbf / 255, BOARD_COLOR);
const SILVER = rgb('#c0c0c0');

test('a board from an unseen CAD tool is drawn before anything is typed', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const editor = await apiLogIn(request, DEMO_EDITOR);
  const projectId = await apiCreateProject(editor, `Proteus board ${Date.now()}`);
  const productId = await apiCreateProduct(editor, projectId, 'Sensor node');
  await page.goto(`/product/${productId}?initTab=Files`);
  await logIn(page, DEMO_EDITOR, DEMO_PASSWORD);
  await expect(page.getByRole('tab', { name: 'Files', selected: true })).toBeVisible();

  await page.locator('.mantine-Dropzone-root input[type=file]').setInputFiles(
    Object.entries(UNSEEN_BOARD).map(([name, text]) => ({
      name,
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(text, 'latin1'),
    })),
  );
  await expect(page.getByRole('tabpanel', { name: 'Files' }).getByRole('alert')).toContainText(
    '12 files added: 8 Gerber layers, 1 drill file, 3 other files, not for the board: ' +
      'Sensor node - CADCAM READ-ME.TXT, Sensor node - CADCAM Netlist.IPC, FlyingProbeTesting.json',
    { timeout: 30_000 },
  );
  await capture(page, testInfo, 'unseen-tool-files');

  await page.getByRole('tab', { name: 'Board' }).click();
  const canvas = page.getByTestId('board-canvas');
  await expect(canvas).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await expect(page.getByText('Updating the render…')).toHaveCount(0, { timeout: 60_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  // Measured from the outline on the mechanical layer: 2 × 1.5 in.
  await expect(page.getByTestId('render-size')).toHaveText('50.80 × 38.10 mm, from the outline');
  const top = await colorShares(page, canvas, { mask: MASK_OVER_BOARD, silver: SILVER });
  expect(top.mask, 'the green mask over the board').toBeGreaterThan(0.05);
  expect(top.silver, 'pads opened in the mask').toBeGreaterThan(0.0005);
  await capture(page, testInfo, 'unseen-tool-board-top');
});
