import {
  addAssembly,
  addProduct,
  addProject,
  attachProductsToAssembly,
  attachProductsToProject,
  detachProductFromAssembly,
  getProject,
  hideAssembly,
  listProjects,
  updateAssembly,
  updateProject,
  updateProjectVisibility,
} from '@circuits/contracts';
import { MARKED_COLORS } from '@circuits/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';
import { form, PNG, storedObjectCount } from '../../../test/uploads.ts';

describe.each(databaseKinds())('projects and assemblies on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;

  beforeAll(async () => {
    people = await createPeople(server());
  });

  async function createProject(
    token: string,
    fields: Record<string, string>,
    files: Parameters<typeof form>[1] = [],
  ) {
    return server().call(addProject, { token, form: form(fields, files) });
  }

  async function createProduct(token: string, projectId: number, name: string) {
    const response = await server().call(addProduct, {
      token,
      params: { id: projectId },
      form: form({ name }),
    });
    expect(response.status, response.text).toBe(201);
    return response.data.data.id;
  }

  describe('POST /api/projects/add', () => {
    it('creates a project with a colour and a cover; answers data.id', async () => {
      const response = await createProject(
        people.acme.editor.token,
        { title: '  Weather station ', description: 'Outdoor sensors', markedColor: '#e34a4a' },
        [{ field: 'cover', name: 'photo.png', data: PNG }],
      );
      expect(response.status, response.text).toBe(201);
      expect(response.data.data).toMatchObject({
        id: expect.any(Number),
        title: 'Weather station',
        description: 'Outdoor sensors',
        markedColor: '#e34a4a',
        visible: true,
        comp: { id: people.acme.companyId, name: 'Acme Circuits' },
        assemblies: [],
        products: [],
        cover: { name: 'photo.png', size: PNG.length },
      });
      const cover = await server().request('GET', response.data.data.imgLink!);
      expect(cover.status).toBe(200);
      expect(cover.headers.get('content-type')).toBe('image/png');
    });

    it('takes the first palette colour by default and names bad fields', async () => {
      const plain = await createProject(people.acme.editor.token, { title: 'Plain' });
      expect(plain.data.data.markedColor).toBe(MARKED_COLORS[0]);
      const bad = await createProject(people.acme.editor.token, { title: ' ', markedColor: 'red' });
      expect(bad.status).toBe(422);
      expect(bad.json.error).toEqual({
        title: 'Title is required',
        markedColor: `Colour must be one of ${MARKED_COLORS.join(', ')}`,
      });
    });

    it('refuses a cover that is not an image and stores nothing', async () => {
      const before = storedObjectCount(server());
      const response = await createProject(people.acme.editor.token, { title: 'Fake cover' }, [
        { field: 'cover', name: 'cover.png', data: '<svg onload="alert(1)"/>' },
      ]);
      expect(response.status).toBe(422);
      expect(response.json.error).toEqual({
        cover: 'The cover must be a PNG, JPEG, GIF or WebP image',
      });
      expect(storedObjectCount(server())).toBe(before);
      const titles = (
        await server().call(listProjects, { token: people.acme.editor.token })
      ).data.projects.map((p) => p.title);
      expect(titles).not.toContain('Fake cover');
    });

    it('refuses anonymous callers, read-only members and moderators of other companies', async () => {
      const anonymous = await server().request('POST', '/api/projects/add', {
        form: form({ title: 'x' }),
      });
      expect(anonymous.status).toBe(401);
      const viewer = await createProject(people.acme.viewer.token, { title: 'x' });
      expect(viewer.status).toBe(403);
      expect(viewer.json.error).toBe('Only company editors can change projects and products');
      const moderator = await createProject(people.moderator.token, {
        title: 'x',
        comp: String(people.acme.companyId),
      });
      expect(moderator.status).toBe(403);
      const outsider = await createProject(people.globex.editor.token, {
        title: 'x',
        comp: String(people.acme.companyId),
      });
      expect(outsider.status).toBe(404);
    });

    it('lets an admin create a project for any company', async () => {
      const response = await createProject(people.admin.token, {
        title: 'For Globex',
        comp: String(people.globex.companyId),
      });
      expect(response.status).toBe(201);
      expect(response.data.data.comp.id).toBe(people.globex.companyId);
    });
  });

  describe('GET /api/projects', () => {
    it('lists only their company to members, every company or one to staff', async () => {
      await createProject(people.globex.editor.token, { title: 'Globex only' });
      const acme = await server().call(listProjects, { token: people.acme.viewer.token });
      expect(acme.status).toBe(200);
      expect(acme.data.projects.every((project) => project.comp.id === people.acme.companyId)).toBe(
        true,
      );
      expect(acme.data.projects.map((project) => project.title)).not.toContain('Globex only');

      const all = await server().call(listProjects, { token: people.moderator.token });
      const companies = new Set(all.data.projects.map((project) => project.comp.id));
      expect(companies).toEqual(new Set([people.acme.companyId, people.globex.companyId]));

      const fixed = await server().call(listProjects, {
        token: people.admin.token,
        query: { companyId: people.globex.companyId },
      });
      expect(
        fixed.data.projects.every((project) => project.comp.id === people.globex.companyId),
      ).toBe(true);
      expect(fixed.data.projects.map((project) => project.title)).toContain('Globex only');

      const foreign = await server().call(listProjects, {
        token: people.acme.editor.token,
        query: { companyId: people.globex.companyId },
      });
      expect(foreign.status).toBe(404);
      const bad = await server().request('GET', '/api/projects?companyId=abc', {
        token: people.admin.token,
      });
      expect(bad.status).toBe(422);
      expect((await server().call(listProjects)).status).toBe(401);
    });

    it('answers 404 for a project of another company, as for one that does not exist', async () => {
      const own = await createProject(people.acme.editor.token, { title: 'Secret' });
      const foreign = await server().call(getProject, {
        token: people.globex.editor.token,
        params: { id: own.data.data.id },
      });
      const missing = await server().call(getProject, {
        token: people.globex.editor.token,
        params: { id: 999_999 },
      });
      expect(foreign.status).toBe(404);
      expect(foreign.json).toEqual(missing.json);
      const staff = await server().call(getProject, {
        token: people.moderator.token,
        params: { id: own.data.data.id },
      });
      expect(staff.status).toBe(200);
    });
  });

  describe('changing a project', () => {
    it('updates given fields only, replaces and removes the cover', async () => {
      const created = await createProject(
        people.acme.editor.token,
        { title: 'Old', description: 'Keep me' },
        [{ field: 'cover', name: 'a.png', data: PNG }],
      );
      const id = created.data.data.id;
      const oldCover = created.data.data.imgLink!;
      const renamed = await server().call(updateProject, {
        token: people.acme.editor.token,
        params: { id },
        form: form({ title: 'New', markedColor: '#000' }, [
          { field: 'cover', name: 'b.png', data: PNG },
        ]),
      });
      expect(renamed.status, renamed.text).toBe(200);
      expect(renamed.data.project).toMatchObject({
        title: 'New',
        description: 'Keep me',
        markedColor: '#000',
        cover: { name: 'b.png' },
      });
      expect((await server().request('GET', oldCover)).status).toBe(404);

      const removed = await server().call(updateProject, {
        token: people.acme.editor.token,
        params: { id },
        form: form({ removeCover: 'true', description: '' }),
      });
      expect(removed.data.project).toMatchObject({ cover: null, imgLink: null, description: null });

      const viewer = await server().call(updateProject, {
        token: people.acme.viewer.token,
        params: { id },
        form: form({ title: 'x' }),
      });
      expect(viewer.status).toBe(403);
      const outsider = await server().call(updateProject, {
        token: people.globex.editor.token,
        params: { id },
        form: form({ title: 'x' }),
      });
      expect(outsider.status).toBe(404);
      const empty = await server().call(updateProject, {
        token: people.acme.editor.token,
        params: { id },
        form: form({ title: '' }),
      });
      expect(empty.status).toBe(422);
      expect(empty.json.error).toEqual({ title: 'Title is required' });
    });

    it('hides and shows a project', async () => {
      const id = (await createProject(people.acme.editor.token, { title: 'Visible' })).data.data.id;
      const hidden = await server().call(updateProjectVisibility, {
        token: people.acme.editor.token,
        params: { id },
        body: { visible: false },
      });
      expect(hidden.data.project.visible).toBe(false);
      const bad = await server().call(updateProjectVisibility, {
        token: people.acme.editor.token,
        params: { id },
        body: { visible: 'no' as never },
      });
      expect(bad.status).toBe(422);
      expect(bad.json.error).toEqual({ visible: 'visible must be true or false' });
      const viewer = await server().call(updateProjectVisibility, {
        token: people.acme.viewer.token,
        params: { id },
        body: { visible: true },
      });
      expect(viewer.status).toBe(403);
    });

    it('moves products of the company into a project, never those of another company', async () => {
      const token = people.acme.editor.token;
      const from = (await createProject(token, { title: 'From' })).data.data.id;
      const to = (await createProject(token, { title: 'To' })).data.data.id;
      const productId = await createProduct(token, from, 'Mover');
      const moved = await server().call(attachProductsToProject, {
        token,
        params: { id: to },
        body: { products: [productId] },
      });
      expect(moved.status, moved.text).toBe(200);
      expect(moved.data.project.products.map((product) => product.id)).toEqual([productId]);
      const source = await server().call(getProject, { token, params: { id: from } });
      expect(source.data.project.products).toEqual([]);

      const globexProject = (await createProject(people.globex.editor.token, { title: 'G' })).data
        .data.id;
      const globexProduct = await createProduct(
        people.globex.editor.token,
        globexProject,
        'Theirs',
      );
      const stolen = await server().call(attachProductsToProject, {
        token,
        params: { id: to },
        body: { products: [globexProduct] },
      });
      expect(stolen.status).toBe(422);
      expect(stolen.json.error).toEqual({
        products: `There is no product ${globexProduct} in this company`,
      });
      const empty = await server().call(attachProductsToProject, {
        token,
        params: { id: to },
        body: { products: [] },
      });
      expect(empty.json.error).toEqual({ products: 'products must name at least one id' });
    });
  });

  describe('assemblies', () => {
    it('adds, renames, fills, empties and hides an assembly', async () => {
      const token = people.acme.editor.token;
      const projectId = (await createProject(token, { title: 'With assemblies' })).data.data.id;
      const first = await createProduct(token, projectId, 'Main board');
      const second = await createProduct(token, projectId, 'Daughter board');

      const added = await server().call(addAssembly, {
        token,
        params: { id: projectId },
        body: { title: 'Stack', products: [first] },
      });
      expect(added.status, added.text).toBe(201);
      const aid = added.data.assembly.id;
      expect(added.data.assembly).toMatchObject({
        title: 'Stack',
        hidden: false,
        products: [{ id: first, assembly_id: aid }],
      });
      expect(added.data.project.products.map((product) => product.id)).toEqual([second]);

      const renamed = await server().call(updateAssembly, {
        token,
        params: { id: projectId, aid },
        body: { title: 'Full stack' },
      });
      expect(renamed.data.assembly.title).toBe('Full stack');
      const attached = await server().call(attachProductsToAssembly, {
        token,
        params: { id: projectId, aid },
        body: { products: [second] },
      });
      expect(attached.data.assembly.products.map((product) => product.id).sort()).toEqual(
        [first, second].sort(),
      );
      expect(attached.data.project.products).toEqual([]);

      const detached = await server().call(detachProductFromAssembly, {
        token,
        params: { id: projectId, aid },
        body: { product_id: first },
      });
      expect(detached.data.assembly.products.map((product) => product.id)).toEqual([second]);
      expect(detached.data.project.products.map((product) => product.id)).toEqual([first]);
      const notIn = await server().call(detachProductFromAssembly, {
        token,
        params: { id: projectId, aid },
        body: { product_id: first },
      });
      expect(notIn.status).toBe(404);

      const hidden = await server().request(
        'POST',
        `/api/projects/${projectId}/assemblies/${aid}/hide`,
        { token },
      );
      expect(hidden.status).toBe(200);
      expect(hidden.json.assembly.hidden).toBe(true);
      const shown = await server().call(hideAssembly, {
        token,
        params: { id: projectId, aid },
        body: { hidden: false },
      });
      expect(shown.data.assembly.hidden).toBe(false);
    });

    it('refuses read-only members (403) and other companies (404) on every change', async () => {
      const token = people.acme.editor.token;
      const projectId = (await createProject(token, { title: 'Guarded' })).data.data.id;
      const productId = await createProduct(token, projectId, 'Guarded product');
      const aid = (
        await server().call(addAssembly, {
          token,
          params: { id: projectId },
          body: { title: 'G', products: [productId] },
        })
      ).data.assembly.id;
      const attempts = (caller: string) => [
        server().call(updateProjectVisibility, {
          token: caller,
          params: { id: projectId },
          body: { visible: false },
        }),
        server().call(attachProductsToProject, {
          token: caller,
          params: { id: projectId },
          body: { products: [productId] },
        }),
        server().call(updateAssembly, {
          token: caller,
          params: { id: projectId, aid },
          body: { title: 'x' },
        }),
        server().call(attachProductsToAssembly, {
          token: caller,
          params: { id: projectId, aid },
          body: { products: [productId] },
        }),
        server().call(detachProductFromAssembly, {
          token: caller,
          params: { id: projectId, aid },
          body: { product_id: productId },
        }),
        server().call(hideAssembly, {
          token: caller,
          params: { id: projectId, aid },
          body: { hidden: true },
        }),
      ];
      for (const response of await Promise.all(attempts(people.acme.viewer.token))) {
        expect(response.status, response.text).toBe(403);
      }
      for (const response of await Promise.all(attempts(people.globex.editor.token))) {
        expect(response.status, response.text).toBe(404);
      }
      const unchanged = await server().call(getProject, { token, params: { id: projectId } });
      expect(unchanged.data.project).toMatchObject({
        visible: true,
        assemblies: [{ title: 'G', hidden: false }],
      });
    });

    it('keeps assemblies to their project and their company', async () => {
      const token = people.acme.editor.token;
      const projectId = (await createProject(token, { title: 'A' })).data.data.id;
      const otherProject = (await createProject(token, { title: 'B' })).data.data.id;
      const elsewhere = await createProduct(token, otherProject, 'Elsewhere');
      const aid = (
        await server().call(addAssembly, {
          token,
          params: { id: projectId },
          body: { title: 'Only mine' },
        })
      ).data.assembly.id;
      const foreignProduct = await server().call(attachProductsToAssembly, {
        token,
        params: { id: projectId, aid },
        body: { products: [elsewhere] },
      });
      expect(foreignProduct.status).toBe(422);
      expect(foreignProduct.json.error).toEqual({
        products: `There is no product ${elsewhere} in this project`,
      });
      const wrongProject = await server().call(updateAssembly, {
        token,
        params: { id: otherProject, aid },
        body: { title: 'x' },
      });
      expect(wrongProject.status).toBe(404);
      const viewer = await server().call(addAssembly, {
        token: people.acme.viewer.token,
        params: { id: projectId },
        body: { title: 'x' },
      });
      expect(viewer.status).toBe(403);
      const outsider = await server().call(hideAssembly, {
        token: people.globex.editor.token,
        params: { id: projectId, aid },
        body: {},
      });
      expect(outsider.status).toBe(404);
      const noTitle = await server().call(addAssembly, {
        token,
        params: { id: projectId },
        body: { title: '' },
      });
      expect(noTitle.status).toBe(422);
      expect(noTitle.json.error).toEqual({ title: 'Title is required' });
      const anonymous = await server().call(addAssembly, {
        params: { id: projectId },
        body: { title: 'x' },
      });
      expect(anonymous.status).toBe(401);
    });
  });
});
