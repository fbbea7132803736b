import {
  addFileToBoard,
  addProduct,
  addProductFiles,
  addProject,
  deleteProductFile,
  getProduct,
  removeBoardFile,
  updateBoardFiles,
  updateProductFiles,
} from '@circuits/contracts';
import { zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';
import {
  BOARD_FILES,
  BOM_CSV,
  form,
  PLACEMENT_CSV,
  storedFileRows,
  storedObjectCount,
  zip,
} from '../../../test/uploads.ts';

describe.each(databaseKinds())('product files on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;
  let projectId: number;

  beforeAll(async () => {
    people = await createPeople(server());
    const created = await server().call(addProject, {
      token: people.acme.editor.token,
      form: form({ title: 'Files project' }),
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
    return response.data.data.id;
  }

  const upload = (
    productId: number,
    fields: Record<string, string>,
    files: Parameters<typeof form>[1],
    token = people.acme.editor.token,
  ) =>
    server().call(addProductFiles, { token, params: { id: productId }, form: form(fields, files) });

  it('expands a zip (folders included) and types every file from name and content', async () => {
    const productId = await newProduct('Zipped board');
    const archive = zip({
      'gerbers/': new Uint8Array(),
      ...Object.fromEntries(
        Object.entries(BOARD_FILES).map(([name, text]) => [`gerbers/${name}`, text]),
      ),
      'assembly/demo-bom.csv': BOM_CSV,
      'assembly/demo-pos.csv': PLACEMENT_CSV,
      'README.txt': 'Order notes',
      '__MACOSX/._README.txt': 'junk',
      'mystery.bin': new Uint8Array([0, 1, 2, 3]),
    });
    const response = await upload(productId, { isAutoDetect: 'true', isUnzipFlag: 'true' }, [
      { field: 'files[]', name: 'demo.zip', data: archive },
    ]);
    expect(response.status, response.text).toBe(201);
    const types = Object.fromEntries(response.data.files.map((file) => [file.name, file.type_id]));
    expect(types).toEqual({
      'demo-F_Cu.gbr': 2,
      'demo-B_Cu.gbr': 2,
      'demo-F_Mask.gbr': 2,
      'demo-Edge_Cuts.gbr': 2,
      'demo-PTH.drl': 2,
      'demo-NPTH.drl': 2,
      'demo-bom.csv': 4,
      'demo-pos.csv': 5,
      'README.txt': 3,
      'mystery.bin': 1,
    });
    expect(response.data.addedFileIds).toHaveLength(10);
    const boardTypes = Object.fromEntries(
      response.data.boardFiles.map((board) => [board.file.name, board.file_type]),
    );
    expect(boardTypes).toEqual({
      'demo-F_Cu.gbr': 'topCopper',
      'demo-B_Cu.gbr': 'bottomCopper',
      'demo-F_Mask.gbr': 'topMask',
      'demo-Edge_Cuts.gbr': 'outline',
      'demo-PTH.drl': 'platedDrill',
      'demo-NPTH.drl': 'nonPlatedDrill',
    });
    const bom = response.data.files.find((file) => file.name === 'demo-bom.csv')!;
    expect(bom).toMatchObject({ size: BOM_CSV.length, isSmallSize: true, description: null });
    expect(bom.guess?.reason).toContain('header row 1');
    expect(bom.link).toMatch(/^\/storage\/[0-9a-f]{2}\/[0-9a-f]{32}\?/);

    const download = await server().request('GET', bom.downloadLink);
    expect(download.status).toBe(200);
    expect(download.text).toBe(BOM_CSV);
    expect(download.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(download.headers.get('content-disposition')).toContain(
      'attachment; filename="demo-bom.csv"',
    );
    const gerberFile = response.data.files.find((file) => file.name === 'demo-F_Cu.gbr')!;
    const inline = await server().request('GET', gerberFile.link);
    expect(inline.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(inline.headers.get('content-disposition')).toMatch(/^inline;/);
  });

  it('keeps zips and types as they are when asked to', async () => {
    const productId = await newProduct('Raw upload');
    const response = await upload(productId, { isAutoDetect: 'false', isUnzipFlag: 'false' }, [
      { field: 'files', name: 'demo.zip', data: zip({ 'a.gbr': BOARD_FILES['demo-F_Cu.gbr']! }) },
      { field: 'files', name: 'demo-F_Cu.gbr', data: BOARD_FILES['demo-F_Cu.gbr']! },
    ]);
    expect(response.status, response.text).toBe(201);
    expect(response.data.files.map((file) => [file.name, file.type_id, file.guess])).toEqual([
      ['demo.zip', 1, null],
      ['demo-F_Cu.gbr', 1, null],
    ]);
    expect(response.data.boardFiles).toEqual([]);
  });

  it('changes types and descriptions, puts files on and off the board, deletes them', async () => {
    const productId = await newProduct('Editing files');
    const added = await upload(productId, { isAutoDetect: 'false' }, [
      { field: 'files', name: 'demo-F_Cu.gbr', data: BOARD_FILES['demo-F_Cu.gbr']! },
      { field: 'files', name: 'parts.csv', data: BOM_CSV },
    ]);
    const [copper, parts] = added.data.files;
    const token = people.acme.editor.token;

    const retyped = await server().call(updateProductFiles, {
      token,
      params: { id: productId },
      body: { files: [{ id: parts!.id, type_id: 4, description: 'Rev B' }] },
    });
    expect(retyped.status, retyped.text).toBe(200);
    expect(retyped.data.files.find((file) => file.id === parts!.id)).toMatchObject({
      type_id: 4,
      description: 'Rev B',
    });

    const onBoard = await server().call(addFileToBoard, {
      token,
      params: { id: productId, fileId: copper!.id },
    });
    expect(onBoard.status, onBoard.text).toBe(201);
    expect(onBoard.data.boardFile).toMatchObject({
      product_file_id: copper!.id,
      file_type: 'topCopper',
      isVisible: true,
      color: null,
      layer_number: null,
      file: { name: 'demo-F_Cu.gbr' },
    });
    expect(onBoard.data.boardFile.guess).toMatchObject({
      layer: 'copper',
      side: 'top',
      cad: 'kicad',
    });
    const again = await server().call(addFileToBoard, {
      token,
      params: { id: productId, fileId: copper!.id },
    });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe('This file is already on the board');
    // Putting an unknown file on the board makes it a Gerber file.
    const page = await server().call(getProduct, { token, params: { id: productId } });
    expect(page.data.files.find((file) => file.id === copper!.id)?.type_id).toBe(2);

    const boardId = onBoard.data.boardFile.id;
    const changed = await server().call(updateBoardFiles, {
      token,
      params: { id: productId },
      body: {
        boardFiles: [
          {
            id: boardId,
            file_type: 'internalLayer',
            layer_number: 2,
            color: '#cc9933',
            isVisible: false,
          },
        ],
      },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.data.boardFiles[0]).toMatchObject({
      file_type: 'internalLayer',
      layer_number: 2,
      color: '#cc9933',
      isVisible: false,
    });

    const badType = await server().call(updateBoardFiles, {
      token,
      params: { id: productId },
      body: { boardFiles: [{ id: boardId, file_type: 'topCooper' as never, layer_number: 0 }] },
    });
    expect(badType.status).toBe(422);
    expect(badType.json.error).toEqual({
      'boardFiles.0.file_type': expect.stringContaining(
        'file_type must be one of topSilk, topMask',
      ),
      'boardFiles.0.layer_number': 'layer_number must be at least 1',
    });
    const badFileType = await server().call(updateProductFiles, {
      token,
      params: { id: productId },
      body: { files: [{ id: parts!.id, type_id: 9 }] },
    });
    expect(badFileType.status).toBe(422);
    expect(badFileType.json.error).toEqual({
      'files.0.type_id': 'type_id must be one of 1, 2, 3, 4, 5',
    });

    const removed = await server().call(removeBoardFile, {
      token,
      params: { id: productId, fileId: copper!.id, boardId },
    });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.data.boardFiles).toEqual([]);
    const removedAgain = await server().call(removeBoardFile, {
      token,
      params: { id: productId, fileId: copper!.id, boardId },
    });
    expect(removedAgain.status).toBe(404);

    const objectsBefore = storedObjectCount(server());
    const deleted = await server().call(deleteProductFile, {
      token,
      params: { id: productId, fileId: parts!.id },
    });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.data.files.map((file) => file.name)).toEqual(['demo-F_Cu.gbr']);
    expect(storedObjectCount(server())).toBe(objectsBefore - 1);
    const gone = await server().request('GET', parts!.downloadLink);
    expect(gone.status).toBe(404);
    const deletedAgain = await server().call(deleteProductFile, {
      token,
      params: { id: productId, fileId: parts!.id },
    });
    expect(deletedAgain.status).toBe(404);
  });

  it('answers 422 without files and 415 for JSON', async () => {
    const productId = await newProduct('No files');
    const empty = await upload(productId, {}, []);
    expect(empty.status).toBe(422);
    expect(empty.json).toEqual({
      code: 'validation_failed',
      error: { files: 'Choose at least one file' },
    });
    const json = await server().request('POST', `/api/products/${productId}/addFiles`, {
      token: people.acme.editor.token,
      json: { files: [] },
    });
    expect(json.status).toBe(415);
    expect(json.json.error).toBe(
      'Send this form as multipart/form-data (the files and fields of a form)',
    );
    const badFlag = await upload(productId, { isAutoDetect: 'maybe' }, [
      { field: 'files', name: 'a.txt', data: 'x' },
    ]);
    expect(badFlag.status).toBe(422);
    expect(badFlag.json.error).toEqual({ isAutoDetect: 'isAutoDetect must be true or false' });
  });

  it('lets only editors of the company change files; others get 403 or 404', async () => {
    const productId = await newProduct('Guarded');
    const files = [{ field: 'files', name: 'a.gbr', data: BOARD_FILES['demo-F_Cu.gbr']! }];
    expect((await upload(productId, {}, files, people.acme.viewer.token)).status).toBe(403);
    expect((await upload(productId, {}, files, people.globex.editor.token)).status).toBe(404);
    expect((await upload(productId, {}, files, people.moderator.token)).status).toBe(403);
    const anonymous = await server().request('POST', `/api/products/${productId}/addFiles`, {
      form: form({}, files),
    });
    expect(anonymous.status).toBe(401);
    expect((await upload(productId, {}, files, people.admin.token)).status).toBe(201);
    const viewerRead = await server().call(getProduct, {
      token: people.acme.viewer.token,
      params: { id: productId },
    });
    expect(viewerRead.data.files).toHaveLength(1);
    const outsider = await server().call(getProduct, {
      token: people.globex.viewer.token,
      params: { id: productId },
    });
    expect(outsider.status).toBe(404);
    const fileId = viewerRead.data.files[0]!.id;
    // Detected on upload: a Gerber its name does not place waits on the board for a type.
    expect(viewerRead.data.boardFiles.map((entry) => entry.file_type)).toEqual(['initialType']);
    const boardId = viewerRead.data.boardFiles[0]!.id;
    for (const [token, status] of [
      [people.acme.viewer.token, 403],
      [people.globex.editor.token, 404],
    ] as const) {
      expect(
        (await server().call(deleteProductFile, { token, params: { id: productId, fileId } }))
          .status,
      ).toBe(status);
      expect(
        (await server().call(addFileToBoard, { token, params: { id: productId, fileId } })).status,
      ).toBe(status);
      expect(
        (
          await server().call(updateProductFiles, {
            token,
            params: { id: productId },
            body: { files: [{ id: fileId, type_id: 3 }] },
          })
        ).status,
      ).toBe(status);
      expect(
        (
          await server().call(updateBoardFiles, {
            token,
            params: { id: productId },
            body: { boardFiles: [{ id: boardId, isVisible: false }] },
          })
        ).status,
      ).toBe(status);
      expect(
        (
          await server().call(removeBoardFile, {
            token,
            params: { id: productId, fileId, boardId },
          })
        ).status,
      ).toBe(status);
    }
  });

  describe('refused uploads store nothing', () => {
    async function expectNothingStored(
      productId: number,
      attempt: () => Promise<{ status: number; json: unknown }>,
    ) {
      const objects = storedObjectCount(server());
      const rows = await storedFileRows(server());
      const response = await attempt();
      expect(storedObjectCount(server())).toBe(objects);
      expect(await storedFileRows(server())).toBe(rows);
      const page = await server().call(getProduct, {
        token: people.acme.editor.token,
        params: { id: productId },
      });
      expect(page.data.files).toEqual([]);
      return response;
    }

    it('refuses entries that leave the archive, with a reason', async () => {
      const productId = await newProduct('Traversal');
      const dotdot = await expectNothingStored(productId, () =>
        upload(productId, {}, [
          { field: 'files', name: 'fine.gbr', data: BOARD_FILES['demo-F_Cu.gbr']! },
          {
            field: 'files',
            name: 'evil.zip',
            data: zip({ 'ok.gbr': 'x', '../../etc/evil.txt': 'pwned' }),
          },
        ]),
      );
      expect(dotdot.status).toBe(422);
      expect(dotdot.json).toEqual({
        code: 'validation_failed',
        error: {
          files:
            'evil.zip was not added: it holds an entry that points outside the archive (../../etc/evil.txt)',
        },
      });
      const absolute = await expectNothingStored(productId, () =>
        upload(productId, {}, [
          { field: 'files', name: 'abs.zip', data: zip({ '/etc/passwd': 'root' }) },
        ]),
      );
      expect(absolute.status).toBe(422);
      expect((absolute.json as { error: { files: string } }).error.files).toBe(
        'abs.zip was not added: it holds an entry with an absolute path (/etc/passwd)',
      );
      const link = zipSync({
        'passwd.gbr': [
          new TextEncoder().encode('/etc/passwd'),
          { os: 3, attrs: (0o120777 << 16) >>> 0 },
        ],
      });
      const symlink = await expectNothingStored(productId, () =>
        upload(productId, {}, [{ field: 'files', name: 'link.zip', data: link }]),
      );
      expect(symlink.status).toBe(422);
      expect((symlink.json as { error: { files: string } }).error.files).toBe(
        'link.zip was not added: passwd.gbr is a symbolic link',
      );
    });

    it('refuses zip bombs by compression ratio', async () => {
      const productId = await newProduct('Bomb');
      const bomb = zip({ 'zeros.gbr': new Uint8Array(8 * 1024 * 1024) });
      const response = await expectNothingStored(productId, () =>
        upload(productId, {}, [{ field: 'files', name: 'bomb.zip', data: bomb }]),
      );
      expect(response.status).toBe(413);
      expect((response.json as { error: string }).error).toBe(
        'bomb.zip was not added: zeros.gbr is compressed more than 200 to 1 (UPLOAD_MAX_COMPRESSION_RATIO), which only zip bombs do',
      );
    });

    it('refuses a broken zip and a zip that is not a zip', async () => {
      const productId = await newProduct('Broken');
      const broken = zip({ 'a.gbr': BOARD_FILES['demo-F_Cu.gbr']! }).slice(0, 60);
      const response = await expectNothingStored(productId, () =>
        upload(productId, {}, [{ field: 'files', name: 'broken.zip', data: broken }]),
      );
      expect(response.status).toBe(422);
      expect((response.json as { error: { files: string } }).error.files).toMatch(
        /^broken\.zip was not added: it is not a readable zip archive/,
      );
    });
  });
});

/** The archive with every entry claiming to expand to 10 bytes (a bomb hiding its size). */
function understated(archive: Uint8Array): Uint8Array {
  const bytes = Buffer.from(archive);
  for (let offset = 0; offset + 4 <= bytes.length; offset++) {
    const signature = bytes.readUInt32LE(offset);
    if (signature === 0x04034b50) bytes.writeUInt32LE(10, offset + 22);
    if (signature === 0x02014b50) bytes.writeUInt32LE(10, offset + 24);
  }
  return bytes;
}

describe('upload limits', () => {
  const server = useTestServer('pglite', {
    env: {
      UPLOAD_MAX_FILE_BYTES: '4096',
      UPLOAD_MAX_FILES: '3',
      UPLOAD_MAX_REQUEST_BYTES: '8192',
      UPLOAD_MAX_ARCHIVE_ENTRIES: '5',
      UPLOAD_MAX_EXPANDED_BYTES: '6144',
      UPLOAD_MAX_COMPRESSION_RATIO: '200',
    },
  });
  let people: People;
  let productId: number;

  beforeAll(async () => {
    people = await createPeople(server());
    const project = await server().call(addProject, {
      token: people.acme.editor.token,
      form: form({ title: 'Limits' }),
    });
    const product = await server().call(addProduct, {
      token: people.acme.editor.token,
      params: { id: project.data.data.id },
      form: form({ name: 'Limited' }),
    });
    productId = product.data.data.id;
  });

  async function refused(files: Parameters<typeof form>[1]) {
    const objects = storedObjectCount(server());
    const response = await server().call(addProductFiles, {
      token: people.acme.editor.token,
      params: { id: productId },
      form: form({}, files),
    });
    expect(storedObjectCount(server())).toBe(objects);
    expect(await storedFileRows(server())).toBe(0);
    return response;
  }

  it('names the limit a file, a request or the number of files breaks', async () => {
    const big = await refused([{ field: 'files', name: 'big.gbr', data: 'x'.repeat(5000) }]);
    expect(big.status).toBe(413);
    expect(big.json).toEqual({
      code: 'payload_too_large',
      error: 'big.gbr is larger than the 4 KB limit per file (UPLOAD_MAX_FILE_BYTES)',
    });
    const many = await refused(
      ['a', 'b', 'c', 'd'].map((name) => ({ field: 'files', name: `${name}.txt`, data: name })),
    );
    expect(many.status).toBe(413);
    expect(many.json.error).toBe('An upload may hold at most 3 files (UPLOAD_MAX_FILES)');
    const heavy = await refused(
      ['a', 'b', 'c'].map((name) => ({
        field: 'files',
        name: `${name}.txt`,
        data: 'y'.repeat(4000),
      })),
    );
    expect(heavy.status).toBe(413);
    expect(heavy.json.error).toBe(
      'The upload is larger than the 8 KB limit per request (UPLOAD_MAX_REQUEST_BYTES)',
    );
  });

  it('guards archives: entry count, expanded size, per-file size', async () => {
    const entries = Object.fromEntries(['1', '2', '3', '4', '5', '6'].map((n) => [`f${n}.txt`, n]));
    const tooMany = await refused([{ field: 'files', name: 'many.zip', data: zip(entries) }]);
    expect(tooMany.status).toBe(413);
    expect(tooMany.json.error).toBe(
      'many.zip was not added: it holds 6 entries and an upload may expand to at most 5 (UPLOAD_MAX_ARCHIVE_ENTRIES)',
    );
    const expanded = await refused([
      {
        field: 'files',
        name: 'wide.zip',
        data: zip({ 'a.txt': 'a'.repeat(3500), 'b.txt': 'b'.repeat(3500) }),
      },
    ]);
    expect(expanded.status).toBe(413);
    expect(expanded.json.error).toBe(
      'wide.zip was not added: the archives of an upload may expand to at most 6 KB (UPLOAD_MAX_EXPANDED_BYTES)',
    );
    const lying = await refused([
      { field: 'files', name: 'lying.zip', data: understated(zip({ 'x.gbr': 'x'.repeat(5000) })) },
    ]);
    expect(lying.status).toBe(422);
    expect(lying.json.error).toEqual({
      files:
        'lying.zip was not added: an entry is not the size the archive declares (a damaged archive or a zip bomb)',
    });
    const bigEntry = await refused([
      { field: 'files', name: 'one.zip', data: zip({ 'big.gbr': 'z'.repeat(5000) }) },
    ]);
    expect(bigEntry.status).toBe(413);
    expect(bigEntry.json.error).toBe(
      'one.zip was not added: big.gbr expands to more than the 4 KB limit per file (UPLOAD_MAX_FILE_BYTES)',
    );
  });
});
