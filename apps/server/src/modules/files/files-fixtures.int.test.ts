import fs from 'node:fs';
import path from 'node:path';
import { addProduct, addProductFiles, addProject } from '@circuits/contracts';
import { PRODUCT_FILE_TYPE_IDS } from '@circuits/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { useTestServer } from '../../../test/test-server.ts';
import { FIXTURES_DIR, type FormFile, form, zip } from '../../../test/uploads.ts';

// Real exports from ../shared/fixtures (FIXTURES_DIR): every board is uploaded zipped and each
// file must come out typed as its SOURCE.md says; every BOM and placement export must be told
// apart by its content.

const BOARDS = [
  'arduino-uno',
  'clockblock',
  '8bit-mixtape',
  'usbvil',
  'esp32-poe-rev-m',
  'geda-stepper-controller',
  'diptrace-fd1-mainboard',
  'eagle9-gyw-x2',
  'allegro-minnowmax-10layer',
  'orcad-rs232-legacy',
];

type Expected = { typeId: number; boardFileType: string | null };

/** The board file type a SOURCE.md row ("type | side") stands for (docs/decisions.md). */
function expectedOf(type: string, side: string): Expected {
  const onBoard = (boardFileType: string) => ({
    typeId: PRODUCT_FILE_TYPE_IDS.gerber,
    boardFileType,
  });
  if (type.startsWith('(') && type.includes('not a layer')) {
    return { typeId: PRODUCT_FILE_TYPE_IDS.other, boardFileType: null };
  }
  if (type.startsWith('drawing')) return onBoard('otherAttachment');
  if (type.startsWith('rout')) return onBoard('routing');
  if (type.startsWith('drill'))
    return onBoard(type.startsWith('drill (non-plated)') ? 'nonPlatedDrill' : 'platedDrill');
  if (type.startsWith('outline')) return onBoard('outline');
  const layer = type.split(' ')[0]!;
  const where = side.replace('?', '');
  const names: Record<string, string> = {
    'copper/top': 'topCopper',
    'copper/bottom': 'bottomCopper',
    'copper/inner': 'internalLayer',
    'soldermask/top': 'topMask',
    'soldermask/bottom': 'bottomMask',
    'silkscreen/top': 'topSilk',
    'silkscreen/bottom': 'bottomSilk',
    'solderpaste/top': 'topPaste',
    'solderpaste/bottom': 'bottomPaste',
  };
  const name = names[`${layer}/${where}`];
  if (!name) throw new Error(`SOURCE.md row not understood: ${type} | ${side}`);
  return onBoard(name);
}

function expectedFiles(board: string): Map<string, Expected> {
  const source = fs.readFileSync(path.join(FIXTURES_DIR, 'gerber', board, 'SOURCE.md'), 'utf8');
  const section = source.split('## Files and expected layer identity')[1]!.split('\n## ')[0]!;
  const rows = section
    .split('\n')
    .filter(
      (line) => line.startsWith('|') && !line.startsWith('| file') && !line.startsWith('| ---'),
    )
    .map((line) => line.split('|').map((cell) => cell.trim()));
  return new Map(rows.map((cells) => [cells[1]!, expectedOf(cells[2]!, cells[3]!)]));
}

const present = fs.existsSync(FIXTURES_DIR);
if (!present) {
  console.info(
    `file detection fixture suites skipped: ${FIXTURES_DIR} not found (set FIXTURES_DIR)`,
  );
}

describe.skipIf(!present)('detection of real exports (../shared/fixtures)', () => {
  const server = useTestServer('pglite');
  let people: People;
  let projectId: number;

  beforeAll(async () => {
    people = await createPeople(server());
    const project = await server().call(addProject, {
      token: people.acme.editor.token,
      form: form({ title: 'Fixtures' }),
    });
    projectId = project.data.data.id;
  });

  async function newProduct(name: string, files: FormFile[]) {
    const created = await server().call(addProduct, {
      token: people.acme.editor.token,
      params: { id: projectId },
      form: form({ name }, files),
    });
    expect(created.status, created.text).toBe(201);
    return created.data.data.id;
  }

  it.each(BOARDS)('types every file of the zipped %s board as SOURCE.md says', async (board) => {
    const folder = path.join(FIXTURES_DIR, 'gerber', board);
    const names = fs.readdirSync(folder).filter((name) => name !== 'SOURCE.md');
    const archive = zip(
      Object.fromEntries(
        names.map((name) => [`${board}/${name}`, fs.readFileSync(path.join(folder, name))]),
      ),
    );
    const id = await newProduct(board, [{ field: 'files[]', name: `${board}.zip`, data: archive }]);
    const page = await server().request('GET', `/api/products/${id}`, {
      token: people.acme.editor.token,
    });
    const boardTypeOf = new Map<number, string>(
      page.json.boardFiles.map((entry: { product_file_id: number; file_type: string }) => [
        entry.product_file_id,
        entry.file_type,
      ]),
    );
    const actual = Object.fromEntries(
      page.json.files.map((file: { id: number; name: string; type_id: number }) => [
        file.name,
        { typeId: file.type_id, boardFileType: boardTypeOf.get(file.id) ?? null },
      ]),
    );
    expect(actual).toEqual(Object.fromEntries(expectedFiles(board)));
  });

  it('tells every BOM and placement export apart by its content', async () => {
    const exports = ['bom', 'placement'].flatMap((folder) =>
      fs
        .readdirSync(path.join(FIXTURES_DIR, folder))
        .filter((name) => name !== 'SOURCE.md')
        .map((name) => ({
          folder,
          name,
          data: fs.readFileSync(path.join(FIXTURES_DIR, folder, name)),
        })),
    );
    const id = await newProduct('Assembly exports', []);
    const response = await server().call(addProductFiles, {
      token: people.acme.editor.token,
      params: { id },
      form: form(
        { isAutoDetect: 'true', isUnzipFlag: 'true' },
        exports.map(({ name, data }) => ({ field: 'files', name, data })),
      ),
    });
    expect(response.status, response.text).toBe(201);
    const typeOf = Object.fromEntries(response.data.files.map((file) => [file.name, file.type_id]));
    const expected = Object.fromEntries(
      exports.map(({ folder, name }) => [
        name,
        folder === 'bom' ? PRODUCT_FILE_TYPE_IDS.bom : PRODUCT_FILE_TYPE_IDS.pickAndPlace,
      ]),
    );
    expect(typeOf).toEqual(expected);
    expect(response.data.boardFiles).toEqual([]);
  });
});
