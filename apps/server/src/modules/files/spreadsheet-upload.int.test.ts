import { PRODUCT_FILE_TYPE_IDS } from '@circuits/domain';
import { deflatedEntry, rawZip, workbookEntries } from '@circuits/readers/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { newProject, productWithFiles } from '../../../test/assembly-files.ts';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';
import { BOARD_FILES, zip } from '../../../test/uploads.ts';

// Uploaded spreadsheets are told apart (BOM or placement) by their first rows, read in the table
// workers: a workbook whose first rows have empty cells before filled ones is recognised (it
// once crashed the whole upload with 500, saving nothing), alone or zipped with Gerber files,
// and a hostile workbook is classified by its name without holding the upload.

const inline = (reference: string, text: string) =>
  `<c r="${reference}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** A BOM as a hand-made workbook: a title in B1 (A1 empty), the header with a gap in row 3. */
const BOM_WITH_HOLES = rawZip([
  ...workbookEntries(['BOM']),
  deflatedEntry(
    'xl/worksheets/sheet1.xml',
    `<worksheet><sheetData><row r="1">${inline('B1', 'Bill of materials')}</row><row r="3">${inline('A3', 'Designator')}${inline('C3', 'Qty')}${inline('D3', 'Value')}</row><row r="4">${inline('A4', 'R1')}<c r="C4"><v>1</v></c>${inline('D4', '10k')}</row></sheetData></worksheet>`,
  ),
]);

describe.each(databaseKinds())('uploaded spreadsheets on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;
  let projectId: number;

  beforeAll(async () => {
    people = await createPeople(server());
    projectId = await newProject(server(), people.acme.editor.token);
  });

  const typesOf = async (files: { name: string; data: string | Uint8Array }[]) => {
    const { id } = await productWithFiles(server(), people.acme.editor.token, projectId, files);
    const page = await server().request('GET', `/api/products/${id}`, {
      token: people.acme.editor.token,
    });
    return Object.fromEntries(
      (page.json.files as { name: string; type_id: number }[]).map((file) => [
        file.name,
        file.type_id,
      ]),
    );
  };

  it('recognises a BOM workbook with empty cells in its first rows', async () => {
    expect(await typesOf([{ name: 'parts.xlsx', data: BOM_WITH_HOLES }])).toEqual({
      'parts.xlsx': PRODUCT_FILE_TYPE_IDS.bom,
    });
  });

  it('recognises it inside a zip with Gerber files', async () => {
    const types = await typesOf([
      { name: 'board.zip', data: zip({ ...BOARD_FILES, 'assembly/parts.xlsx': BOM_WITH_HOLES }) },
    ]);
    expect(types['parts.xlsx']).toBe(PRODUCT_FILE_TYPE_IDS.bom);
    expect(types['demo-F_Cu.gbr']).toBe(PRODUCT_FILE_TYPE_IDS.gerber);
  });

  it('classifies a hostile workbook by its name, at once', async () => {
    const hostile = rawZip([
      ...workbookEntries(),
      deflatedEntry(
        'xl/worksheets/sheet1.xml',
        `<worksheet><sheetData><row r="1">${'<c '.repeat(64_000)}</row></sheetData>`,
      ),
    ]);
    const started = Date.now();
    expect(await typesOf([{ name: 'board-bom.xlsx', data: hostile }])).toEqual({
      'board-bom.xlsx': PRODUCT_FILE_TYPE_IDS.bom,
    });
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
