import {
  bomFromFile,
  getProduct,
  parseExistedBom,
  productFileFirstRows,
} from '@circuits/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { newProject, productWithFiles } from '../../../test/assembly-files.ts';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';
import { form } from '../../../test/uploads.ts';
import {
  CATEGORY,
  DEMO_MANUFACTURERS,
  demoCatalogue,
  demoPackages,
  SPEC,
} from '../../seed/demo-catalogue.ts';

// BOM lines as real CAD tools write them, matched by value and package: several values in one
// cell (`100nF, 16V`), footprint names of Altium, Eagle and EasyEDA (`CAP0402`, `C0402`,
// `0402_C`) read through the packages' aliases, never a part of another package or value, a
// footprint that names no package said to the user, and the preview counting what the save links.

const CAPACITORS = demoCatalogue().filter(
  (record) =>
    record.category === CATEGORY.capacitors &&
    (record.packageName === '0402' || record.packageName === '1206'),
);

const specText = (record: (typeof CAPACITORS)[number], id: number) =>
  record.specs.find((spec) => spec.specificationId === id)?.text ?? null;

/** A capacitance and voltage that the catalogue has in 0402 and in 1206 too. */
function valueInBothSizes() {
  const key = (record: (typeof CAPACITORS)[number]) =>
    `${specText(record, SPEC.capacitance)} ${specText(record, SPEC.voltage)}`;
  const small = new Set(CAPACITORS.filter((r) => r.packageName === '0402').map(key));
  const both = CAPACITORS.find((r) => r.packageName === '1206' && small.has(key(r)))!;
  return { capacitance: specText(both, SPEC.capacitance)!, voltage: specText(both, SPEC.voltage)! };
}

