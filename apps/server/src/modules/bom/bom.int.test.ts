import fs from 'node:fs';
import path from 'node:path';
import {
  addBomRow,
  addPlacement,
  addProduct,
  addProject,
  bomFromFile,
  bomPrices,
  deleteBomRow,
  deleteBomRows,
  deletePart,
  deletePlacement,
  deletePlacements,
  duplicateProduct,
  getProduct,
  parseBom,
  parseExistedBom,
  placementsFromFile,
  saveBomRow,
  saveBomRows,
  saveBomSuggestResults,
  sendProductReport,
  updatePlacement,
  updatePlacements,
} from '@circuits/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { productWithFiles } from '../../../test/assembly-files.ts';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';
import { FIXTURES_DIR, form } from '../../../test/uploads.ts';
import {
  CATEGORY,
  DEMO_MANUFACTURERS,
  demoCatalogue,
  demoPackages,
} from '../../seed/demo-catalogue.ts';

const ASSEMBLY = path.join(FIXTURES_DIR, 'assembly/limesdr-qpcie');
const BOM_XLS = 'LimeSDR-QPCIe_1v2_BOMr1.xls';
const PICK_PLACE = 'Pick Place for LimeSDR-QPCIe_1v2.txt';
const haveFixtures = fs.existsSync(path.join(ASSEMBLY, BOM_XLS));

// 0402 resistors and capacitors of the demo catalogue: enough to match values and part numbers.
const RECORDS = demoCatalogue().filter(
  (record) =>
    (record.category === CATEGORY.resistors || record.category === CATEGORY.capacitors) &&
    record.packageName === '0402',
);

const SMALL_BOM =
  'Designator,Qty,Value,Footprint,MPN,Manufacturer\nR1-R3,3,10k,R_0402_1005Metric,,\nC1 C2,3,100n,C_0402_1005Metric,,\nU1,1,MCU,QFN-32,NOPE-123,Nobody\n';
const SMALL_POS =
  'Ref,Val,Package,PosX,PosY,Rot,Side\nR1,10k,0402,1.0,2.0,90,top\nR2,10k,0402,3.0,4.0,-90,top\nr3,10k,0402,5.0,6.0,0,bottom\nU1,MCU,QFN-32,10,10,0,top\nJ9,CONN,HDR,20,20,0,top\n';

