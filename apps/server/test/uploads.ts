import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import type { TestServer } from './test-server.ts';

// Small, hand-written board files and forms for upload tests (the real-world boards are in
// ../shared/fixtures and have their own suites).

const gerber = (comment: string) =>
  [
    `G04 ${comment}*`,
    '%FSLAX26Y26*%',
    '%MOMM*%',
    '%ADD10C,0.100*%',
    'D10*',
    'X0Y0D02*',
    'X1000000Y0D01*',
    'X1000000Y1000000D01*',
    'M02*',
    '',
  ].join('\n');

const drill = ['M48', 'METRIC', 'T1C0.800', '%', 'T1', 'X1.0Y1.0', 'X2.0Y1.0', 'M30', ''].join(
  '\n',
);

/** A two-layer KiCad-named board with plated and non-plated drills. */
export const BOARD_FILES: Record<string, string> = {
  'demo-F_Cu.gbr': gerber('top copper'),
  'demo-B_Cu.gbr': gerber('bottom copper'),
  'demo-F_Mask.gbr': gerber('top mask'),
  'demo-Edge_Cuts.gbr': gerber('outline'),
  'demo-PTH.drl': drill,
  'demo-NPTH.drl': drill,
};

export const BOM_CSV = 'Ref,Value,Footprint,Qty\n"C1,C2",1uF,0402,2\nR1,10k,0402,1\n';
export const PLACEMENT_CSV =
  'Ref,Val,Package,PosX,PosY,Rot,Side\nC1,1uF,0402,1.0,2.0,90,top\nR1,10k,0402,3.0,4.0,0,bottom\n';

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export type FormFile = { field: string; name: string; data: string | Uint8Array };

export function form(fields: Record<string, string>, files: readonly FormFile[] = []): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const file of files) {
    const bytes = typeof file.data === 'string' ? Buffer.from(file.data) : file.data;
    data.append(file.field, new Blob([new Uint8Array(bytes)]), file.name);
  }
  return data;
}

export function zip(entries: Record<string, string | Uint8Array>): Uint8Array {
  return zipSync(
    Object.fromEntries(
      Object.entries(entries).map(([name, data]) => [
        name,
        typeof data === 'string' ? new TextEncoder().encode(data) : data,
      ]),
    ),
  );
}

/** Files in the local object store (DATA_DIR/files), for "nothing was stored" checks. */
export function storedObjectCount(server: TestServer): number {
  const root = path.join(server.dataDir, 'files');
  if (!fs.existsSync(root)) return 0;
  return fs
    .readdirSync(root, { recursive: true })
    .map(String)
    .filter((entry) => fs.statSync(path.join(root, entry)).isFile()).length;
}

export async function storedFileRows(server: TestServer): Promise<number> {
  const result = await server.database.db.execute(
    sql`select count(*)::int as count from stored_files`,
  );
  const rows = (result as unknown as { rows: { count: number }[] }).rows;
  return rows[0]!.count;
}

export const FIXTURES_DIR = path.resolve(
  process.env.FIXTURES_DIR ?? path.join(import.meta.dirname, '../../../../shared/fixtures'),
);
