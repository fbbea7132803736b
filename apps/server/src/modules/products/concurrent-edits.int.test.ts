import {
  addFileToBoard,
  addProduct,
  addProductFiles,
  addProject,
  createOutline,
  getProduct,
} from '@circuits/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';
import { BOARD_FILES, form, storedFileRows, storedObjectCount } from '../../../test/uploads.ts';

// The same change sent several times at once, as a double click or two tabs do: one request
// wins, the others are told why they lost (409), and nothing is saved twice or left behind.

const AT_ONCE = 8;

describe.each(databaseKinds())('the same board change sent at once on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;
  let projectId: number;

  beforeAll(async () => {
    people = await createPeople(server());
    const project = await server().call(addProject, {
      token: people.acme.editor.token,
      form: form({ title: 'Races' }),
    });
    projectId = project.data.data.id;
  });

  const newProduct = async (name: string) =>
    (
      await server().call(addProduct, {
        token: people.acme.editor.token,
        params: { id: projectId },
        form: form({ name }),
      })
    ).data.data.id;

  const page = async (id: number) =>
    (await server().call(getProduct, { token: people.acme.editor.token, params: { id } })).data;

  it('creates one outline when several are asked for together', async () => {
    const id = await newProduct('Double-clicked outline');
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, index) =>
        server().call(createOutline, {
          token: people.acme.editor.token,
          params: { id },
          body: { width: 40 + index, length: 30, units: 'mm' },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, ...Array(AT_ONCE - 1).fill(409)]);
    for (const lost of answers.filter((answer) => answer.status === 409)) {
      expect(lost.json).toEqual({
        error: 'The board has an outline already: remove it from the board first',
        code: 'conflict',
      });
    }
    const { files, boardFiles } = await page(id);
    expect(boardFiles.map((file) => file.file_type)).toEqual(['outline']);
    expect(files).toHaveLength(1);
    // The losers' outlines were written before they lost: none of them is left in the store.
    expect(storedObjectCount(server())).toBe(await storedFileRows(server()));
  });

  it('puts a file on the board once when it is added several times together', async () => {
    const id = await newProduct('Double-clicked add to board');
    const uploaded = await server().call(addProductFiles, {
      token: people.acme.editor.token,
      params: { id },
      form: form({ isAutoDetect: 'false' }, [
        { field: 'files', name: 'demo-F_Cu.gbr', data: BOARD_FILES['demo-F_Cu.gbr']! },
      ]),
    });
    expect(uploaded.status, uploaded.text).toBe(201);
    expect(uploaded.data.boardFiles).toEqual([]);
    const fileId = uploaded.data.files[0]!.id;
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        server().call(addFileToBoard, {
          token: people.acme.editor.token,
          params: { id, fileId },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, ...Array(AT_ONCE - 1).fill(409)]);
    for (const lost of answers.filter((answer) => answer.status === 409)) {
      expect(lost.json).toEqual({ error: 'This file is already on the board', code: 'conflict' });
    }
    const { boardFiles } = await page(id);
    expect(boardFiles.map((file) => [file.product_file_id, file.file_type])).toEqual([
      [fileId, 'topCopper'],
    ]);
  });
});
