import {
  addAssembly,
  addProduct,
  addProject,
  deleteProductFile,
  duplicateProduct,
  getProduct,
  getProject,
  updateProduct,
  updateProductProject,
  updateProductVisibility,
} from '@circuits/contracts';
import { PRODUCT_FILE_TYPES } from '@circuits/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';
import { BOARD_FILES, BOM_CSV, form, PNG, storedObjectCount, zip } from '../../../test/uploads.ts';

describe.each(databaseKinds())('products on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;
  let projectId: number;

  beforeAll(async () => {
    people = await createPeople(server());
    projectId = (
      await server().call(addProject, {
        token: people.acme.editor.token,
        form: form({ title: 'Boards' }),
      })
    ).data.data.id;
  });

  const create = (
    fields: Record<string, string>,
    files: Parameters<typeof form>[1] = [],
    token = people.acme.editor.token,
    project = projectId,
  ) => server().call(addProduct, { token, params: { id: project }, form: form(fields, files) });

  it('creates a product from a zipped board with a cover; GET answers the SPEC §7 shape', async () => {
    const archive = zip({ ...BOARD_FILES, 'bom.csv': BOM_CSV });
    const created = await create({ name: 'Sensor board', partNumber: 'SB-100' }, [
      { field: 'files[]', name: 'sensor.zip', data: archive },
      { field: 'cover', name: 'render.png', data: PNG },
    ]);
    expect(created.status, created.text).toBe(201);
    const id = created.data.data.id;
    expect(created.data.data).toMatchObject({
      name: 'Sensor board',
      partNumber: 'SB-100',
      project_id: projectId,
      assembly_id: null,
      visible: true,
      job: null,
      notes: null,
      description: null,
      odoo_products: [],
      cover: { name: 'render.png', size: PNG.length },
    });

    const page = await server().call(getProduct, {
      token: people.acme.viewer.token,
      params: { id },
    });
    expect(page.status, page.text).toBe(200);
    expect(Object.keys(page.data).sort()).toEqual(
      [
        'boardAnalysis',
        'boardFiles',
        'bom',
        'cache',
        'canEdit',
        'files',
        'files_types',
        'orders',
        'placementOffset',
        'placements',
        'product',
        'project',
        'settings',
        'settingsFromFiles',
      ].sort(),
    );
    expect(page.data).toMatchObject({
      project: { id: projectId, title: 'Boards', comp: { id: people.acme.companyId } },
      files_types: PRODUCT_FILE_TYPES.map(({ id: typeId, name }) => ({ id: typeId, name })),
      // The size and layer count the files give are the settings until a user saves them.
      settings: { numberLayers: 2, unitsIn: 'in', boardWidth: 0.043, boardLength: 0.043 },
      settingsFromFiles: true,
      orders: [],
      bom: [],
      placements: [],
      // The upload's board was measured and rendered on the way in (SPEC §3 render cache).
      boardAnalysis: { copperLayers: 2 },
      cache: {
        hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        file_path: expect.stringContaining('/storage/'),
      },
      canEdit: false,
    });
    const asEditor = await server().call(getProduct, {
      token: people.acme.editor.token,
      params: { id },
    });
    expect(asEditor.data.canEdit).toBe(true);
    expect(asEditor.data.project.canEdit).toBe(true);
    const asModerator = await server().call(getProduct, {
      token: people.moderator.token,
      params: { id },
    });
    expect(asModerator.data.canEdit).toBe(false);
    expect(page.data.files).toHaveLength(7);
    expect(page.data.boardFiles).toHaveLength(6);
    expect(
      (await server().request('GET', page.data.product.imgLink!)).headers.get('content-type'),
    ).toBe('image/png');

    const project = await server().call(getProject, {
      token: people.acme.viewer.token,
      params: { id: projectId },
    });
    expect(project.data.project.products.map((product) => product.name)).toContain('Sensor board');
  });

  it('names missing and bad fields, and refuses what the actor may not do', async () => {
    const noName = await create({ partNumber: 'X' });
    expect(noName.status).toBe(422);
    expect(noName.json.error).toEqual({ name: 'Name is required' });
    const badAssembly = await create({ name: 'x', assemblyId: 'abc' });
    expect(badAssembly.json.error).toEqual({
      assemblyId: 'Assembly must be a positive whole number',
    });
    const missingAssembly = await create({ name: 'x', assemblyId: '999999' });
    expect(missingAssembly.status).toBe(404);
    expect((await create({ name: 'x' }, [], people.acme.viewer.token)).status).toBe(403);
    expect((await create({ name: 'x' }, [], people.globex.editor.token)).status).toBe(404);
    const anonymous = await server().request('POST', `/api/projects/${projectId}/products/add`, {
      form: form({ name: 'x' }),
    });
    expect(anonymous.status).toBe(401);
    const notMultipart = await server().request('POST', `/api/projects/${projectId}/products/add`, {
      token: people.acme.editor.token,
      json: { name: 'x' },
    });
    expect(notMultipart.status).toBe(415);
  });

  it('creates a product in an assembly, or in a new project of that name', async () => {
    const token = people.acme.editor.token;
    const aid = (
      await server().call(addAssembly, { token, params: { id: projectId }, body: { title: 'Kit' } })
    ).data.assembly.id;
    const inAssembly = await create({ name: 'Kit part', assemblyId: String(aid) });
    expect(inAssembly.data.data.assembly_id).toBe(aid);

    const fresh = await create({ name: 'Starter', newProjectName: 'Brand new project' });
    expect(fresh.status, fresh.text).toBe(201);
    const newProject = await server().call(getProject, {
      token,
      params: { id: fresh.data.data.project_id },
    });
    expect(newProject.data.project).toMatchObject({
      title: 'Brand new project',
      comp: { id: people.acme.companyId },
    });
    expect(newProject.data.project.products.map((product) => product.id)).toEqual([
      fresh.data.data.id,
    ]);
    const both = await create({ name: 'x', newProjectName: 'Another', assemblyId: String(aid) });
    expect(both.status).toBe(422);
  });

  it('updates product information, odoo_products as key/value records, and the cover', async () => {
    const id = (await create({ name: 'Editable' })).data.data.id;
    const token = people.acme.editor.token;
    const updated = await server().call(updateProduct, {
      token,
      params: { id },
      form: form(
        {
          name: 'Edited',
          partNumber: 'ED-1',
          job: 'J-42',
          notes: 'Handle with care',
          description: 'Rev C',
          odoo_products: JSON.stringify([{ key: 'sku', value: 'ED1-A' }]),
        },
        [{ field: 'cover', name: 'c.png', data: PNG }],
      ),
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.data.product).toMatchObject({
      name: 'Edited',
      partNumber: 'ED-1',
      job: 'J-42',
      notes: 'Handle with care',
      description: 'Rev C',
      odoo_products: [{ key: 'sku', value: 'ED1-A' }],
      cover: { name: 'c.png' },
    });
    const cleared = await server().call(updateProduct, {
      token,
      params: { id },
      form: form({ partNumber: '', removeCover: 'true' }),
    });
    expect(cleared.data.product).toMatchObject({
      name: 'Edited',
      partNumber: null,
      cover: null,
      imgLink: null,
    });

    const bad = await server().call(updateProduct, {
      token,
      params: { id },
      form: form({ name: '', odoo_products: '{not json' }),
    });
    expect(bad.status).toBe(422);
    expect(bad.json.error).toEqual({
      name: 'Name is required',
      odoo_products: 'odoo_products must be a JSON list',
    });
    const badShape = await server().call(updateProduct, {
      token,
      params: { id },
      form: form({ odoo_products: '[{"key": 1}]' }),
    });
    expect(badShape.status).toBe(422);
    expect(Object.keys(badShape.json.error)[0]).toMatch(/^odoo_products/);

    expect(
      (
        await server().call(updateProduct, {
          token: people.acme.viewer.token,
          params: { id },
          form: form({ name: 'x' }),
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await server().call(updateProduct, {
          token: people.globex.editor.token,
          params: { id },
          form: form({ name: 'x' }),
        })
      ).status,
    ).toBe(404);
  });

  it('hides a product; read-only members and other companies cannot', async () => {
    const id = (await create({ name: 'Hideable' })).data.data.id;
    const hidden = await server().call(updateProductVisibility, {
      token: people.acme.editor.token,
      params: { id },
      body: { visible: false },
    });
    expect(hidden.data.product.visible).toBe(false);
    expect(
      (
        await server().call(updateProductVisibility, {
          token: people.acme.viewer.token,
          params: { id },
          body: { visible: true },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await server().call(updateProductVisibility, {
          token: people.globex.editor.token,
          params: { id },
          body: { visible: true },
        })
      ).status,
    ).toBe(404);
    expect(
      (await server().call(updateProductVisibility, { params: { id }, body: { visible: true } }))
        .status,
    ).toBe(401);
  });

  it('duplicates a product with its own copies of files, board files and cover', async () => {
    const token = people.acme.editor.token;
    const original = await create({ name: 'Original' }, [
      { field: 'files', name: 'demo-F_Cu.gbr', data: BOARD_FILES['demo-F_Cu.gbr']! },
      { field: 'files', name: 'bom.csv', data: BOM_CSV },
      { field: 'cover', name: 'o.png', data: PNG },
    ]);
    const id = original.data.data.id;
    const objects = storedObjectCount(server());
    const copy = await server().call(duplicateProduct, { token, params: { id } });
    expect(copy.status, copy.text).toBe(201);
    expect(copy.data.data).toMatchObject({
      name: 'Original (copy)',
      project_id: projectId,
      cover: { name: 'o.png' },
    });
    expect(storedObjectCount(server())).toBe(objects + 3);

    const source = await server().call(getProduct, { token, params: { id } });
    const copied = await server().call(getProduct, { token, params: { id: copy.data.data.id } });
    expect(copied.data.files.map((file) => [file.name, file.type_id])).toEqual(
      source.data.files.map((file) => [file.name, file.type_id]),
    );
    expect(copied.data.boardFiles.map((board) => [board.file.name, board.file_type])).toEqual([
      ['demo-F_Cu.gbr', 'topCopper'],
    ]);
    expect(copied.data.boardFiles[0]!.product_file_id).not.toBe(
      source.data.boardFiles[0]!.product_file_id,
    );

    // Deleting the original's files leaves the copy's intact.
    for (const file of source.data.files) {
      await server().call(deleteProductFile, { token, params: { id, fileId: file.id } });
    }
    for (const file of copied.data.files) {
      const download = await server().request('GET', file.downloadLink);
      expect(download.status, file.name).toBe(200);
    }
    const named = await server().call(duplicateProduct, {
      token,
      params: { id },
      body: { name: 'Rev B' },
    });
    expect(named.data.data.name).toBe('Rev B');
    expect(
      (await server().call(duplicateProduct, { token: people.acme.viewer.token, params: { id } }))
        .status,
    ).toBe(403);
    expect(
      (await server().call(duplicateProduct, { token: people.globex.editor.token, params: { id } }))
        .status,
    ).toBe(404);
  });

  it('moves a product to another project of its company only', async () => {
    const token = people.acme.editor.token;
    const id = (await create({ name: 'Traveller' })).data.data.id;
    const target = (
      await server().call(addProject, { token, form: form({ title: 'Destination' }) })
    ).data.data.id;
    const moved = await server().call(updateProductProject, {
      token,
      params: { id },
      body: { product_id: id, project_id: target },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.data.product).toMatchObject({ project_id: target, assembly_id: null });

    const mismatch = await server().call(updateProductProject, {
      token,
      params: { id },
      body: { product_id: id + 1, project_id: target },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.json.error).toEqual({
      product_id: 'product_id must be the product in the path',
    });
    const globexProject = (
      await server().call(addProject, {
        token: people.globex.editor.token,
        form: form({ title: 'Theirs' }),
      })
    ).data.data.id;
    const foreign = await server().call(updateProductProject, {
      token,
      params: { id },
      body: { project_id: globexProject },
    });
    expect(foreign.status).toBe(404);
    const acrossByAdmin = await server().call(updateProductProject, {
      token: people.admin.token,
      params: { id },
      body: { project_id: globexProject },
    });
    expect(acrossByAdmin.status).toBe(422);
    expect(acrossByAdmin.json.error).toEqual({
      project_id: 'Choose a project of the same company',
    });
    expect(
      (
        await server().call(updateProductProject, {
          token: people.acme.viewer.token,
          params: { id },
          body: { project_id: projectId },
        })
      ).status,
    ).toBe(403);
  });

  it('shows products to staff and hides them from other companies, as if they did not exist', async () => {
    const id = (await create({ name: 'Private' })).data.data.id;
    for (const staff of [people.admin, people.moderator]) {
      expect((await server().call(getProduct, { token: staff.token, params: { id } })).status).toBe(
        200,
      );
    }
    const foreign = await server().call(getProduct, {
      token: people.globex.viewer.token,
      params: { id },
    });
    const missing = await server().call(getProduct, {
      token: people.globex.viewer.token,
      params: { id: 9_999_999 },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual(missing.json);
    expect((await server().call(getProduct, { params: { id } })).status).toBe(401);
    expect(
      (await server().request('GET', '/api/products/abc', { token: people.acme.viewer.token }))
        .status,
    ).toBe(404);
  });
});
