import fs from 'node:fs';
import path from 'node:path';
import {
  addProduct,
  addProductFiles,
  addProject,
  createOutline,
  deleteProductFile,
  duplicateProduct,
  getProduct,
  saveBoardSettings,
  sendProductReport,
} from '@circuits/contracts';
import { DEFAULT_BOARD_SETTINGS } from '@circuits/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';
import { BOARD_FILES, FIXTURES_DIR, type FormFile, form, zip } from '../../../test/uploads.ts';

// The size and layer count the board files give count as the settings until a user saves them:
// a fresh upload is not reported as lacking a size and layer count the form shows.

const SIZE_ISSUES = ['Board sizes should be selected', 'Number of layers should be selected'];

/** The two copper layers and drills of BOARD_FILES, without their outline. */
const WITHOUT_OUTLINE: FormFile[] = Object.entries(BOARD_FILES)
  .filter(([name]) => !name.includes('Edge_Cuts'))
  .map(([name, data]) => ({ field: 'files[]', name, data }));

describe.each(databaseKinds())('settings taken from the board files on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;
  let projectId: number;
  const token = () => people.acme.editor.token;

  beforeAll(async () => {
    people = await createPeople(server());
    const project = await server().call(addProject, {
      token: token(),
      form: form({ title: 'Proposals' }),
    });
    projectId = project.data.data.id;
  });

  async function newProduct(name: string, files: FormFile[]): Promise<number> {
    const created = await server().call(addProduct, {
      token: token(),
      params: { id: projectId },
      form: form({ name, partNumber: 'PRP-1' }, files),
    });
    expect(created.status, created.text).toBe(201);
    return created.data.data.id;
  }

  const page = async (id: number) =>
    (await server().call(getProduct, { token: token(), params: { id } })).data;

  async function boardIssues(id: number): Promise<string[]> {
    const report = await server().call(sendProductReport, {
      token: token(),
      params: { id },
      query: { email: people.acme.editor.email },
    });
    expect(report.status, report.text).toBe(200);
    return report.data.issues.filter((issue) => issue.tab === 'Board').map((issue) => issue.text);
  }

  it('saves the size and layer count of a fresh upload as the settings, and they count', async () => {
    const id = await newProduct('Fresh upload', WITHOUT_OUTLINE);
    const fresh = await page(id);
    expect(fresh.boardAnalysis).toMatchObject({ copperLayers: 2, sizeFrom: 'layers' });
    expect(fresh.settingsFromFiles).toBe(true);
    expect(fresh.settings).toEqual({
      ...DEFAULT_BOARD_SETTINGS,
      boardWidth: 0.043,
      boardLength: 0.043,
      numberLayers: 2,
    });
    const issues = await boardIssues(id);
    for (const message of SIZE_ISSUES) expect(issues).not.toContain(message);

    // While no user saved them, they follow the files: an outline gives the board its size.
    const outline = await server().call(createOutline, {
      token: token(),
      params: { id },
      body: { width: 50, length: 40, units: 'mm' },
    });
    expect(outline.status, outline.text).toBe(201);
    const outlined = await page(id);
    expect(outlined.settingsFromFiles).toBe(true);
    expect(outlined.settings).toMatchObject({
      unitsIn: 'in',
      boardWidth: 1.969,
      boardLength: 1.575,
      numberLayers: 2,
    });

    // Copies keep what the settings are.
    const copy = await server().call(duplicateProduct, {
      token: token(),
      params: { id },
      body: {},
    });
    expect(copy.status, copy.text).toBe(201);
    const copied = await page(copy.data.data.id);
    expect(copied.settingsFromFiles).toBe(true);
    expect(copied.settings).toEqual(outlined.settings);

    // Once a user saves them, the files change them no more.
    const saved = await server().call(saveBoardSettings, {
      token: token(),
      params: { id },
      body: { ...outlined.settings!, finishing: 'ENIG' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect((await page(id)).settingsFromFiles).toBe(false);
    await server().call(deleteProductFile, {
      token: token(),
      params: { id, fileId: outline.data.boardFile.product_file_id },
    });
    const after = await page(id);
    expect(after.boardAnalysis).toMatchObject({ sizeFrom: 'layers' });
    expect(after.settingsFromFiles).toBe(false);
    expect(after.settings).toMatchObject({ boardWidth: 1.969, finishing: 'ENIG' });
  });

  it('saves nothing while the files give no size and layer count, and drops what they gave', async () => {
    const id = await newProduct('Drills only', [
      { field: 'files[]', name: 'demo-PTH.drl', data: BOARD_FILES['demo-PTH.drl']! },
    ]);
    const drills = await page(id);
    expect(drills.boardAnalysis).toMatchObject({ copperLayers: 0 });
    expect(drills.settings).toBeNull();
    expect(drills.settingsFromFiles).toBe(false);
    expect(await boardIssues(id)).toEqual(expect.arrayContaining(SIZE_ISSUES));

    const copper = await server().call(addProductFiles, {
      token: token(),
      params: { id },
      form: form(
        {},
        WITHOUT_OUTLINE.filter((file) => file.name.endsWith('.gbr')),
      ),
    });
    expect(copper.status, copper.text).toBe(201);
    expect((await page(id)).settings).toMatchObject({ numberLayers: 2 });

    // Every copper file removed: the settings they gave go with them.
    for (const file of copper.data.added) {
      await server().call(deleteProductFile, { token: token(), params: { id, fileId: file.id } });
    }
    const bare = await page(id);
    expect(bare.settings).toBeNull();
    expect(bare.settingsFromFiles).toBe(false);
  });

  const arduino = path.join(FIXTURES_DIR, 'gerber', 'arduino-uno');
  it.skipIf(!fs.existsSync(arduino))(
    'takes the size of a real board (arduino-uno, ../shared/fixtures) from its outline',
    async () => {
      const names = fs.readdirSync(arduino).filter((name) => name !== 'SOURCE.md');
      const archive = zip(
        Object.fromEntries(names.map((name) => [name, fs.readFileSync(path.join(arduino, name))])),
      );
      const id = await newProduct('Uno', [
        { field: 'files[]', name: 'arduino-uno.zip', data: archive },
      ]);
      const uno = await page(id);
      expect(uno.settingsFromFiles).toBe(true);
      // The Uno is 2.7 × 2.1 in.
      expect(uno.settings?.boardWidth).toBeCloseTo(2.7, 1);
      expect(uno.settings?.boardLength).toBeCloseTo(2.1, 1);
      expect(uno.settings?.numberLayers).toBe(2);
      const issues = await boardIssues(id);
      for (const message of SIZE_ISSUES) expect(issues).not.toContain(message);
    },
  );
});
