// Benchmark: the parts search through real HTTP (POST /api/parts/search), for each kind of query
// the search page sends. On PGlite (default) over the generated demo catalogue (22,644 parts);
// with DATABASE_URL on PostgreSQL over a catalogue grown from it to PARTS parts (default
// 1,000,000: the demo parts copied under new part numbers, with their specs, stock and prices).
// Run: npm run parts-search -w bench   or   DATABASE_URL=postgres://… npm run parts-search -w bench
// BENCH_WRITE=1 writes baselines/parts-search-<database>.json and the EXPLAIN of each kind to
// parts-search-explain-<database>.txt (quoted in README.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type PartsSearchInput, searchParts } from '@circuits/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../apps/server/src/modules/auth/actor.ts';
import {
  DEMO_MANUFACTURERS,
  demoCatalogue,
  demoPackages,
} from '../apps/server/src/seed/demo-catalogue.ts';
import { createPeople } from '../apps/server/test/fixtures.ts';
import {
  postgresDatabaseExists,
  renamePostgresDatabase,
  startTestServer,
} from '../apps/server/test/test-server.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 60);
const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const target = kind === 'postgres' ? Number(process.env.PARTS ?? 1_000_000) : 0;

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

const KINDS: { label: string; body: PartsSearchInput }[] = [
  { label: 'part-number keyword', body: { keyword: 'CL05B104KO5NNNC' } },
  // The query shapes an engineer types into the page: every category, with the tab counts.
  { label: 'page: 4k7 0603 1%', body: { keyword: '4k7 0603 1%', facets: true } },
  { label: 'page: 100n 50V X7R 0402', body: { keyword: '100n 50V X7R 0402', facets: true } },
  { label: 'page: LM358', body: { keyword: 'LM358', facets: true } },
  { label: 'page: STM32F103C8T6', body: { keyword: 'STM32F103C8T6', facets: true } },
  { label: 'page: supplier code C1525', body: { keyword: 'C1525', facets: true } },
  { label: 'page: crystal 16MHz', body: { keyword: 'crystal 16MHz', facets: true } },
  { label: 'page: punctuation *', body: { keyword: '*', facets: true } },
  { label: 'two-word description', body: { keyword: 'power inductor' } },
  { label: 'value keyword (4k7 0603)', body: { keyword: '4k7 0603' } },
  {
    label: 'parametric range (80-120 nF, >= 25 V, X7R, 0402)',
    body: {
      categories: [2],
      keyword: '0402',
      specs: [
        { specification_id: 4, mode: 'range', range: { from: '80n', to: '120n' } },
        { specification_id: 5, mode: 'gte', value: '25V' },
        { specification_id: 6, value: 'X7R' },
      ],
    },
  },
  {
    label: 'facet counts (capacitors tab, X7R)',
    body: { categories: [2], specs: [{ specification_id: 6, value: 'X7R' }], facets: true },
  },
  {
    label: 'sort by price (resistors tab)',
    body: { categories: [1], orderBy: { colID: 'price', dir: 'asc' } },
  },
  { label: 'page 20 of a broad search', body: { categories: [2], page: 20, perPage: 15 } },
];

type Server = Awaited<ReturnType<typeof startTestServer>>;

async function partCount(server: Server): Promise<number> {
  const result = (await server.database.db.execute(
    sql`select count(*) as n from parts`,
  )) as unknown as { rows: { n: string }[] };
  return Number(result.rows[0]!.n);
}

/** The demo catalogue, grown to `target` parts on PostgreSQL. */
async function loadCatalogue(server: Server): Promise<void> {
  await server.services.catalogue.loadManufacturers(DEMO_MANUFACTURERS);
  await server.services.catalogue.loadPackages(demoPackages());
  await server.services.catalogue.loadRecords(demoCatalogue());
  const db = server.database.db;
  const base = await partCount(server);
  if (target > base) {
    // Copies of the demo parts under new part numbers, batch by batch.
    const copies = Math.ceil(target / base) - 1;
    for (let copy = 1; copy <= copies; copy += 1) {
      const limit = Math.min(base, target - base * copy);
      const before = Number(
        (
          (await db.execute(sql`select coalesce(max(id), 0) as m from parts`)) as unknown as {
            rows: { m: string }[];
          }
        ).rows[0]!.m,
      );
      await db.execute(sql`
        insert into parts (name, part_number, part_number_key, image, datasheet, description,
          category_id, manufacturer_id, package_id, mount_type, confirmed, source, search_text,
          qty_available, unit_price_minor)
        select p.name, p.part_number || '-B' || ${copy}, p.part_number_key || 'B' || ${copy}, p.image,
          p.datasheet, p.description, p.category_id, p.manufacturer_id, p.package_id, p.mount_type,
          true, 'bench:' || ${copy} || ':' || p.id,
          p.search_text || ' ' || lower(p.part_number) || '-b' || ${copy},
          p.qty_available * ((p.id + ${copy}) % 4), p.unit_price_minor * (0.8 + ((p.id + ${copy}) % 9) * 0.05)
        from parts p where p.source like 'demo:%' order by p.id limit ${limit}`);
      // The copies just inserted have the ids after `before` (one session, one sequence).
      const template = sql`split_part(n.source, ':', 3)::int`;
      const fresh = (table: SQL, alias: SQL) =>
        sql`from parts n join ${table} ${alias} on ${alias}.part_id = ${template} where n.id > ${before}`;
      await db.execute(sql`
        insert into part_specs (part_id, specification_id, option_id, value_text, value_num, value_min, value_max, source)
        select n.id, s.specification_id, s.option_id, s.value_text, s.value_num, s.value_min, s.value_max, 'bench'
        ${fresh(sql`part_specs`, sql`s`)}`);
      await db.execute(sql`
        insert into part_stock (part_id, location_id, lot, qty, reserved)
        select n.id, s.location_id, s.lot, s.qty * ((n.id) % 4), s.reserved * ((n.id) % 4)
        ${fresh(sql`part_stock`, sql`s`)}`);
      await db.execute(sql`
        insert into part_price_breaks (part_id, min_qty, unit_price_minor)
        select n.id, b.min_qty, b.unit_price_minor * (0.8 + (n.id % 9) * 0.05)
        ${fresh(sql`part_price_breaks`, sql`b`)}`);
      if (copy % 5 === 0 || copy === copies) {
        process.stderr.write(`${(base * (copy + 1)).toLocaleString('en')} parts…\n`);
      }
    }
  }
  // As autovacuum leaves a table that has settled: statistics and the visibility map.
  await db.execute(sql`vacuum analyze`);
}

