import fs from 'node:fs';
import path from 'node:path';
import { getPart, type PartsSearchInput, searchParts } from '@circuits/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';
import type { CatalogueRecord } from './catalogue-record.ts';
import { guessFormat, readCatalogueFile } from './import-readers.ts';

// Suppliers' order codes: a part has any number (LCSC C…, Digi-Key …-ND, Mouser), found by the
// keyword as typed or without case and dashes, shown with the supplier. Two LCSC codes of one
// part number are one part with two codes. Real files: atopile's LCSC table and the InvenTree
// demo export (../shared/fixtures, never copied into the project).

const FIXTURES =
  process.env.FIXTURES_DIR ??
  path.resolve(import.meta.dirname, '../../../../../../shared/fixtures');
const LCSC_TABLE = path.join(FIXTURES, 'assembly-corpus', 'atopile__atopile', 'jlc_parts.csv');
const INVENTREE = path.join(
  FIXTURES,
  'assembly-corpus',
  'inventree__demo-dataset',
  'inventree_data.json',
);
const present = fs.existsSync(LCSC_TABLE) && fs.existsSync(INVENTREE);
if (!present) console.log(`supplier code tests skipped: fixtures under ${FIXTURES} absent`);

async function recordsOf(file: string): Promise<CatalogueRecord[]> {
  const records: CatalogueRecord[] = [];
  const format = (await guessFormat(file))!;
  for await (const result of readCatalogueFile(file, format, { specIdsByName: new Map() })) {
    if ('record' in result) records.push(result.record);
  }
  return records;
}

describe.runIf(present).each(databaseKinds())('supplier codes of parts on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;
  let lcsc: CatalogueRecord[];

  beforeAll(async () => {
    people = await createPeople(server());
    lcsc = await recordsOf(LCSC_TABLE);
    const first = await server().services.catalogue.loadRecords(lcsc);
    expect(first).toMatchObject({ added: lcsc.length - 2, merged: 2, refused: [] });
    const inventree = await server().services.catalogue.loadRecords(await recordsOf(INVENTREE));
    expect(inventree.refused).toEqual([]);
  }, 240_000);

  const search = async (body: PartsSearchInput) => {
    const response = await server().call(searchParts, { token: people.acme.viewer.token, body });
    expect(response.status).toBe(200);
    return response.data;
  };

  it('finds a part by its LCSC code, typed in any case, and shows the code with its supplier', async () => {
    for (const keyword of ['C1525', 'c1525']) {
      const found = await search({ keyword });
      expect(found.totalAmount, keyword).toBe(1);
      expect(found.data[0]).toMatchObject({
        part_number: 'CL05B104KO5NNNC',
        supplier_codes: [{ supplier: 'LCSC', sku: 'C1525' }],
      });
    }
  });

  it('makes two LCSC codes of one part number one part with both codes', async () => {
    const codes = lcsc
      .filter((record) => record.partNumber === '0603WAF1804T5E')
      .map((record) => record.skus![0]!.sku)
      .sort();
    expect(codes).toHaveLength(2);
    for (const code of codes) {
      const found = await search({ keyword: code });
      expect(found.totalAmount, code).toBe(1);
      expect(found.data[0]!.part_number).toBe('0603WAF1804T5E');
      expect(found.data[0]!.supplier_codes).toEqual(
        codes.map((sku) => ({ supplier: 'LCSC', sku })),
      );
    }
    const byNumber = await search({ keyword: '0603WAF1804T5E' });
    expect(byNumber.totalAmount).toBe(1);
  });

  it('finds a part by a Digi-Key code with or without dashes, and the part page lists its codes', async () => {
    for (const keyword of ['RR05P100KDTR-ND', 'rr05p100kdtrnd']) {
      const found = await search({ keyword });
      expect(found.totalAmount, keyword).toBe(1);
      expect(found.data[0]!.part_number).toBe('RR0510P-104-D');
    }
    const [row] = (await search({ keyword: 'RR05P100KDTR-ND' })).data;
    const part = await server().call(getPart, {
      token: people.acme.viewer.token,
      params: { id: row!.id },
    });
    expect(part.status).toBe(200);
    expect(part.data.part.supplier_codes).toEqual([
      { supplier: 'Digi-Key', sku: 'RR05P100KDTR-ND' },
    ]);
  });

  it('keeps one copy of each code when the same file is loaded again', async () => {
    const again = await server().services.catalogue.loadRecords(lcsc);
    expect(again).toMatchObject({ added: 0, updated: lcsc.length - 2, merged: 2, refused: [] });
    const found = await search({ keyword: 'C1525' });
    expect(found.data[0]!.supplier_codes).toEqual([{ supplier: 'LCSC', sku: 'C1525' }]);
  });
});
