import { addProduct, addProject, getProduct } from '@circuits/contracts';
import { PRODUCT_FILE_TYPE_IDS } from '@circuits/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';
import { UNSEEN_BOARD, UNSEEN_BOARD_EXPECTED } from '../../../test/unseen-board.ts';
import { form, zip } from '../../../test/uploads.ts';

// A board from a CAD tool the per-tool naming rules never listed (Proteus CADCAM names) goes on
// the board layer by layer from the words of its names and what its files hold, and the files
// beside it that are not layers stay off the board.

describe.each(databaseKinds())('an upload from a CAD tool the rules do not list, on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;
  let productId: number;

  beforeAll(async () => {
    people = await createPeople(server());
    const project = await server().call(addProject, {
      token: people.acme.editor.token,
      form: form({ title: 'Proteus boards' }),
    });
    const created = await server().call(addProduct, {
      token: people.acme.editor.token,
      params: { id: project.data.data.id },
      form: form({ name: 'Sensor node' }, [
        { field: 'files[]', name: 'sensor-node-cadcam.zip', data: zip(UNSEEN_BOARD) },
      ]),
    });
    expect(created.status, created.text).toBe(201);
    productId = created.data.data.id;
  });

  it('puts every layer on the board as what it is and keeps the other files as Other', async () => {
    const page = await server().call(getProduct, {
      token: people.acme.editor.token,
      params: { id: productId },
    });
    const fileTypeOf = new Map(
      page.data.boardFiles.map((entry) => [entry.product_file_id, entry.file_type]),
    );
    const onBoard = Object.fromEntries(
      page.data.files.flatMap((file) => {
        const type = fileTypeOf.get(file.id);
        return type ? [[file.name, type]] : [];
      }),
    );
    expect(onBoard).toEqual(UNSEEN_BOARD_EXPECTED);
    const others = page.data.files
      .filter((file) => !(file.name in UNSEEN_BOARD_EXPECTED))
      .map((file) => [file.name, file.type_id]);
    expect(Object.fromEntries(others)).toEqual({
      'Sensor node - CADCAM READ-ME.TXT': PRODUCT_FILE_TYPE_IDS.other,
      'Sensor node - CADCAM Netlist.IPC': PRODUCT_FILE_TYPE_IDS.other,
      'FlyingProbeTesting.json': PRODUCT_FILE_TYPE_IDS.other,
    });
    // Each guess says how sure it is and why.
    const copper = page.data.boardFiles.find((entry) => entry.file_type === 'topCopper');
    expect(copper?.guess).toMatchObject({ layer: 'copper', side: 'top' });
    expect(copper?.guess?.reason).toContain('top copper');
    expect(['high', 'medium']).toContain(copper?.guess?.confidence);
  });

  it('measures the board from its outline before anyone types anything', async () => {
    const page = await server().call(getProduct, {
      token: people.acme.editor.token,
      params: { id: productId },
    });
    expect(page.data.boardAnalysis).toMatchObject({
      copperLayers: 2,
      sizeFrom: 'outline',
    });
    expect(page.data.boardAnalysis?.widthMm).toBeCloseTo(50.8, 0);
    expect(page.data.boardAnalysis?.lengthMm).toBeCloseTo(38.1, 0);
  });
});
