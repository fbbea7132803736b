import {
  addPackageCorrection,
  addProduct,
  addProductFiles,
  addProject,
  deletePackageCorrection,
  getProduct,
  listPackageCorrections,
  placementsFromFile,
  updatePackageCorrection,
} from '@circuits/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';
import { form } from '../../../test/uploads.ts';
import { DEMO_MANUFACTURERS, demoPackages } from '../../seed/demo-catalogue.ts';

const POS =
  'Ref,Val,Package,PosX,PosY,Rot,Side\nQ1,BC847,SOT-23,10,20,90,top\nQ2,BC847,sot-23,30,40,0,bottom\nR1,10k,0402,1,2,0,top\nU1,MCU,QFN-32,5,5,0,top\n';

describe.each(databaseKinds())('package corrections on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;

  beforeAll(async () => {
    people = await createPeople(server());
    await server().services.catalogue.loadManufacturers(DEMO_MANUFACTURERS);
    await server().services.catalogue.loadPackages(demoPackages());
  }, 180_000);

  const editor = () => people.acme.editor.token;

  async function placedProduct(token: string, name: string) {
    const project = await server().call(addProject, { token, form: form({ title: name }) });
    const created = await server().call(addProduct, {
      token,
      params: { id: project.data.data.id },
      form: form({ name }),
    });
    const id = created.data.data.id;
    const added = await server().call(addProductFiles, {
      token,
      params: { id },
      form: form({}, [{ field: 'files', name: 'pos.csv', data: POS }]),
    });
    expect(added.status, added.text).toBe(201);
    const read = await server().call(placementsFromFile, {
      token,
      params: { id },
      body: { file_id: added.data.files[0]!.id, data: {} },
    });
    expect(read.status, read.text).toBe(200);
    return id;
  }

  const placementsOf = async (id: number, token = editor()) =>
    (await server().call(getProduct, { token, params: { id } })).data.placements;
  const byRef = async (id: number) =>
    Object.fromEntries((await placementsOf(id)).map((p) => [p.refDesign, p]));

  describe('one company', () => {
    let id: number;
    let sotId: number;
    let chipId: number;

    beforeAll(async () => {
      id = await placedProduct(editor(), 'Corrected board');
    });

    it('corrects the placements of a package named as imported, keeping the imported values', async () => {
      // The product page read first (and kept in memory) follows the correction too.
      expect((await byRef(id)).Q1!.corrected).toBeNull();
      const added = await server().call(addPackageCorrection, {
        token: editor(),
        params: { id },
        body: { packageName: ' SOT-23 ', rotation: -90, x: 0.5, y: 0 },
      });
      expect(added.status, added.text).toBe(201);
      sotId = added.data.data.id;
      expect(added.data.data).toMatchObject({
        packageName: 'SOT-23',
        package: null,
        rotation: 270,
        x: 0.5,
        y: 0,
        placements: 2,
      });
      const rows = await byRef(id);
      // Imported 90° on the top: +90° turns the 0.5 mm shift onto the y axis.
      expect(rows.Q1).toMatchObject({ x: 10, y: 20, angle: 90 });
      expect(rows.Q1!.corrected).toEqual({ correction_id: sotId, x: 10, y: 20.5, angle: 0 });
      // On the bottom the package's own x axis is mirrored.
      expect(rows.Q2!.corrected).toEqual({ correction_id: sotId, x: 29.5, y: 40, angle: 270 });
      expect(rows.R1!.corrected).toBeNull();
      expect(rows.U1!.corrected).toBeNull();
    });

    it('corrects by the catalogue package, and a second correction of a package replaces the first', async () => {
      const chip = (await byRef(id)).R1!.package;
      expect(chip?.pkgName).toBe('0402');
      const added = await server().call(addPackageCorrection, {
        token: editor(),
        params: { id },
        body: { package_id: chip!.id, rotation: 180 },
      });
      expect(added.status, added.text).toBe(201);
      chipId = added.data.data.id;
      expect(added.data.data).toMatchObject({
        packageName: null,
        package: { id: chip!.id, pkgName: '0402' },
        placements: 1,
      });
      const r1 = added.data.placements.find((p) => p.refDesign === 'R1')!;
      expect(r1.corrected).toEqual({ correction_id: chipId, x: 1, y: 2, angle: 180 });

      const again = await server().call(addPackageCorrection, {
        token: editor(),
        params: { id },
        body: { packageName: 'sot-23', rotation: 180 },
      });
      expect(again.data.data.id).toBe(sotId);
      expect(again.data.data).toMatchObject({ rotation: 180, x: 0, y: 0 });
      const list = await server().call(listPackageCorrections, { token: editor(), params: { id } });
      expect(list.data.data.map((c) => c.id).sort()).toEqual([sotId, chipId].sort());
    });

    it("applies the company's corrections to its next imports", async () => {
      const next = await placedProduct(editor(), 'Next board');
      const rows = await byRef(next);
      expect(rows.Q1!.corrected).toMatchObject({ correction_id: sotId, angle: 270 });
      expect(rows.R1!.corrected).toMatchObject({ correction_id: chipId, angle: 180 });
    });

    it('edits and forgets a correction', async () => {
      const edited = await server().call(updatePackageCorrection, {
        token: editor(),
        params: { id, correctionId: sotId },
        body: { y: -1 },
      });
      expect(edited.status, edited.text).toBe(200);
      expect(edited.data.data).toMatchObject({ rotation: 180, x: 0, y: -1 });
      const removed = await server().call(deletePackageCorrection, {
        token: editor(),
        params: { id, correctionId: sotId },
      });
      expect(removed.status, removed.text).toBe(200);
      expect(removed.data.ids).toEqual([sotId]);
      expect(removed.data.placements.find((p) => p.refDesign === 'Q1')!.corrected).toBeNull();
      const gone = await server().call(updatePackageCorrection, {
        token: editor(),
        params: { id, correctionId: sotId },
        body: { x: 1 },
      });
      expect(gone.status).toBe(404);
    });

    it('refuses bad input with a clear 422', async () => {
      const cases = [
        [{ packageName: 'SOT\u0007-23', rotation: 90 }, 'packageName'],
        [{ rotation: 90 }, 'packageName'],
        [{ packageName: 'SOT-23', package_id: 1, rotation: 90 }, 'packageName'],
        [{ packageName: 'SOT-23', x: 60 }, 'x'],
        [{ packageName: 'SOT-23', rotation: 'left' as unknown as number }, 'rotation'],
        [{ package_id: 999999, rotation: 90 }, 'package_id'],
      ] as const;
      for (const [body, field] of cases) {
        const answer = await server().call(addPackageCorrection, {
          token: editor(),
          params: { id },
          body,
        });
        expect(answer.status, JSON.stringify(body)).toBe(422);
        expect(Object.keys(answer.json.error)).toContain(field);
      }
      expect(
        (
          await server().call(addPackageCorrection, {
            token: editor(),
            params: { id },
            body: { packageName: 'SOT-23', x: 60 },
          })
        ).json.error,
      ).toEqual({ x: 'x must be within 50 mm' });
    });

    it('lets a read-only member read but not change, and hides them from another company', async () => {
      const viewer = people.acme.viewer.token;
      const list = await server().call(listPackageCorrections, { token: viewer, params: { id } });
      expect(list.status).toBe(200);
      expect(list.data.data.map((c) => c.id)).toEqual([chipId]);
      const writes = [
        server().call(addPackageCorrection, {
          token: viewer,
          params: { id },
          body: { packageName: 'QFN-32', rotation: 90 },
        }),
        server().call(updatePackageCorrection, {
          token: viewer,
          params: { id, correctionId: chipId },
          body: { rotation: 90 },
        }),
        server().call(deletePackageCorrection, {
          token: viewer,
          params: { id, correctionId: chipId },
        }),
      ];
      for (const write of await Promise.all(writes)) expect(write.status).toBe(403);

      const outsider = people.globex.editor.token;
      expect(
        (await server().call(listPackageCorrections, { token: outsider, params: { id } })).status,
      ).toBe(404);
      expect(
        (
          await server().call(addPackageCorrection, {
            token: outsider,
            params: { id },
            body: { packageName: 'QFN-32', rotation: 90 },
          })
        ).status,
      ).toBe(404);
      // Through a product of their own, another company neither sees nor reaches ours.
      const theirs = await placedProduct(outsider, 'Their board');
      expect((await placementsOf(theirs, outsider)).every((p) => p.corrected === null)).toBe(true);
      const theirList = await server().call(listPackageCorrections, {
        token: outsider,
        params: { id: theirs },
      });
      expect(theirList.data.data).toEqual([]);
      for (const call of [
        server().call(updatePackageCorrection, {
          token: outsider,
          params: { id: theirs, correctionId: chipId },
          body: { rotation: 90 },
        }),
        server().call(deletePackageCorrection, {
          token: outsider,
          params: { id: theirs, correctionId: chipId },
        }),
      ])
        expect((await call).status).toBe(404);
      expect((await byRef(id)).R1!.corrected).toMatchObject({ correction_id: chipId });
    });
  });
});