describe.each(databaseKinds())('BOM lines matched by value and package on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;
  let projectId: number;

  beforeAll(async () => {
    people = await createPeople(server());
    await server().services.catalogue.loadManufacturers(DEMO_MANUFACTURERS);
    await server().services.catalogue.loadPackages(demoPackages());
    await server().services.catalogue.loadRecords(CAPACITORS);
    projectId = await newProject(server(), people.acme.editor.token);
  }, 180_000);

  it('proposes only parts of the package and value the line says, with the reason', async () => {
    const { capacitance, voltage } = valueInBothSizes();
    const bom = [
      'Designator,Quantity,Comment,Footprint',
      `C1,1,"${capacitance}, ${voltage}",CAP0402`,
      `C2,1,"${capacitance}/${voltage}",C0402`,
      `C3,1,"${capacitance} ${voltage}",0402_C`,
      `C4,1,"${capacitance}, ${voltage}",CAP_WEIRD_99`,
      'C5,1,"1F, 2V",CAP0402',
    ].join('\n');
    const token = people.acme.editor.token;
    const { id, fileIds } = await productWithFiles(server(), token, projectId, [
      { name: 'board-bom.csv', data: bom },
    ]);
    const answer = await server().call(parseExistedBom, {
      token,
      params: { id },
      form: form({ file_id: String(fileIds['board-bom.csv']) }),
    });
    expect(answer.status, answer.text).toBe(200);
    const rows = answer.data.parsed.rows;
    for (const row of rows.slice(0, 3)) {
      expect(row.match, row.matchReason ?? '').toMatchObject({ basis: 'value', package: '0402' });
      expect(row.match!.short_specs).toContain(capacitance);
      expect(row.match!.short_specs).toContain(voltage);
      expect(row.linked).toBe(false);
    }
    expect(rows[0]!.matchReason).toMatch(
      /^value .* \+ package 0402 \(footprint "CAP0402" is an alias of 0402\)$/,
    );
    expect(rows[3]).toMatchObject({
      match: null,
      matchReason:
        'no proposal: the footprint "CAP_WEIRD_99" names no package of the catalogue (a staff member can add it as an alias of its package)',
    });
    expect(rows[4]!.match).toBeNull();
    expect(rows[4]!.matchReason).toMatch(
      /^no proposal: no part of the catalogue has the value 1F 2V \+ package 0402/,
    );
    expect(answer.data.parsed).toMatchObject({ matchedRows: 0, proposedRows: 3 });

    // The save links what the preview said it would (nothing: value matches are proposals) and
    // keeps the same proposals, with their reasons.
    const saved = await server().call(bomFromFile, {
      token,
      params: { id },
      body: { data: { read_id: answer.data.parsed.read_id }, file_id: fileIds['board-bom.csv'] },
    });
    expect(saved.status, saved.text).toBe(201);
    expect(saved.data.matched).toBe(answer.data.parsed.matchedRows);
    const product = (await server().call(getProduct, { token, params: { id } })).data;
    expect(product.bom.map((row) => row.match.status)).toEqual([
      'suggested',
      'suggested',
      'suggested',
      'none',
      'none',
    ]);
    expect(product.bom[0]!.suggestions.every((s) => s.package === '0402')).toBe(true);
    expect(product.bom[0]!.match.reason).toBe(rows[0]!.matchReason);
  });

  it('shows the first rows of a file that cannot be read, to its company only', async () => {
    const token = people.acme.editor.token;
    const text = 'Board parts\nFirst;Second;Third\nR1;1;RC0402\n';
    const { id, fileIds } = await productWithFiles(server(), token, projectId, [
      { name: 'parts.csv', data: text },
    ]);
    const failed = await server().call(parseExistedBom, {
      token,
      params: { id },
      form: form({ file_id: String(fileIds['parts.csv']) }),
    });
    expect(failed.status).toBe(422);
    const rows = await server().call(productFileFirstRows, {
      token,
      params: { id, fileId: fileIds['parts.csv']! },
      query: {},
    });
    expect(rows.status, rows.text).toBe(200);
    expect(rows.data.data).toMatchObject({
      fileName: 'parts.csv',
      source: { kind: 'text', delimiter: ';', encoding: 'utf-8' },
      rows: [
        { line: 1, cells: ['Board parts'] },
        { line: 2, cells: ['First', 'Second', 'Third'] },
        { line: 3, cells: ['R1', '1', 'RC0402'] },
      ],
    });
    const read = await server().call(parseExistedBom, {
      token,
      params: { id },
      form: form({
        file_id: String(fileIds['parts.csv']),
        headerLine: '2',
        mapping: JSON.stringify({ designator: 0, quantity: 1, partNumber: 2 }),
      }),
    });
    expect(read.status, read.text).toBe(200);
    expect(read.data.parsed.rows[0]).toMatchObject({ partNumber: 'RC0402', quantity: 1 });
    const stranger = await server().call(productFileFirstRows, {
      token: people.globex.editor.token,
      params: { id, fileId: fileIds['parts.csv']! },
      query: {},
    });
    expect(stranger.status).toBe(404);
  });

  it('keeps the second sources a BOM names beside the part (Mfg_1, PN_1) as substitutions', async () => {
    const token = people.acme.editor.token;
    const bom =
      'Reference,Quantity,Value,PN,Mfg,Mfg_1,PN_1\n"U1 ",1,"LDO","NCP115CMX250TCG","ON Semiconductor","Diodes","AP2112K-2.5TRG1"\n';
    const { id, fileIds } = await productWithFiles(server(), token, projectId, [
      { name: 'kicad-bom.csv', data: bom },
    ]);
    const read = await server().call(parseExistedBom, {
      token,
      params: { id },
      form: form({ file_id: String(fileIds['kicad-bom.csv']) }),
    });
    expect(read.status, read.text).toBe(200);
    expect(read.data.parsed.columns.map((column) => column.field)).toEqual([
      'designator',
      'quantity',
      'value',
      'partNumber',
      'manufacturer',
      'substituteManufacturer',
      'substitutePartNumber',
    ]);
    const saved = await server().call(bomFromFile, {
      token,
      params: { id },
      body: { data: { read_id: read.data.parsed.read_id }, file_id: fileIds['kicad-bom.csv'] },
    });
    expect(saved.status, saved.text).toBe(201);
    const product = (await server().call(getProduct, { token, params: { id } })).data;
    expect(product.bom[0]).toMatchObject({
      part_number: 'NCP115CMX250TCG',
      manufacturer: 'ON Semiconductor',
      substitutions_rows: [
        {
          part_id: null,
          part_number: 'AP2112K-2.5TRG1',
          manufacturer: 'Diodes',
          note: 'second source in the BOM file',
        },
      ],
    });
  });
});
