import {
  bomFromFile,
  bomReadRows,
  getProduct,
  parseBom,
  placementsFromFile,
} from '@circuits/contracts';
import { deflatedEntry, rawZip, workbookEntries } from '@circuits/readers/test-support';
import { strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bomCsv,
  newProject,
  placementCsv,
  productWithFiles,
} from '../../../test/assembly-files.ts';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';
import { form } from '../../../test/uploads.ts';

// Users' tables are read in the table workers, in linear time, within their limits: hostile
// workbooks are answered at once with the reason, a read that overruns its time or memory is
// answered 422 naming the limit (and the next read works), tables past the line limits are
// refused with 413, and a large BOM answers a bounded preview and is saved from the server.

const table = (name: string, data: string | Uint8Array) =>
  form({}, [{ field: 'table', name, data }]);

/** An XLSX whose first sheet is `sheetXml` (deflated, as Excel writes it). */
const workbook = (sheetXml: string, sharedXml?: string) =>
  rawZip([
    ...workbookEntries(),
    deflatedEntry('xl/worksheets/sheet1.xml', sheetXml),
    ...(sharedXml ? [deflatedEntry('xl/sharedStrings.xml', sharedXml)] : []),
  ]);

describe.each(databaseKinds())('reading users’ tables on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;
  let projectId: number;
  const editor = () => people.acme.editor.token;

  beforeAll(async () => {
    people = await createPeople(server());
    projectId = await newProject(server(), editor());
  }, 120_000);

  async function parse(productId: number, name: string, data: string | Uint8Array) {
    return server().call(parseBom, {
      token: editor(),
      params: { id: productId },
      form: table(name, data),
    });
  }

  it('answers hostile workbooks at once with the reason: unclosed tags, zip bombs', async () => {
    const { id } = await productWithFiles(server(), editor(), projectId, []);
    const started = Date.now();
    // 64,000 `<c ` in a row: once quadratic (8.8 s of a frozen server).
    const unclosed = await parse(
      id,
      'unclosed.xlsx',
      workbook(`<worksheet><sheetData><row r="1">${'<c '.repeat(64_000)}</row></sheetData>`),
    );
    expect(unclosed.status, unclosed.text).toBe(422);
    expect(unclosed.json.error.table).toBe(
      '"unclosed.xlsx" cannot be read as a BOM: The XLSX spreadsheet has no cells with text.',
    );
    // 2,000,000 of them in 6.8 kB: once hours; the sheet expands 1,000 times and is refused.
    const millions = await parse(
      id,
      'millions.xlsx',
      workbook(`<worksheet><sheetData><row r="1">${'<c '.repeat(2_000_000)}</row>`),
    );
    expect(millions.status, millions.text).toBe(422);
    expect(millions.json.error.table).toMatch(
      /could not be opened \(its part xl\/worksheets\/sheet1\.xml expands [\d,]+ times \(from \d+ kB to 5\.7 MB\), and no part may expand more than 200 times\)/,
    );
    // 40 parts that claim 63 MB each beside a real sheet: never inflated, the sheet is read.
    const junk = Array.from({ length: 40 }, (_, i) => ({
      name: `xl/media/image${i}.xml`,
      data: strToU8('not inflated'),
      method: 8 as const,
      declaredSize: 63 * 1024 * 1024,
    }));
    const padded = await parse(
      id,
      'padded.xlsx',
      rawZip([
        ...workbookEntries(),
        deflatedEntry(
          'xl/worksheets/sheet1.xml',
          '<worksheet><sheetData><row r="1"><c t="inlineStr"><is><t>Designator</t></is></c><c t="inlineStr"><is><t>Qty</t></is></c></row><row r="2"><c t="inlineStr"><is><t>R1</t></is></c><c><v>1</v></c></row></sheetData></worksheet>',
        ),
        ...junk,
      ]),
    );
    expect(padded.status, padded.text).toBe(200);
    expect(padded.json.parsed.totalRows).toBe(1);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('refuses a BOM over 20,000 lines and a placement file over 50,000 with 413', async () => {
    const { id, fileIds } = await productWithFiles(server(), editor(), projectId, [
      { name: 'huge-pos.csv', data: placementCsv(50_001) },
    ]);
    const bom = await parse(id, 'huge-bom.csv', bomCsv(20_001));
    expect(bom.status, bom.text).toBe(413);
    expect(bom.json.error.table).toBe(
      '"huge-bom.csv" cannot be read as a BOM: The BOM has more than 20,000 lines (the most one BOM may have). Split it into smaller BOMs.',
    );
    const placed = await server().call(placementsFromFile, {
      token: editor(),
      params: { id },
      body: { file_id: fileIds['huge-pos.csv']!, data: { preview: true } },
    });
    expect(placed.status, placed.text).toBe(413);
    expect(placed.json.error.file_id).toBe(
      '"huge-pos.csv" cannot be read as placements: The file has more than 50,000 placements (the most one file may have). Split it, for example by side.',
    );
  });

  it('previews 20,000 lines in pages, saves them from the server, and says what it cut', async () => {
    const { id } = await productWithFiles(server(), editor(), projectId, []);
    const parsed = await parse(id, 'large-bom.csv', bomCsv(20_000));
    expect(parsed.status, parsed.text).toBe(200);
    const read = parsed.json.parsed;
    expect(read.rows).toHaveLength(50);
    expect(read.totalRows).toBe(20_000);
    expect(parsed.text.length).toBeLessThan(200_000);
    const last = await server().call(bomReadRows, {
      token: editor(),
      params: { id, readId: read.read_id },
      query: { offset: 19_990, limit: 20 },
    });
    expect(last.status, last.text).toBe(200);
    expect(last.data.total).toBe(20_000);
    expect(last.data.rows.map((row) => row.line)).toEqual(
      Array.from({ length: 10 }, (_, i) => 19_992 + i),
    );
    const saved = await server().call(bomFromFile, {
      token: editor(),
      params: { id },
      body: { data: { read_id: read.read_id } },
    });
    expect(saved.status, saved.text).toBe(201);
    // A bounded answer: the first rows as saved and the counts; the product page has them all.
    expect(saved.data.total).toBe(20_000);
    expect(saved.data.data).toHaveLength(50);
    expect(saved.text.length).toBeLessThan(200_000);
    const product = await server().call(getProduct, { token: editor(), params: { id } });
    expect(product.data.bom).toHaveLength(20_000);
    expect(product.data.bom[19_999]).toMatchObject({ line: 20_001, value: '10k' });

    // 20,000 rows sharing one 30 kB string (57 kB zipped): a bounded answer, the text cut.
    const long = 'x'.repeat(30_000);
    const rows = Array.from(
      { length: 20_000 },
      (_, i) =>
        `<row r="${i + 2}"><c t="inlineStr"><is><t>R${i + 1}</t></is></c><c><v>1</v></c><c t="s"><v>0</v></c></row>`,
    );
    const shared = zipSync({
      'xl/workbook.xml': strToU8(
        '<workbook><sheets><sheet name="BOM" r:id="rId1"/></sheets></workbook>',
      ),
      'xl/_rels/workbook.xml.rels': strToU8(
        '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
      'xl/sharedStrings.xml': strToU8(`<sst><si><t>${long}</t></si></sst>`),
      'xl/worksheets/sheet1.xml': strToU8(
        `<worksheet><sheetData><row r="1"><c t="inlineStr"><is><t>Designator</t></is></c><c t="inlineStr"><is><t>Qty</t></is></c><c t="inlineStr"><is><t>Description</t></is></c></row>${rows.join('')}</sheetData></worksheet>`,
      ),
    });
    const sharing = await parse(id, 'shared.xlsx', shared);
    expect(sharing.status, sharing.text).toBe(200);
    expect(sharing.text.length).toBeLessThan(200_000);
    expect(sharing.json.parsed.rows[0].description).toHaveLength(200);
    expect(sharing.json.parsed.warnings).toContainEqual({
      type: 'text-cut',
      line: 2,
      message:
        'The description is longer than 2000 characters on lines 2, 3, 4, 5, 6 and 19995 more; it was cut there.',
    });
  }, 180_000);

  it('keeps a read to its product and company', async () => {
    const { id } = await productWithFiles(server(), editor(), projectId, []);
    const parsed = await parse(id, 'small.csv', bomCsv(3));
    const readId = parsed.json.parsed.read_id as number;
    const otherProject = await newProject(server(), people.globex.editor.token);
    const other = await productWithFiles(server(), people.globex.editor.token, otherProject, []);
    // Another company's editor: neither through its own product nor through ours.
    const viaOwn = await server().call(bomFromFile, {
      token: people.globex.editor.token,
      params: { id: other.id },
      body: { data: { read_id: readId } },
    });
    expect(viaOwn.status).toBe(404);
    const paged = await server().call(bomReadRows, {
      token: people.globex.editor.token,
      params: { id, readId },
    });
    expect(paged.status).toBe(404);
    // A read-only member of the company may page it, not save it.
    const viewerPage = await server().call(bomReadRows, {
      token: people.acme.viewer.token,
      params: { id, readId },
    });
    expect(viewerPage.status).toBe(200);
    const viewerSave = await server().call(bomFromFile, {
      token: people.acme.viewer.token,
      params: { id },
      body: { data: { read_id: readId } },
    });
    expect(viewerSave.status).toBe(403);
    const page = await server().call(getProduct, { token: editor(), params: { id } });
    expect(page.data.bom).toEqual([]);
  });
});

describe('a table read that overruns its limits', () => {
  // 3,000,000 lines of a legitimate-looking BOM (15 MB): seconds of work and hundreds of MB.
  const lines = `Designator,Qty\n${'R1,1\n'.repeat(3_000_000)}`;
  // A worker kept started: the one that overran is replaced at once, ready for the next read.
  const slow = useTestServer('pglite', {
    env: {
      TABLE_READ_TIMEOUT: '1s',
      BOM_MAX_LINES: '1000000',
      TABLE_WORKER_MEMORY_MB: '4096',
      TABLE_WARM_WORKERS: '1',
    },
  });
  const small = useTestServer('pglite', {
    env: { BOM_MAX_LINES: '1000000', TABLE_WORKER_MEMORY_MB: '64', TABLE_WARM_WORKERS: '1' },
  });

  async function overrun(server: typeof slow) {
    const people = await createPeople(server());
    const token = people.acme.editor.token;
    const { id } = await productWithFiles(server(), token, await newProject(server(), token), []);
    const answer = await server().call(parseBom, {
      token,
      params: { id },
      form: table('lines.csv', lines),
    });
    // The replacement starts at once; on a busy machine it is given time to load its code.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const next = await server().call(parseBom, {
      token,
      params: { id },
      form: table('small.csv', bomCsv(2)),
    });
    expect(next.status, next.text).toBe(200);
    return answer;
  }

  it('is stopped at the time limit, answered 422 naming it, and the next read works', async () => {
    const answer = await overrun(slow);
    expect(answer.status, answer.text).toBe(422);
    expect(answer.json.error.table).toBe(
      '"lines.csv" could not be read: reading it took longer than 1 s, the most one table may take here. Check that it is a BOM, placement or parts table; a very large one can be split.',
    );
  }, 120_000);

  it('is stopped at the memory limit, answered 422 naming it, and the next read works', async () => {
    const answer = await overrun(small);
    expect(answer.status, answer.text).toBe(422);
    expect(answer.json.error.table).toBe(
      '"lines.csv" could not be read: reading it needed more than 64 MB of memory, the most one table may use here. Check that it is a BOM, placement or parts table; a very large one can be split.',
    );
  }, 120_000);
});