describe.each(databaseKinds())('BOM and placement API on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;
  let projectId: number;

  beforeAll(async () => {
    people = await createPeople(server());
    await server().services.catalogue.loadManufacturers(DEMO_MANUFACTURERS);
    await server().services.catalogue.loadPackages(demoPackages());
    await server().services.catalogue.loadRecords(RECORDS);
    const project = await server().call(addProject, {
      token: people.acme.editor.token,
      form: form({ title: 'Assemblies' }),
    });
    projectId = project.data.data.id;
  }, 180_000);

  const editor = () => people.acme.editor.token;

  const newProduct = (name: string, files: { name: string; data: string | Uint8Array }[] = []) =>
    productWithFiles(server(), editor(), projectId, files, name);

  const page = async (id: number, token = editor()) =>
    (await server().call(getProduct, { token, params: { id } })).data;

  const issues = async (id: number) =>
    (
      await server().call(sendProductReport, {
        token: editor(),
        params: { id },
        query: { email: people.acme.editor.email },
      })
    ).data.issues;

  describe('a small BOM and its placements', () => {
    let id: number;
    let fileIds: Record<string, number>;

    beforeAll(async () => {
      ({ id, fileIds } = await newProduct('Small board', [
        { name: 'small-bom.csv', data: SMALL_BOM },
        { name: 'small-pos.csv', data: SMALL_POS },
      ]));
    });

    it('parses an uploaded BOM without saving, with designators expanded and a match proposed', async () => {
      const answer = await server().call(parseExistedBom, {
        token: editor(),
        params: { id },
        form: form({ file_id: String(fileIds['small-bom.csv']) }),
      });
      expect(answer.status, answer.text).toBe(200);
      const { parsed } = answer.data;
      expect(parsed.rows.map((row) => row.refDesign.map((r) => r.refDesign))).toEqual([
        ['R1', 'R2', 'R3'],
        ['C1', 'C2'],
        ['U1'],
      ]);
      expect(parsed.rows[1]!.quantityMismatch).toBe(true);
      // "10k" on an 0402 resistor footprint proposes 10 kΩ 0402 resistors.
      expect(parsed.rows[0]!.match).toMatchObject({ basis: 'value', package: '0402' });
      expect(parsed.rows[0]!.match!.short_specs).toMatch(/10k|10 k/i);
      expect(parsed.rows[2]!.match).toBeNull();
      expect((await page(id)).bom).toEqual([]);
    });

    it('saves the rows as mapped, replaces them on a second import, and reports the quantity mismatch', async () => {
      const { parsed } = (
        await server().call(parseExistedBom, {
          token: editor(),
          params: { id },
          form: form({ file_id: String(fileIds['small-bom.csv']) }),
        })
      ).data;
      const data = parsed.rows.map(({ match: _m, quantityMismatch: _q, ...row }) => row);
      for (let round = 0; round < 2; round += 1) {
        const saved = await server().call(bomFromFile, {
          token: editor(),
          params: { id },
          body: { data, file_id: fileIds['small-bom.csv'] },
        });
        expect(saved.status, saved.text).toBe(201);
        expect(saved.data.data).toHaveLength(3);
        expect(saved.data.warnings.map((w) => w.type)).toContain('quantity-mismatch');
      }
      const { bom, files } = await page(id);
      expect(bom.map((row) => row.refDesign.length)).toEqual([3, 2, 1]);
      expect(bom[0]).toMatchObject({
        part_id: null,
        confirmed: false,
        match: { status: 'suggested', basis: 'value' },
      });
      expect(bom[0]!.suggestions.length).toBeGreaterThan(0);
      expect(files.find((file) => file.id === fileIds['small-bom.csv'])!.type_id).toBe(4);
    });

    it('reads the placements with units and side, previews without saving, then saves them linked to the BOM', async () => {
      const preview = await server().call(placementsFromFile, {
        token: editor(),
        params: { id },
        body: { file_id: fileIds['small-pos.csv']!, data: { preview: true } },
      });
      expect(preview.status, preview.text).toBe(200);
      expect(preview.data.saved).toBe(false);
      expect(preview.data.parsed.counts).toEqual({ top: 4, bottom: 1 });
      expect(preview.data.parsed.placements[1]!.angle).toBe(270);
      expect((await page(id)).placements).toEqual([]);

      const saved = await server().call(placementsFromFile, {
        token: editor(),
        params: { id },
        body: { file_id: fileIds['small-pos.csv']!, data: {} },
      });
      expect(saved.status, saved.text).toBe(200);
      const { placements, bom } = await page(id);
      expect(placements.map((p) => p.refDesign)).toEqual(['R1', 'R2', 'r3', 'U1', 'J9']);
      expect(placements[0]).toMatchObject({
        x: 1,
        y: 2,
        angle: 90,
        side: 'top',
        bom_id: bom[0]!.id,
      });
      expect(placements[0]!.package).toMatchObject({ pkgName: '0402' });
      expect(placements[4]!.bom_id).toBeNull();
    });

    it('names the cross-check problems in the issue checker', async () => {
      const found = await issues(id);
      const bomIssues = found.filter((issue) => issue.tab === 'BOM').map((issue) => issue.text);
      const placementIssues = found
        .filter((issue) => issue.tab === 'Placement')
        .map((issue) => issue.text);
      expect(bomIssues).toContain('3 parts are not confirmed');
      expect(bomIssues).toContain('BOM references without placement: C1, C2');
      expect(bomIssues).toContain(
        'BOM quantity differs from its designators: C1, C2 (quantity 3, 2 designators)',
      );
      expect(bomIssues).toContain(
        'References differing only in case: R3 (BOM) and r3 (placements)',
      );
      expect(placementIssues).toContain('5 placements are not confirmed');
      expect(placementIssues).toContain('Placements without BOM: J9');
      expect(bomIssues).not.toContain('No BOM information');
    });

    it('edits, confirms, links and deletes BOM rows', async () => {
      const { bom } = await page(id);
      const one = await server().call(saveBomRow, {
        token: editor(),
        params: { id, bomId: bom[2]!.id },
        body: { confirmed: true, substitutions_rows: [{ part_number: 'ALT-1' }] },
      });
      expect(one.status, one.text).toBe(200);
      expect(one.data.data).toMatchObject({
        confirmed: true,
        confirmed_by: people.acme.editor.userId,
      });
      const suggestion = bom[0]!.suggestions[0]!;
      const many = await server().call(saveBomRows, {
        token: editor(),
        params: { id },
        body: {
          boms: [
            { id: bom[0]!.id, part_id: suggestion.part_id },
            { id: bom[1]!.id, custWillSupply: true },
          ],
        },
      });
      expect(many.status, many.text).toBe(200);
      expect(many.data.data[0]).toMatchObject({
        part_id: suggestion.part_id,
        confirmed: true,
        match: { status: 'matched', basis: 'user' },
      });
      expect(many.data.data[0]!.part_info).toMatchObject({
        id: suggestion.part_id,
        package: '0402',
      });
      expect(many.data.data[1]).toMatchObject({ custWillSupply: true, confirmed: true });
      expect((await issues(id)).filter((i) => i.tab === 'BOM').map((i) => i.text)).not.toContain(
        '3 parts are not confirmed',
      );

      const hidden = await server().call(saveBomSuggestResults, {
        token: editor(),
        params: { id },
        body: { results: [{ bom_id: bom[2]!.id, part_ids: [suggestion.part_id] }] },
      });
      expect(hidden.status, hidden.text).toBe(200);
      expect(hidden.data.data[0]!.suggestions.map((s) => s.part_id)).toEqual([suggestion.part_id]);

      const prices = await server().call(bomPrices, {
        token: editor(),
        params: { id },
        query: { word: '10K 0402' },
      });
      expect(prices.status, prices.text).toBe(200);
      expect(prices.data.data.length).toBeGreaterThan(0);

      const added = await server().call(addBomRow, {
        token: editor(),
        params: { id },
        body: { refDesign: 'J9', partNumber: 'HDR-1' },
      });
      expect(added.status, added.text).toBe(201);
      expect((await page(id)).placements.find((p) => p.refDesign === 'J9')!.bom_id).toBe(
        added.data.data.id,
      );

      const removed = await server().call(deleteBomRow, {
        token: editor(),
        params: { id, bomId: added.data.data.id },
      });
      expect(removed.status, removed.text).toBe(200);
      expect(removed.data.ids).toEqual([added.data.data.id]);
      expect((await page(id)).placements.find((p) => p.refDesign === 'J9')!.bom_id).toBeNull();
    });

    it('edits, shifts and deletes placements', async () => {
      const { placements } = await page(id);
      const one = await server().call(updatePlacement, {
        token: editor(),
        params: { id, placeId: placements[0]!.id },
        body: { angle: -90, confirmed: true },
      });
      expect(one.status, one.text).toBe(200);
      expect(one.data.data).toMatchObject({ angle: 270, confirmed: true });
      const many = await server().call(updatePlacements, {
        token: editor(),
        params: { id },
        body: { placements: [{ id: placements[1]!.id, dnp: true }], offset: { x: 1.5, y: -2 } },
      });
      expect(many.status, many.text).toBe(200);
      expect(many.data.offset).toEqual({ x: 1.5, y: -2 });
      expect((await page(id)).placementOffset).toEqual({ x: 1.5, y: -2 });
      const added = await server().call(addPlacement, {
        token: editor(),
        params: { id },
        body: { refDesign: 'TP1', x: 1, y: 1 },
      });
      expect(added.status, added.text).toBe(201);
      expect(added.data.data).toMatchObject({
        side: 'top',
        angle: 0,
        confirmed: false,
        dnp: false,
      });
      const gone = await server().call(deletePlacement, {
        token: editor(),
        params: { id, placeId: added.data.data.id },
      });
      expect(gone.data.ids).toEqual([added.data.data.id]);
    });

    it('copies BOM, placements and offset with the product', async () => {
      const copy = await server().call(duplicateProduct, {
        token: editor(),
        params: { id },
        body: {},
      });
      expect(copy.status, copy.text).toBe(201);
      const [original, copied] = [await page(id), await page(copy.data.data.id)];
      expect(copied.bom.map((row) => row.refDesign)).toEqual(
        original.bom.map((row) => row.refDesign),
      );
      expect(copied.placements.map((p) => [p.refDesign, p.x, p.y])).toEqual(
        original.placements.map((p) => [p.refDesign, p.x, p.y]),
      );
      expect(copied.placementOffset).toEqual(original.placementOffset);
      const copiedIds = new Set(copied.bom.map((row) => row.id));
      for (const placement of copied.placements) {
        if (placement.bom_id !== null) expect(copiedIds.has(placement.bom_id)).toBe(true);
      }
      const copiedFiles = new Set(copied.files.map((file) => file.id));
      for (const row of copied.bom) expect(copiedFiles.has(row.product_file_id!)).toBe(true);
    });

    it('refuses bad input with a clear 422 and leaves the BOM whole', async () => {
      const before = (await page(id)).bom;
      const unreadable = await server().call(parseBom, {
        token: editor(),
        params: { id },
        form: form({}, [
          { field: 'table', name: 'noise.bin', data: new Uint8Array([0, 1, 2, 255, 254, 0, 7]) },
        ]),
      });
      expect(unreadable.status, unreadable.text).toBe(422);
      expect(unreadable.json.error.table).toMatch(/^"noise.bin" cannot be read as a BOM: /);

      const badPart = await server().call(bomFromFile, {
        token: editor(),
        params: { id },
        body: { data: [{ refDesign: 'R1' }, { refDesign: 'R2', part_id: 999999 }] },
      });
      expect(badPart.status).toBe(422);
      expect(badPart.json.error).toEqual({
        'data.1.part_id': 'Part 999999 is not in the catalogue',
      });
      const noRefs = await server().call(bomFromFile, {
        token: editor(),
        params: { id },
        body: { data: [{ refDesign: 'R1' }, { refDesign: '???' }] },
      });
      expect(noRefs.status).toBe(422);
      expect((await page(id)).bom).toEqual(before);

      const empty = await server().call(bomFromFile, {
        token: editor(),
        params: { id },
        body: { data: [] },
      });
      expect(empty.status).toBe(422);
      expect(empty.json.error).toEqual({ data: 'data must hold at least one row' });

      const control = await server().call(addBomRow, {
        token: editor(),
        params: { id },
        body: { refDesign: 'R9', partNumber: 'AB\u0007C' },
      });
      expect(control.status).toBe(422);

      // Ranges make many designators of few characters: 18 kB of them would be 20 million.
      const rangeBomb = await server().call(addBomRow, {
        token: editor(),
        params: { id },
        body: { refDesign: Array.from({ length: 2000 }, () => 'R1-R9999').join(',') },
      });
      expect(rangeBomb.status).toBe(422);
      expect(rangeBomb.json.error).toEqual({
        refDesign: 'A line lists more than 10,000 designators: split it',
      });
      const letters = 'ABCDEFGHIJKLMNOPQRSTU';
      const tooManyLines = await server().call(bomFromFile, {
        token: editor(),
        params: { id },
        body: { data: [...letters].map((prefix) => ({ refDesign: `${prefix}1-${prefix}9999` })) },
      });
      expect(tooManyLines.status).toBe(422);
      expect(tooManyLines.json.error).toEqual({
        'data.20.refDesign':
          'The lines list more than 200,000 designators together (the most one BOM may list)',
      });
      expect((await page(id)).bom).toEqual(before);

      const notPlacements = await server().call(placementsFromFile, {
        token: editor(),
        params: { id },
        body: { file_id: fileIds['small-bom.csv']!, data: {} },
      });
      expect(notPlacements.status, notPlacements.text).toBe(422);
      expect(notPlacements.json.error.file_id).toMatch(
        /^"small-bom.csv" cannot be read as placements: /,
      );

      const missing = await server().call(deleteBomRows, {
        token: editor(),
        params: { id },
        body: { ids: [999999] },
      });
      expect(missing.status).toBe(404);
      const badSide = await server().call(addPlacement, {
        token: editor(),
        params: { id },
        body: { refDesign: 'R1', x: 1, y: 1, side: 'left' as 'top' },
      });
      expect(badSide.status).toBe(422);
      expect(badSide.json.error).toEqual({ side: 'side must be top or bottom' });
    });

    it('lets a read-only member read but not change, and hides everything from another company', async () => {
      const viewer = people.acme.viewer.token;
      const outsider = people.globex.editor.token;
      const { bom, placements } = await page(id);
      expect((await page(id, viewer)).bom).toHaveLength(bom.length);
      const writes = [
        () =>
          server().call(addBomRow, { token: viewer, params: { id }, body: { refDesign: 'R7' } }),
        () =>
          server().call(saveBomRow, {
            token: viewer,
            params: { id, bomId: bom[0]!.id },
            body: { confirmed: true },
          }),
        () =>
          server().call(deleteBomRows, {
            token: viewer,
            params: { id },
            body: { ids: [bom[0]!.id] },
          }),
        () =>
          server().call(bomFromFile, {
            token: viewer,
            params: { id },
            body: { data: [{ refDesign: 'R1' }] },
          }),
        () =>
          server().call(updatePlacements, {
            token: viewer,
            params: { id },
            body: { placements: [{ id: placements[0]!.id, x: 0 }] },
          }),
        () =>
          server().call(deletePlacements, {
            token: viewer,
            params: { id },
            body: { ids: [placements[0]!.id] },
          }),
        () =>
          server().call(placementsFromFile, {
            token: viewer,
            params: { id },
            body: { file_id: fileIds['small-pos.csv']!, data: {} },
          }),
      ];
      for (const write of writes) expect((await write()).status).toBe(403);
      for (const token of [outsider]) {
        const calls = [
          () => server().call(getProduct, { token, params: { id } }),
          () =>
            server().call(parseExistedBom, {
              token,
              params: { id },
              form: form({ file_id: String(fileIds['small-bom.csv']) }),
            }),
          () => server().call(bomPrices, { token, params: { id }, query: { word: '10k' } }),
          () =>
            server().call(saveBomRow, {
              token,
              params: { id, bomId: bom[0]!.id },
              body: { confirmed: true },
            }),
          () =>
            server().call(deletePlacement, { token, params: { id, placeId: placements[0]!.id } }),
          () =>
            server().call(placementsFromFile, {
              token,
              params: { id },
              body: { file_id: fileIds['small-pos.csv']!, data: { preview: true } },
            }),
        ];
        for (const call of calls) expect((await call()).status).toBe(404);
      }
      // A row of this product cannot be reached through a product of another company either.
      const theirs = await newProductOf(people.globex.editor.token);
      const cross = await server().call(saveBomRow, {
        token: outsider,
        params: { id: theirs, bomId: bom[0]!.id },
        body: { confirmed: true },
      });
      expect(cross.status).toBe(404);
      expect((await page(id)).bom).toEqual(bom);
    });
  });

  describe('answers of whole BOMs and placement files', () => {
    it('hold exactly the fields the contract names, no more', async () => {
      const { id, fileIds } = await newProduct('Contract board', [
        { name: 'bom.csv', data: SMALL_BOM },
        { name: 'pos.csv', data: SMALL_POS },
      ]);
      const parsed = await server().call(parseExistedBom, {
        token: editor(),
        params: { id },
        form: form({ file_id: String(fileIds['bom.csv']) }),
      });
      expect(parsed.json).toEqual(parseExistedBom.response.parse(parsed.json));
      const data = parsed.data.parsed.rows.map(
        ({ match: _m, quantityMismatch: _q, ...row }) => row,
      );
      const saved = await server().call(bomFromFile, {
        token: editor(),
        params: { id },
        body: { data, file_id: fileIds['bom.csv'] },
      });
      expect(saved.status, saved.text).toBe(201);
      expect(saved.json).toEqual(bomFromFile.response.parse(saved.json));
      expect(saved.data.data.some((row) => row.suggestions.length > 0)).toBe(true);
      const placed = await server().call(placementsFromFile, {
        token: editor(),
        params: { id },
        body: { file_id: fileIds['pos.csv']!, data: {} },
      });
      expect(placed.json).toEqual(placementsFromFile.response.parse(placed.json));
      expect(placed.data.data.some((row) => row.package !== null)).toBe(true);
    });

    it('save the part a line was matched to moments before only while the catalogue still has it', async () => {
      const record = RECORDS.at(-1)!;
      const bom = `Designator,Qty,MPN,Manufacturer\nR5,1,${record.partNumber},${record.manufacturer}\n`;
      const { id, fileIds } = await newProduct('Vanishing part', [{ name: 'bom.csv', data: bom }]);
      const read = async () =>
        (
          await server().call(parseExistedBom, {
            token: editor(),
            params: { id },
            form: form({ file_id: String(fileIds['bom.csv']) }),
          })
        ).data.parsed;
      const parsed = await read();
      const partId = parsed.rows[0]!.match!.part_id;
      expect(parsed.rows[0]!.match).toMatchObject({ basis: 'partNumber' });
      const deleted = await server().call(deletePart, {
        token: people.admin.token,
        params: { id: partId },
      });
      expect(deleted.status, deleted.text).toBe(200);
      const data = parsed.rows.map(({ match: _m, quantityMismatch: _q, ...row }) => row);
      const saved = await server().call(bomFromFile, {
        token: editor(),
        params: { id },
        body: { data, file_id: fileIds['bom.csv'] },
      });
      expect(saved.status, saved.text).toBe(201);
      expect(saved.data.data[0]).toMatchObject({ part_id: null, match: { status: 'none' } });
      expect((await read()).rows[0]!.match).toBeNull();
    });
  });

  async function newProductOf(token: string) {
    const project = await server().call(addProject, { token, form: form({ title: 'Theirs' }) });
    const product = await server().call(addProduct, {
      token,
      params: { id: project.data.data.id },
      form: form({ name: 'Theirs' }),
    });
    return product.data.data.id;
  }

  describe.skipIf(!haveFixtures)('the limesdr-qpcie board', () => {
    it('imports its Altium XLS BOM and pick-and-place text and names what does not match', async () => {
      const { id, fileIds } = await newProduct('LimeSDR-QPCIe', [
        { name: BOM_XLS, data: fs.readFileSync(path.join(ASSEMBLY, BOM_XLS)) },
        { name: PICK_PLACE, data: fs.readFileSync(path.join(ASSEMBLY, PICK_PLACE)) },
      ]);
      const parsed = await server().call(parseExistedBom, {
        token: editor(),
        params: { id },
        form: form({ file_id: String(fileIds[BOM_XLS]) }),
      });
      expect(parsed.status, parsed.text).toBe(200);
      expect(parsed.data.parsed.source).toMatchObject({ kind: 'spreadsheet', format: 'xls' });
      // The preview holds the first rows; the read, kept on the server, is saved whole.
      const { read_id, totalRows, rows: preview } = parsed.data.parsed;
      expect(preview).toHaveLength(50);
      expect(totalRows).toBeGreaterThan(50);
      const saved = await server().call(bomFromFile, {
        token: editor(),
        params: { id },
        body: { data: { read_id }, file_id: fileIds[BOM_XLS] },
      });
      expect(saved.status, saved.text).toBe(201);
      const placed = await server().call(placementsFromFile, {
        token: editor(),
        params: { id },
        body: { file_id: fileIds[PICK_PLACE]!, data: {} },
      });
      expect(placed.status, placed.text).toBe(200);
      expect(placed.data.parsed.counts).toEqual({ top: 759, bottom: 1253 });
      expect(placed.data.parsed.units.unit).toBe('mm');
      const { bom, placements } = await page(id);
      expect(bom.length).toBe(totalRows);
      expect(placements).toHaveLength(2012);
      expect(placements.every((p) => p.bom_id !== null)).toBe(true);
      const found = await issues(id);
      expect(found.filter((i) => i.tab === 'BOM').map((i) => i.text)).toContain(
        'BOM references without placement: BATT2, MECH22, MECH23, MECH24, MECH25, MECH28, MECH29, MECH30, MECH31, MECH32 and 3 more',
      );
      expect(found.filter((i) => i.tab === 'Placement').map((i) => i.text)).not.toContain(
        'No placement information',
      );
    }, 120_000);
  });
});