const started = performance.now();
let server: Server;
if (kind === 'postgres') {
  // The catalogue is built once into a kept database (BENCH_CATALOGUE names it) and every run
  // measures a fresh copy of it, migrated to this checkout's schema.
  const catalogue = process.env.BENCH_CATALOGUE ?? `circuits_bench_parts_${target}`;
  // A catalogue once built is not opened again (its schema stays the one it was built with).
  if (!(await postgresDatabaseExists(catalogue))) {
    const builder = await startTestServer(kind, { postgres: { keep: `${catalogue}_building` } });
    try {
      await loadCatalogue(builder);
    } finally {
      await builder.close();
    }
    await renamePostgresDatabase(`${catalogue}_building`, catalogue);
  }
  server = await startTestServer(kind, { postgres: { copyOf: catalogue } });
  await server.database.db.execute(sql`analyze`);
} else {
  server = await startTestServer(kind);
  await loadCatalogue(server);
}
try {
  const db = server.database.db;
  const parts = await partCount(server);
  const loadSeconds = (performance.now() - started) / 1000;
  console.log(
    `${parts.toLocaleString('en')} parts on ${kind}, prepared in ${loadSeconds.toFixed(0)} s`,
  );

  const people = await createPeople(server);
  const token = people.acme.viewer.token;
  const results = [];
  const load = os.loadavg()[0];
  for (const { label, body } of KINDS) {
    const call = () => server.call(searchParts, { token, body });
    let total = 0;
    let totalCapped = false;
    for (let warm = 0; warm < 5; warm += 1) {
      const response = await call();
      if (response.status !== 200)
        throw new Error(`${label} answered ${response.status}: ${response.text}`);
      total = response.data.totalAmount;
      // Absent before the search capped its counts.
      totalCapped = (response.data as { totalCapped?: boolean }).totalCapped ?? false;
    }
    const times: number[] = [];
    // CPU time of this process (the server, its PGlite, and the client) per call: unlike the
    // wall clock, the load other work puts on the machine hardly changes it. On PostgreSQL the
    // database's own CPU is in its server processes, outside this figure.
    const cpuBefore = process.cpuUsage();
    for (let round = 0; round < ROUNDS; round += 1) {
      const start = performance.now();
      await call();
      times.push(performance.now() - start);
    }
    const cpu = process.cpuUsage(cpuBefore);
    times.sort((a, b) => a - b);
    const result = {
      label,
      totalAmount: total,
      totalCapped: totalCapped,
      rounds: ROUNDS,
      p50Ms: Number(percentile(times, 0.5).toFixed(1)),
      p95Ms: Number(percentile(times, 0.95).toFixed(1)),
      cpuMsPerCall: Number(((cpu.user + cpu.system) / 1000 / ROUNDS).toFixed(1)),
    };
    console.log(JSON.stringify(result));
    results.push(result);
  }

  if (process.env.BENCH_WRITE === '1') {
    const viewer: Actor = {
      userId: people.acme.viewer.userId,
      companyId: people.acme.companyId,
      role: 'other',
      companyRole: 'view',
      emailConfirmed: true,
      tokenId: 0,
    };
    const lines: string[] = [];
    const explain = async (title: string, query: SQL) => {
      const run = async () =>
        (await db.execute(sql`explain (analyze, costs off, timing on) ${query}`)) as unknown as {
          rows: { 'QUERY PLAN': string }[];
        };
      // The plan of a query as the timed calls ran it, with its pages cached: a first run reads
      // the pages that the kinds timed after it pushed out of shared buffers.
      await run();
      const result = await run();
      lines.push(`-- ${title}`, ...result.rows.map((row) => row['QUERY PLAN']), '');
    };
    for (const { label, body } of KINDS) {
      const queries = await server.services.parts.searchSql(viewer, {
        page: 1,
        perPage: 30,
        isShowUnconfirmed: false,
        hideZeroQty: false,
        facets: false,
        ...body,
      });
      if (queries.walk) {
        await explain(`${label}: count and page (the first ids in order)`, queries.walk);
      } else {
        await explain(`${label}: count`, queries.count);
        await explain(`${label}: page`, queries.page);
      }
      if (body.facets) await explain(`${label}: brand and package facets`, queries.facet);
    }
    const here = import.meta.dirname;
    fs.writeFileSync(path.join(here, `parts-search-explain-${kind}.txt`), `${lines.join('\n')}\n`);
    fs.writeFileSync(
      path.join(here, 'baselines', `parts-search-${kind}.json`),
      `${JSON.stringify({ parts, database: kind, loadAverage: { before: load, after: os.loadavg()[0] }, results }, null, 2)}\n`,
    );
  }
} finally {
  await server.close();
}
