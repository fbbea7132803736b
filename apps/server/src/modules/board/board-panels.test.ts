import fs from 'node:fs';
import path from 'node:path';
import {
  boardRenderColors,
  DEFAULT_BOARD_SETTINGS,
  DEFAULT_BOARD_SETTINGS_OPTIONS,
} from '@circuits/domain';
import { fixturesDir, report } from '@circuits/gerber/test-support';
import { afterAll, describe, expect, it } from 'vitest';
import type { RenderJob } from './board-render-job.ts';
import { createBoardWorkers } from './board-workers.ts';

// Panels of real boards, as a panelising CAM tool writes them (the board's drawing inside one
// step and repeat), rendered by a board worker within the memory a worker may use by default
// (RENDER_WORKER_MEMORY_MB, 768 MB): every copy drawn, nothing said to be left out.

const fixtures = fixturesDir();
const workers = createBoardWorkers({
  workers: 1,
  timeoutMs: 120_000,
  memoryMb: 768,
  warmWorkers: 0,
});
afterAll(() => workers.close());

/** A layer's drawing placed x × y times, i and j apart (in the file's units). */
function panel(text: string, x: number, y: number, i: number, j: number): string {
  const lines = text.split('\n');
  // The step and repeat opens before the first drawing command and closes before the end.
  const first = lines.findIndex((line) => /^(?:G54)?D\d+\*|^[XY][-\d]/.test(line.trim()));
  const end = lines.findLastIndex((line) => line.startsWith('M02'));
  lines.splice(end, 0, '%SR*%');
  lines.splice(first, 0, `%SRX${x}Y${y}I${i}J${j}*%`);
  return lines.join('\n');
}

function job(filename: string, fileType: 'topCopper' | 'bottomCopper', gerber: string): RenderJob {
  const side = fileType === 'topCopper' ? 'top' : 'bottom';
  return {
    layers: [{ filename, side, type: 'copper', gerber, fileType, layerNumber: null }],
    inputs: [],
    colors: boardRenderColors(DEFAULT_BOARD_SETTINGS, DEFAULT_BOARD_SETTINGS_OPTIONS),
  };
}

type Stored = { widthMm: number; lengthMm: number; warnings: { message: string }[] };

describe.skipIf(fixtures === null)('panels drawn whole by a board worker', () => {
  it('draws a 10 × 10 panel of the Arduino Uno’s top copper, every copy', async () => {
    const copper = fs.readFileSync(
      path.join(fixtures!, 'gerber/arduino-uno/arduino-uno.cmp'),
      'latin1',
    );
    // The board is 2.7 × 2.1 in: copies 0.1 in apart.
    const text = panel(copper, 10, 10, 2.8, 2.2);
    expect(text.length).toBeGreaterThan(300_000);
    const stored = JSON.parse(
      (await workers.renders.run(job('panel.cmp', 'topCopper', text))).json,
    ) as Stored;
    expect(stored.warnings.filter((w) => /simplified|step and repeat/.test(w.message))).toEqual([]);
    // Nine steps of 2.8 in and one board across, nine of 2.2 in and one board down.
    expect(stored.widthMm).toBeGreaterThan(9 * 2.8 * 25.4 + 2.6 * 25.4);
    expect(stored.lengthMm).toBeGreaterThan(9 * 2.2 * 25.4 + 2 * 25.4);
  }, 120_000);

  it('draws a 6 × 6 panel of the LimeSDR-QPCIe’s bottom copper, every copy', async () => {
    const copper = fs.readFileSync(
      path.join(fixtures!, 'gerber-large/limesdr-qpcie/LimeSDR-QPCIe_1v2.GBL'),
      'latin1',
    );
    // The layer spans 203.4 × 124.1 mm: copies 206 × 126 mm apart.
    const text = panel(copper, 6, 6, 206, 126);
    const stored = JSON.parse(
      (await workers.renders.run(job('panel.GBL', 'bottomCopper', text))).json,
    ) as Stored;
    expect(stored.warnings.filter((w) => /simplified|step and repeat/.test(w.message))).toEqual([]);
    expect(stored.widthMm).toBeGreaterThan(5 * 206 + 200);
    expect(stored.lengthMm).toBeGreaterThan(5 * 126 + 120);
  }, 120_000);
});

if (fixtures === null) report('panel renders skipped: ../shared/fixtures not found');
