import { identifyLayers, renderBoard } from '@circuits/gerber';
import { warmUpBoardFiles } from '@circuits/gerber/warm-up';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DropError, readDrop } from './dropped-files.ts';
import { analyseLocalBoard, type LocalBoardProgress } from './local-board.ts';

// A small two-layer board named as KiCad names its files, read, identified and drawn as the
// instant quote's worker does it.

const um = (mm: number) => Math.round(mm * 1_000_000);
const header = ['%FSLAX46Y46*%', '%MOMM*%'];

const outline = (width: number, height: number) =>
  [
    ...header,
    '%ADD10C,0.150*%',
    'D10*',
    'X0Y0D02*',
    `X${um(width)}Y0D01*`,
    `X${um(width)}Y${um(height)}D01*`,
    `X0Y${um(height)}D01*`,
    'X0Y0D01*',
    'M02*',
  ].join('\n');

const copper = [...header, '%ADD11R,1.5X1.5*%', 'D11*', 'X5000000Y5000000D03*', 'M02*'].join('\n');

const drill = ['M48', 'METRIC', 'T1C0.800', '%', 'T1', 'X5.0Y5.0', 'M30'].join('\n');

const encode = (text: string) => new TextEncoder().encode(text);

const files = {
  'sensor-F_Cu.gbr': copper,
  'sensor-B_Cu.gbr': copper,
  'sensor-Edge_Cuts.gbr': outline(40, 30),
  'sensor.drl': drill,
  'README.txt': 'Made with KiCad',
};

describe('a board dropped in the browser', () => {
  it('is unzipped, identified, drawn and measured', async () => {
    const archive = zipSync(
      Object.fromEntries(
        Object.entries(files).map(([name, text]) => [`gerbers/${name}`, encode(text)]),
      ),
    );
    const drop = await readDrop([{ name: 'sensor.zip', bytes: archive }]);
    expect(drop.texts.map((file) => file.name).sort()).toEqual(Object.keys(files).sort());
    const progress: LocalBoardProgress[] = [];
    const board = analyseLocalBoard(drop.texts, {
      identify: identifyLayers,
      render: (input) => renderBoard(input as unknown as Parameters<typeof renderBoard>[0]),
      onProgress: (step) => progress.push(step),
    });
    expect(progress.map((step) => step.stage)).toEqual(['identify', 'render', 'done']);
    const typeOf = Object.fromEntries(board.files.map((file) => [file.name, file.fileType]));
    expect(typeOf).toEqual({
      'sensor-F_Cu.gbr': 'topCopper',
      'sensor-B_Cu.gbr': 'bottomCopper',
      'sensor-Edge_Cuts.gbr': 'outline',
      'sensor.drl': 'platedDrill',
      'README.txt': null,
    });
    expect(board.boardFiles).toHaveLength(4);
    expect(board.render.copperLayers).toBe(2);
    expect(board.render.widthMm).toBeCloseTo(40, 0);
    expect(board.render.lengthMm).toBeCloseTo(30, 0);
    expect(board.render.top.svg).toContain('<svg');
    expect(board.render.layers).toHaveLength(4);
  });

  it('keeps binary files off the board and refuses what cannot be read', async () => {
    const drop = await readDrop([
      { name: 'photo.png', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]) },
      { name: 'top.gtl', bytes: encode(copper) },
    ]);
    expect(drop.skipped).toEqual(['photo.png']);
    expect(drop.texts.map((file) => file.name)).toEqual(['top.gtl']);
    await expect(readDrop([{ name: 'broken.zip', bytes: encode('not a zip') }])).rejects.toThrow(
      new DropError('broken.zip cannot be unzipped: it is not a zip archive'),
    );
    await expect(readDrop([])).rejects.toThrow('There are no files in what was dropped');
  });

  it('draws the warm-up board the waiting worker renders, every file a layer', () => {
    const board = analyseLocalBoard(warmUpBoardFiles(), {
      identify: identifyLayers,
      render: (input) => renderBoard(input as unknown as Parameters<typeof renderBoard>[0]),
      onProgress: () => {},
    });
    expect(board.files.every((file) => file.fileType !== null)).toBe(true);
    expect(board.render.warnings).toEqual([]);
    expect(board.render.copperLayers).toBe(3);
  });
});
