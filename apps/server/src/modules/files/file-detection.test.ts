import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LayerFile } from '@circuits/gerber';
import { afterAll, describe, expect, it } from 'vitest';
import { WorkerTaskError } from '../../lib/worker-pool.ts';
import { createBoardWorkers } from '../board/board-workers.ts';
import { CONTENT_NOT_READ, detectFiles, type IdentifyUpload } from './file-detection.ts';

// Identification of an upload's layer files runs where the server hands it (its worker pool),
// and a failure there leaves the names to decide.

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'file-detection-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

function staged(name: string, text: string) {
  const file = path.join(folder, `${fs.readdirSync(folder).length}`);
  fs.writeFileSync(file, text, 'latin1');
  return { fileName: name, path: file };
}

const COPPER = ['%FSLAX26Y26*%', '%MOMM*%', '%ADD10C,0.2*%', 'D10*', 'X0Y0D03*', 'M02*'].join('\n');

/**
 * A step and repeat of 90,000 copies of a 24-sided region in 521 bytes under a generic name: what
 * it draws is read to place it, which plotted millions of elements on the server's thread.
 */
function stepAndRepeatCase(): string {
  const region = ['G36*', 'X0Y0D02*'];
  for (let i = 1; i <= 24; i++) {
    const x = Math.round(400000 + 400000 * Math.cos((i * Math.PI) / 12));
    const y = Math.round(400000 + 400000 * Math.sin((i * Math.PI) / 12));
    region.push(`X${x}Y${y}D01*`);
  }
  return ['%FSLAX26Y26*%', '%MOMM*%', '%SRX300Y300I1J1*%', ...region, 'G37*', '%SR*%', 'M02*'].join(
    '\n',
  );
}

describe('detectFiles', () => {
  it('hands the layer files, names and heads, to the identification it is given', async () => {
    const calls: LayerFile[][] = [];
    const identify: IdentifyUpload = async (files) => {
      calls.push(files);
      return files.map((file) => ({
        filename: file.filename,
        type: 'copper',
        side: 'top',
        cad: null,
        filetype: 'gerber',
        source: 'name',
        confidence: 'high',
        reason: 'told so',
      }));
    };
    const [detection] = await detectFiles([staged('board.gtl', COPPER)], identify);
    expect(calls).toEqual([[{ filename: 'board.gtl', content: COPPER }]]);
    expect(detection?.layer).toMatchObject({ type: 'copper', side: 'top', reason: 'told so' });
  });

  it('identifies by the names alone, saying so, when identification fails', async () => {
    const failing: IdentifyUpload = async () => {
      throw new WorkerTaskError('timeout', 'The work took longer than 60 s');
    };
    const [detection] = await detectFiles([staged('board-F_Cu.gbr', COPPER)], failing);
    expect(detection?.layer).toMatchObject({ type: 'copper', side: 'top' });
    expect(detection?.layer?.reason).toContain(CONTENT_NOT_READ);
  });

  it('reads what a generic-named step and repeat draws in a worker, within a budget', async () => {
    const workers = createBoardWorkers({
      workers: 1,
      timeoutMs: 20_000,
      memoryMb: 128,
      warmWorkers: 0,
    });
    try {
      const text = stepAndRepeatCase();
      expect(text.length).toBeLessThan(800);
      const started = performance.now();
      const [detection] = await detectFiles([staged('panel.gbr', text)], workers.identify);
      // Within the worker's 128 MB, and a region repeated is no silkscreen, copper or mask.
      expect(detection?.layer).toMatchObject({ type: 'drawing', filetype: 'gerber' });
      expect(performance.now() - started).toBeLessThan(15_000);
    } finally {
      await workers.close();
    }
  });
});

describe('detectFiles: tables in the encodings tools write', () => {
  const write = (name: string, bytes: Buffer) => {
    const file = path.join(folder, `${fs.readdirSync(folder).length}`);
    fs.writeFileSync(file, bytes);
    return { fileName: name, path: file };
  };
  const BOM = 'Designator\tQuantity\tValue\tFootprint\r\nR1,R2\t2\t10k\tR0402\r\n';

  it('reads UTF-16 with and without a byte-order mark, and Windows-1252, before guessing', async () => {
    const utf16 = Buffer.from(BOM, 'utf16le');
    const files = [
      write('upload-1.csv', Buffer.concat([Buffer.from([0xff, 0xfe]), utf16])),
      write('upload-2.csv', utf16),
      write('upload-3.txt', Buffer.from(`${BOM}C1\t1\t100n ±10%\tC0402\r\n`, 'latin1')),
    ];
    const detections = await detectFiles(files, async () => {
      throw new Error('no layer identification wanted for tables');
    });
    expect(detections.map((d) => [d.typeId, d.reason, d.isText])).toEqual([
      [4, 'header row 1 has designator, quantity, value, footprint columns', true],
      [4, 'header row 1 has designator, quantity, value, footprint columns', true],
      [4, 'header row 1 has designator, quantity, value, footprint columns', true],
    ]);
  });
});
