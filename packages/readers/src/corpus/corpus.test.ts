// Column recognition and format detection on the heads of real exports from public repositories
// (corpus.ts says which). Each entry is scored field by field; the suite prints the score and
// fails on any miss, so a change that breaks a real-world layout is seen at once.

import { report } from '@circuits/gerber/test-support';
import { describe, expect, it } from 'vitest';
import { readBom } from '../bom/read-bom.ts';
import { readPlacements } from '../placement/read-placements.ts';
import { encodeUtf8 } from '../text/decode.ts';
import { BOM_CORPUS, PLACEMENT_CORPUS } from './corpus.ts';

function bomChecks(entry: (typeof BOM_CORPUS)[number]): [string, boolean][] {
  const result = readBom(encodeUtf8(entry.text));
  if (!result.ok) return [[`read (${result.error.message})`, false]];
  const bom = result.value;
  const checks: [string, boolean][] = [
    ['header line', bom.headerLine === entry.expected.headerLine],
  ];
  for (const [header, field] of Object.entries(entry.expected.fields)) {
    const column = bom.columns.find((c) => c.header === header);
    checks.push([`"${header}" is ${field}`, column?.field === field]);
    // Known names are recognised by their name, not guessed from the cells.
    checks.push([`"${header}" named`, column?.basis === 'header']);
  }
  const refs = bom.rows.flatMap((row) => row.refDesign);
  checks.push(['rows', bom.rows.length === entry.expected.rows]);
  checks.push(['designators', refs.length === entry.expected.designators]);
  const dnp = refs.filter((r) => r.doNotPopulate).map((r) => r.refDesign);
  checks.push([
    'do-not-populate',
    JSON.stringify(dnp) === JSON.stringify(entry.expected.dnp ?? []),
  ]);
  checks.push([
    'warnings',
    JSON.stringify(bom.warnings.map((w) => w.type)) ===
      JSON.stringify(entry.expected.warnings ?? []),
  ]);
  return checks;
}

function placementChecks(entry: (typeof PLACEMENT_CORPUS)[number]): [string, boolean][] {
  const result = readPlacements(encodeUtf8(entry.text), { fileName: entry.fileName });
  if (!result.ok) return [[`read (${result.error.message})`, false]];
  const file = result.value;
  const first = file.placements[0]!;
  const { expected } = entry;
  return [
    ['format', file.format === expected.format],
    ['unit', file.units.unit === expected.unit],
    ['placements', file.placements.length === expected.placements],
    ['first designator', first.refDesign === expected.first.refDesign],
    ['first side', first.side === expected.first.side],
    ['first position', first.xMm === expected.first.xMm && first.yMm === expected.first.yMm],
    ['first angle', first.angle === expected.first.angle],
    ...Object.entries(expected.package ?? {}).map(([ref, pkg]): [string, boolean] => [
      `package of ${ref}`,
      file.placements.find((p) => p.refDesign === ref)?.package === pkg,
    ]),
  ];
}

function score(name: string, results: { label: string; checks: [string, boolean][] }[]) {
  const all = results.flatMap((r) => r.checks);
  const passed = all.filter(([, ok]) => ok).length;
  const files = results.filter((r) => r.checks.every(([, ok]) => ok)).length;
  report(
    `${name}: ${files}/${results.length} files read entirely right, ${passed}/${all.length} checks`,
  );
  return results.flatMap((r) =>
    r.checks.filter(([, ok]) => !ok).map(([check]) => `${r.label}: ${check}`),
  );
}

describe('real-world corpus (heads of public exports)', () => {
  it('recognises the columns of every BOM', () => {
    const misses = score(
      'BOM corpus',
      BOM_CORPUS.map((entry) => ({ label: entry.source.path, checks: bomChecks(entry) })),
    );
    expect(misses).toEqual([]);
  });

  it('detects the format, unit and side of every placement file', () => {
    const misses = score(
      'placement corpus',
      PLACEMENT_CORPUS.map((entry) => ({
        label: entry.source.path,
        checks: placementChecks(entry),
      })),
    );
    expect(misses).toEqual([]);
  });

  it('names a repository, path and commit for every entry', () => {
    for (const { source } of [...BOM_CORPUS, ...PLACEMENT_CORPUS]) {
      expect(source.repository).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(source.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(source.path.length).toBeGreaterThan(3);
    }
  });
});
