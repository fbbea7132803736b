// Benchmark: how well the BOMs of the assembly corpus (../shared/fixtures/assembly-corpus,
// SOURCE.md kind "bom": 19 real BOMs of 13 CAD tools) match the demo catalogue. Per BOM: lines
// read, the share linked to a part (a sure match: part number or supplier code), the share with
// proposals to check (value and package), and proposals that are wrong by an independent check
// (the proposed part's package is not the chip size the line's footprint names, or its value is
// not the line's value). The demo catalogue is made up, so shares say more about what the
// matcher reads than about real stock; wrong proposals must be zero whatever the catalogue.
// Run: npm run bom-match -w bench (PGlite; with DATABASE_URL on PostgreSQL).
import fs from 'node:fs';
import path from 'node:path';
import {
  addProduct,
  addProductFiles,
  addProject,
  bomReadRows,
  type ParsedBomRow,
  parseExistedBom,
} from '@circuits/contracts';
import { parseComponentValue, tokenizeValues } from '@circuits/domain';
import {
  DEMO_MANUFACTURERS,
  demoCatalogue,
  demoPackages,
} from '../apps/server/src/seed/demo-catalogue.ts';
import { createPeople } from '../apps/server/test/fixtures.ts';
import { startTestServer } from '../apps/server/test/test-server.ts';
import { FIXTURES_DIR, form } from '../apps/server/test/uploads.ts';

const CORPUS = path.join(FIXTURES_DIR, 'assembly-corpus');
if (!fs.existsSync(path.join(CORPUS, 'SOURCE.md'))) {
  console.log(`bom-match skipped: ${CORPUS} not found (set FIXTURES_DIR)`);
  process.exit(0);
}
const boms = fs
  .readFileSync(path.join(CORPUS, 'SOURCE.md'), 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('| ') && !line.startsWith('| file'))
  .map((line) => line.split('|').map((cell) => cell.trim()))
  .filter((cells) => cells[2] === 'bom')
  .map((cells) => cells[1]!);

const CHIP_SIZES: Record<string, string> = {
  '0201': '0201',
  '0402': '0402',
  '0603': '0603',
  '0805': '0805',
  '1206': '1206',
  '1210': '1210',
  '1005': '0402',
  '1608': '0603',
  '2012': '0805',
  '3216': '1206',
  '3225': '1210',
};

/** The chip size a footprint names by its digits (KiCad gives both: the imperial comes first). */
function chipSizeOf(footprint: string | null): string | null {
  const match =
    /(?:^|[^0-9])(0201|0402|0603|0805|1206|1210|1005|1608|2012|3216|3225)(?![0-9])/.exec(
      footprint ?? '',
    );
  return match ? CHIP_SIZES[match[1]!]! : null;
}

/** Why a proposal is wrong, or null when nothing says so. */
function wrongness(row: ParsedBomRow): string | null {
  const proposal = row.match;
  if (proposal?.basis !== 'value') return null;
  const size = chipSizeOf(row.footprint);
  if (size && proposal.package && proposal.package !== size)
    return `package ${proposal.package}, the footprint ${row.footprint} is ${size}`;
  const line = row.value ? parseComponentValue(row.value) : undefined;
  if (line) {
    const offered = tokenizeValues(proposal.short_specs).filter(
      (token) => token.type === 'value' && token.value.quantity === line.value.quantity,
    );
    const same = offered.some(
      (token) =>
        token.type === 'value' &&
        Math.abs(token.value.value - line.value.value) <= Math.abs(line.value.value) * 1e-9,
    );
    if (offered.length > 0 && !same)
      return `value ${proposal.short_specs}, the line says ${row.value}`;
  }
  return null;
}

const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const server = await startTestServer(kind);
try {
  const loadStarted = Date.now();
  await server.services.catalogue.loadManufacturers(DEMO_MANUFACTURERS);
  await server.services.catalogue.loadPackages(demoPackages());
  await server.services.catalogue.loadRecords(demoCatalogue());
  console.log(
    `demo catalogue loaded in ${Math.round((Date.now() - loadStarted) / 1000)} s (${kind})`,
  );
  const people = await createPeople(server);
  const token = people.acme.editor.token;
  const project = await server.call(addProject, { token, form: form({ title: 'Corpus' }) });
  const projectId = project.data.data.id;
  const results: Record<string, unknown>[] = [];
  for (const file of boms) {
    const name = path.basename(file);
    const created = await server.call(addProduct, {
      token,
      params: { id: projectId },
      form: form({ name: name.slice(0, 60), partNumber: 'CORPUS' }),
    });
    const id = created.data.data.id;
    const added = await server.call(addProductFiles, {
      token,
      params: { id },
      form: form({}, [{ field: 'files', name, data: fs.readFileSync(path.join(CORPUS, file)) }]),
    });
    const fileId = added.data.files[0]!.id;
    const started = Date.now();
    const answer = await server.call(parseExistedBom, {
      token,
      params: { id },
      form: form({ file_id: String(fileId) }),
    });
    const ms = Date.now() - started;
    if (answer.status !== 200) {
      results.push({ bom: file, error: answer.text.slice(0, 200) });
      continue;
    }
    const parsed = answer.data.parsed;
    const rows = [...parsed.rows];
    while (rows.length < parsed.totalRows) {
      const next = await server.call(bomReadRows, {
        token,
        params: { id, readId: parsed.read_id },
        query: { offset: rows.length, limit: 100 },
      });
      rows.push(...next.data.rows);
    }
    const wrong = rows.flatMap((row) => {
      const why = wrongness(row);
      return why ? [`line ${row.line}: ${why}`] : [];
    });
    const share = (n: number) =>
      `${n}/${parsed.totalRows} (${Math.round((100 * n) / Math.max(1, parsed.totalRows))}%)`;
    results.push({
      bom: file,
      lines: parsed.totalRows,
      linked: share(parsed.matchedRows),
      proposed: share(parsed.proposedRows),
      wrongProposals: wrong.length,
      ...(wrong.length > 0 ? { wrong: wrong.slice(0, 5) } : {}),
      readAndMatchMs: ms,
    });
  }
  console.table(
    results.map((result) => ({
      bom: String(result.bom).slice(0, 58),
      lines: result.lines,
      linked: result.linked,
      proposed: result.proposed,
      wrong: result.wrongProposals,
      ms: result.readAndMatchMs,
      error: result.error,
    })),
  );
  const wrong = results.flatMap((result) => (result.wrong as string[] | undefined) ?? []);
  if (wrong.length > 0) console.log(`Wrong proposals:\n${wrong.join('\n')}`);
  console.log(JSON.stringify({ database: kind, results }, null, 2));
} finally {
  await server.close();
}
