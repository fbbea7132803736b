import fs from 'node:fs';
import path from 'node:path';
import {
  addFileToBoard,
  addProduct,
  addProductFiles,
  addProject,
  getProduct,
} from '@circuits/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';
import {
  BOARD_FILES,
  BOM_CSV,
  FIXTURES_DIR,
  type FormFile,
  form,
  PNG,
  storedFileRows,
  storedObjectCount,
  zip,
} from '../../../test/uploads.ts';

// What an upload tells the uploader, file by file, and what it refuses: empty files, damaged
// archives and archives without files are named with their reason and nothing of the upload is
// kept; only Gerber and drill files go on the board.

/** Bytes with no meaning (seeded, so every run sends the same). */
function noise(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = 0x2545f491;
  for (let index = 0; index < length; index++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[index] = state & 0xff;
  }
  // Random bytes with a NUL among them: binary, as random files are.
  bytes[7] = 0;
  return bytes;
}

const NOTES = 'Please use black solder mask.\nShip to the lab.\n';
const ARDUINO = path.join(FIXTURES_DIR, 'gerber', 'arduino-uno');
const hasFixtures = fs.existsSync(ARDUINO);

describe.each(databaseKinds())('what an upload says it added, on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;
  let projectId: number;

  beforeAll(async () => {
    people = await createPeople(server());
    const created = await server().call(addProject, {
      token: people.acme.editor.token,
      form: form({ title: 'Uploads' }),
    });
    projectId = created.data.data.id;
  });

  async function newProduct(name: string): Promise<number> {
    const response = await server().call(addProduct, {
      token: people.acme.editor.token,
      params: { id: projectId },
      form: form({ name }),
    });
    expect(response.status, response.text).toBe(201);
    expect(response.data.added).toEqual([]);
    expect(response.data.summary).toBe('No files added');
    return response.data.data.id;
  }

  const upload = (productId: number, files: FormFile[], fields: Record<string, string> = {}) =>
    server().call(addProductFiles, {
      token: people.acme.editor.token,
      params: { id: productId },
      form: form(fields, files),
    });

  /** The upload is refused and nothing of it is stored. */
  async function refused(productId: number, files: FormFile[]) {
    const objects = storedObjectCount(server());
    const rows = await storedFileRows(server());
    const response = await upload(productId, files);
    expect(storedObjectCount(server())).toBe(objects);
    expect(await storedFileRows(server())).toBe(rows);
    const page = await server().call(getProduct, {
      token: people.acme.editor.token,
      params: { id: productId },
    });
    expect(page.data.files).toEqual([]);
    expect(response.status, response.text).toBe(422);
    return response.json.error.files as string;
  }

  it('names per file what it was recognised as, and sums the upload up', async () => {
    const productId = await newProduct('Mixed upload');
    const response = await upload(productId, [
      ...Object.entries(BOARD_FILES).map(([name, data]) => ({ field: 'files', name, data })),
      { field: 'files', name: 'mystery.gbr', data: BOARD_FILES['demo-F_Cu.gbr']! },
      { field: 'files', name: 'parts-bom.csv', data: BOM_CSV },
      { field: 'files', name: 'notes.txt', data: NOTES },
      { field: 'files', name: 'photo.png', data: PNG },
      { field: 'files', name: 'capture', data: noise(512) },
    ]);
    expect(response.status, response.text).toBe(201);
    expect(response.data.summary).toBe(
      '11 files added: 4 Gerber layers, 1 Gerber file without a layer: mystery.gbr, 2 drill files, 1 BOM, 2 other files, not for the board: notes.txt, photo.png, 1 not recognised: capture',
    );
    const byName = Object.fromEntries(
      response.data.added.map((file) => [file.name, [file.kind, file.layer, file.recognisedAs]]),
    );
    expect(byName).toEqual({
      'demo-F_Cu.gbr': ['gerber', 'topCopper', 'Gerber: Top copper'],
      'demo-B_Cu.gbr': ['gerber', 'bottomCopper', 'Gerber: Bottom copper'],
      'demo-F_Mask.gbr': ['gerber', 'topMask', 'Gerber: Top solder mask'],
      'demo-Edge_Cuts.gbr': ['gerber', 'outline', 'Gerber: Outline'],
      'demo-PTH.drl': ['drill', 'platedDrill', 'Plated drill'],
      'demo-NPTH.drl': ['drill', 'nonPlatedDrill', 'Non-plated drill'],
      'mystery.gbr': [
        'gerber',
        'initialType',
        'Gerber, layer not recognised: choose it in Board files',
      ],
      'parts-bom.csv': ['bom', null, 'BOM'],
      'notes.txt': ['other', null, 'Other: not used for the board'],
      'photo.png': ['other', null, 'Other: not used for the board'],
      capture: ['unknown', null, 'Not recognised: choose its type'],
    });
    expect(response.data.added.map((file) => file.id)).toEqual(response.data.addedFileIds);
    expect(response.data.added.find((file) => file.name === 'photo.png')?.reason).toBe(
      'a .png file',
    );

    // Only Gerber and drill content goes on the board; the server says why it refuses the rest.
    const idOf = (name: string) => response.data.added.find((file) => file.name === name)!.id;
    for (const [name, reason] of [
      ['photo.png', 'photo.png cannot go on the board: it is not a Gerber or drill file'],
      ['capture', 'capture cannot go on the board: it is not a Gerber or drill file'],
      ['notes.txt', 'notes.txt cannot go on the board: it is not a Gerber or drill file'],
      ['parts-bom.csv', 'parts-bom.csv cannot go on the board: it is not a Gerber or drill file'],
    ] as const) {
      const refusal = await server().call(addFileToBoard, {
        token: people.acme.editor.token,
        params: { id: productId, fileId: idOf(name) },
      });
      expect(refusal.status, name).toBe(422);
      expect(refusal.json).toEqual({ code: 'validation_failed', error: { fileId: reason } });
    }
    const page = await server().call(getProduct, {
      token: people.acme.editor.token,
      params: { id: productId },
    });
    expect(page.data.boardFiles).toHaveLength(7);
  });

  it('says a PNG alone is not a board file', async () => {
    const productId = await newProduct('Only a picture');
    const response = await upload(productId, [{ field: 'files', name: 'board.png', data: PNG }]);
    expect(response.status, response.text).toBe(201);
    expect(response.data.summary).toBe('1 file added: 1 other file, not for the board: board.png');
    expect(response.data.boardFiles).toEqual([]);
  });

  it('says when types were not detected', async () => {
    const productId = await newProduct('Detection off');
    const response = await upload(
      productId,
      [{ field: 'files', name: 'top.gtl', data: BOARD_FILES['demo-F_Cu.gbr']! }],
      { isAutoDetect: 'false' },
    );
    expect(response.status, response.text).toBe(201);
    expect(response.data.summary).toBe('1 file added: 1 with types not detected');
    expect(response.data.added[0]).toMatchObject({
      kind: 'notDetected',
      layer: null,
      recognisedAs: 'Type not detected (detection was off)',
      reason: null,
    });
  });

  it('refuses empty files, naming each, and keeps none of the upload', async () => {
    const productId = await newProduct('Empty files');
    expect(
      await refused(productId, [
        { field: 'files', name: 'demo-F_Cu.gbr', data: BOARD_FILES['demo-F_Cu.gbr']! },
        { field: 'files', name: 'empty.gbr', data: '' },
        { field: 'files', name: 'blank.drl', data: new Uint8Array() },
      ]),
    ).toBe(
      'empty.gbr was not added: it is empty (0 bytes)\nblank.drl was not added: it is empty (0 bytes)',
    );
    expect(
      await refused(productId, [
        {
          field: 'files',
          name: 'board.zip',
          data: zip({ 'top.gtl': BOARD_FILES['demo-F_Cu.gbr']!, 'paste.gtp': '', 'x.gbo': '' }),
        },
      ]),
    ).toBe('board.zip was not added: paste.gtp and x.gbo in it are empty (0 bytes)');
  });

  it('refuses damaged archives and archives without files, saying what they held', async () => {
    const productId = await newProduct('Archives');
    const good = { field: 'files', name: 'demo-F_Cu.gbr', data: BOARD_FILES['demo-F_Cu.gbr']! };
    expect(
      await refused(productId, [good, { field: 'files', name: 'empty.zip', data: zip({}) }]),
    ).toBe('empty.zip was not added: the archive is empty');
    expect(
      await refused(productId, [
        { field: 'files', name: 'folders.zip', data: zip({ 'gerbers/': new Uint8Array() }) },
      ]),
    ).toBe('folders.zip was not added: it holds only folders, no files');
    expect(
      await refused(productId, [
        { field: 'files', name: 'mac.zip', data: zip({ '__MACOSX/._top.gtl': 'x' }) },
      ]),
    ).toBe(
      'mac.zip was not added: it holds only archiver metadata (__MACOSX, .DS_Store), no files',
    );
    const corrupt = Buffer.from(zip({ 'top.gtl': BOARD_FILES['demo-F_Cu.gbr']! }));
    // The central directory points past the end: a download cut short.
    const truncated = corrupt.subarray(0, corrupt.length - 30);
    const noZip = noise(300);
    const several = await refused(productId, [
      good,
      { field: 'files', name: 'cut.zip', data: truncated },
      { field: 'files', name: 'random.zip', data: noZip },
      { field: 'files', name: 'empty.gbr', data: '' },
    ]);
    const lines = several.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^cut\.zip was not added: it is not a readable zip archive \(.+\)$/);
    expect(lines[1]).toBe(
      'random.zip was not added: it is not a zip archive (a damaged download?)',
    );
    expect(lines[2]).toBe('empty.gbr was not added: it is empty (0 bytes)');

    // With unzipping off an archive is a file like any other.
    const kept = await upload(productId, [{ field: 'files', name: 'random.zip', data: noZip }], {
      isUnzipFlag: 'false',
    });
    expect(kept.status, kept.text).toBe(201);
    expect(kept.data.summary).toBe('1 file added: 1 other file, not for the board: random.zip');
  });

  it('sums up the files a new product is created with', async () => {
    const response = await server().call(addProduct, {
      token: people.acme.editor.token,
      params: { id: projectId },
      form: form({ name: 'With files' }, [
        { field: 'files[]', name: 'demo-F_Cu.gbr', data: BOARD_FILES['demo-F_Cu.gbr']! },
        { field: 'files[]', name: 'demo-PTH.drl', data: BOARD_FILES['demo-PTH.drl']! },
        { field: 'files[]', name: 'notes.txt', data: NOTES },
      ]),
    });
    expect(response.status, response.text).toBe(201);
    expect(response.data.summary).toBe(
      '3 files added: 1 Gerber layer, 1 drill file, 1 other file, not for the board: notes.txt',
    );
    expect(response.data.added.map((file) => file.kind)).toEqual(['gerber', 'drill', 'other']);
    const refusedProduct = await server().call(addProduct, {
      token: people.acme.editor.token,
      params: { id: projectId },
      form: form({ name: 'Refused' }, [{ field: 'files[]', name: 'void.gbr', data: '' }]),
    });
    expect(refusedProduct.status).toBe(422);
    expect(refusedProduct.json.error).toEqual({
      files: 'void.gbr was not added: it is empty (0 bytes)',
    });
  });

  it.skipIf(!hasFixtures)(
    'sums up a real board (arduino-uno, ../shared/fixtures) zipped with notes',
    async () => {
      const productId = await newProduct('Arduino');
      const names = fs.readdirSync(ARDUINO).filter((name) => name !== 'SOURCE.md');
      const archive = zip({
        ...Object.fromEntries(
          names.map((name) => [name, fs.readFileSync(path.join(ARDUINO, name))]),
        ),
        'notes.txt': NOTES,
      });
      const response = await upload(productId, [
        { field: 'files', name: 'arduino-uno.zip', data: archive },
      ]);
      expect(response.status, response.text).toBe(201);
      expect(response.data.summary).toBe(
        '8 files added: 6 Gerber layers, 1 drill file, 1 other file, not for the board: notes.txt',
      );
    },
  );
});
