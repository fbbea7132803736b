// Every reader of user tables runs in time linear in its input, whatever the input: a hostile
// file 10 times larger takes at most ~15 times longer (best of several runs, sizes large enough
// to measure), and a workbook that would expand past its limits is refused before it is
// inflated. Each case is one a backtracking pattern or an unbounded copy once made quadratic.

import fc from 'fast-check';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readBom } from './bom/read-bom.ts';
import { readPlacements } from './placement/read-placements.ts';
import { openXls } from './spreadsheet/xls.ts';
import { openXlsx } from './spreadsheet/xlsx.ts';
import { scanXml } from './spreadsheet/xml-scan.ts';
import {
  biffWorkbook,
  compoundFile,
  deflatedEntry,
  rawZip,
  storedWorkbook,
  workbookEntries,
} from './test-support/hostile-files.ts';
import { encodeUtf8 } from './text/decode.ts';

// The package is built without Node or DOM types. The processor time this process used, where
// the runtime tells it (Node), so that other processes on a busy machine do not count; else the
// wall clock.
const runtime = globalThis as unknown as {
  performance: { now(): number };
  process?: { cpuUsage(): { user: number; system: number } };
};
const clock = (): number => {
  const usage = runtime.process?.cpuUsage();
  return usage ? (usage.user + usage.system) / 1000 : runtime.performance.now();
};

/** The processor time `work` takes on `input`, in ms. */
function timeOf<T>(input: T, work: (input: T) => unknown): number {
  const start = clock();
  work(input);
  return clock() - start;
}

/**
 * Asserts that `work` on an input 10 times larger takes at most ~15 times longer. Measured
 * robustly on a shared machine: processor time, the best of 7 interleaved runs of each size,
 * and the whole comparison tried up to 3 times (a quadratic reader is ~100 times slower every
 * time; a busy machine only sometimes). 2 ms of slack absorbs timer noise on the small input.
 */
function expectLinear<T>(make: (n: number) => T, work: (input: T) => unknown, n: number) {
  const small = make(n);
  const large = make(10 * n);
  work(small);
  work(large);
  let smallMs = 0;
  let largeMs = 0;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    smallMs = Number.POSITIVE_INFINITY;
    largeMs = Number.POSITIVE_INFINITY;
    for (let run = 0; run < 7; run += 1) {
      smallMs = Math.min(smallMs, timeOf(small, work));
      largeMs = Math.min(largeMs, timeOf(large, work));
    }
    if (largeMs <= 15 * smallMs + 2) return;
  }
  expect(
    largeMs,
    `10x the input took ${largeMs.toFixed(1)} ms against ${smallMs.toFixed(1)} ms`,
  ).toBeLessThanOrEqual(15 * smallMs + 2);
}

const text = (value: string) => encodeUtf8(value);

describe('spreadsheet readers run in linear time', { timeout: 120_000 }, () => {
  it('a row of unclosed <c tags (300,000 and 3,000,000)', () =>
    expectLinear(
      (n) => storedWorkbook(`<worksheet><sheetData><row r="1">${'<c '.repeat(n)}</row>`),
      openXlsx,
      300_000,
    ));

  it('unclosed <si><t in the shared strings and <sheet in the workbook', () => {
    expectLinear(
      (n) =>
        rawZip([
          deflatedEntry(
            'xl/workbook.xml',
            `<workbook><sheets><sheet name="A" r:id="rId1"/>${'<sheet '.repeat(n)}</sheets>`,
          ),
          ...workbookEntries().slice(1),
          deflatedEntry('xl/sharedStrings.xml', `<sst>${'<si><t '.repeat(n)}</sst>`),
          deflatedEntry('xl/worksheets/sheet1.xml', '<worksheet/>'),
        ]),
      openXlsx,
      150_000,
    );
  });

  it('attribute values that never close, and tags cut short', () => {
    expectLinear(
      (n) => storedWorkbook(`<worksheet><sheetData><row r="1">${'<c r="A1'.repeat(n)}</row>`),
      openXlsx,
      150_000,
    );
    expectLinear(
      (n) => '<a b="<c d=\'<e '.repeat(n),
      (xml) => [...scanXml(xml)].length,
      100_000,
    );
  });

  it('a real-sized sheet of 2,000 and 20,000 rows', () =>
    expectLinear(
      (n) =>
        storedWorkbook(
          `<worksheet><sheetData><row r="1"><c t="inlineStr"><is><t>Designator</t></is></c><c t="inlineStr"><is><t>Qty</t></is></c></row>${Array.from(
            { length: n },
            (_, i) =>
              `<row r="${i + 2}"><c t="inlineStr"><is><t>R${i + 1}</t></is></c><c><v>1</v></c></row>`,
          ).join('')}</sheetData></worksheet>`,
        ),
      readBom,
      2_000,
    ));

  it('legacy XLS: directory entries and sheets that all point at one stream', () => {
    // Input 10x larger in both the aliases and the stream: a reader that copies the stream per
    // alias, or reads the sheet per listing, does 100x the work.
    expectLinear((n) => compoundFile(biffWorkbook(1, n), n / 10), openXls, 20_000);
    const listed = openXls(compoundFile(biffWorkbook(5_000, 100)));
    expect(listed).toEqual({
      ok: false,
      reason: 'its workbook lists more than 256 worksheets (the most read from one workbook)',
    });
  });
});

describe('text readers run in linear time', { timeout: 120_000 }, () => {
  it('a cell of quotes after text (CSV)', () =>
    expectLinear((n) => text(`Designator,Qty\nR1,a${'"'.repeat(n)}\n`), readBom, 300_000));

  it('long designator cells with ( and NF( but no )', () => {
    expectLinear((n) => text(`Designator,Qty\n${'a'.repeat(n)}(,1\n`), readBom, 300_000);
    expectLinear((n) => text(`Designator,Qty\nR1,)${'NF('.repeat(n)}\n`), readBom, 100_000);
  });

  it('blanks inside a quantity, a long header cell', () => {
    expectLinear((n) => text(`Designator,Qty\nR1,"1${' '.repeat(n)}z"\n`), readBom, 300_000);
    expectLinear((n) => text(`Designator,Qty,${'a'.repeat(n)}x\nR1,1,z\n`), readBom, 300_000);
  });

  it('placement heads: a unit line of blanks, long lines', () => {
    expectLinear(
      (n) => text(`R1${' '.repeat(n)}z\nDesignator,Mid X,Mid Y\nR1,1,2\n`),
      (bytes) => readPlacements(bytes, { fileName: 'pnp.csv' }),
      300_000,
    );
    expectLinear(
      (n) => text(`A${'1'.repeat(n)} 1 2 3\nB1 1 2 3\n`),
      (bytes) => readPlacements(bytes, { fileName: 'board.mnt' }),
      300_000,
    );
  });

  it('designator ranges are counted, not expanded without end', () => {
    const result = readBom(text(`Designator,Qty\n${'R1-R9999 '.repeat(40)},1\n`));
    expect(result).toMatchObject({ ok: false, error: { type: 'too-large' } });
  });
});

describe('workbooks are counted before they are inflated', { timeout: 60_000 }, () => {
  const sheet = deflatedEntry(
    'xl/worksheets/sheet1.xml',
    '<worksheet><sheetData><row r="1"><c t="inlineStr"><is><t>Designator</t></is></c></row></sheetData></worksheet>',
  );

  it('parts the workbook does not use are never inflated', () => {
    // 40 entries that claim 63 MB each and do not even inflate: never touched.
    const junk = Array.from({ length: 40 }, (_, i) => ({
      name: `xl/media/junk${i}.xml`,
      data: strToU8('not deflate data at all'),
      method: 8 as const,
      declaredSize: 63 * 1024 * 1024,
    }));
    const opened = openXlsx(rawZip([...workbookEntries(), sheet, ...junk]));
    expect(opened).toEqual({
      ok: true,
      sheets: [{ name: 'Sheet1', rows: [{ cells: ['Designator'], line: 1 }] }],
    });
  });

  it('a part that would expand past the total is refused, the limit named', () => {
    // 65 MB from 400 kB (no more than 200 times): the total refuses it, before inflating.
    const big = { ...sheet, declaredSize: 65 * 1024 * 1024, data: new Uint8Array(400_000) };
    expect(openXlsx(rawZip([...workbookEntries(), big]))).toEqual({
      ok: false,
      reason:
        'the parts to read expand to more than 64 MB (the most a workbook may expand to); xl/worksheets/sheet1.xml alone is 65 MB',
    });
  });

  it('a part that expands more than 200 times is refused', () => {
    const bomb = deflatedEntry('xl/worksheets/sheet1.xml', ' '.repeat(5 * 1024 * 1024));
    const opened = openXlsx(rawZip([...workbookEntries(), bomb]));
    expect(opened.ok).toBe(false);
    if (!opened.ok)
      expect(opened.reason).toMatch(
        /^its part xl\/worksheets\/sheet1\.xml expands [\d,]+ times \(from \d+ kB to 5 MB\), and no part may expand more than 200 times$/,
      );
  });

  it('a directory of more entries than a workbook holds is refused', () => {
    const many = Array.from({ length: 10_001 }, (_, i) => deflatedEntry(`x/${i}`, ''));
    expect(openXlsx(rawZip([...workbookEntries(), sheet, ...many]))).toEqual({
      ok: false,
      reason: 'its zip lists more than 10,000 entries (the most a workbook may hold)',
    });
  });

  it('cells are counted with the empty ones a far reference makes', () => {
    const rows = Array.from(
      { length: 9_000 },
      (_, i) => `<row r="${i + 1}"><c r="SE${i + 1}"/></row>`,
    );
    expect(openXlsx(storedWorkbook(`<worksheet><sheetData>${rows.join('')}</sheetData>`))).toEqual({
      ok: false,
      reason: 'its sheets hold more than 4,000,000 cells (the most a workbook may hold)',
    });
  });
});

describe('random and truncated XML', { timeout: 60_000 }, () => {
  const pieces = fc.constantFrom(
    '<row r="1">',
    '<row>',
    '</row>',
    '<c r="B2" t="s">',
    '<c t="inlineStr">',
    '<c ',
    '</c>',
    '<v>',
    '</v>',
    '<is><t>',
    '</t></is>',
    '<![CDATA[x]]>',
    '<!-- c -->',
    '<?x?>',
    '"',
    "'",
    '<',
    '>',
    '/>',
    '&amp;',
    '&#x41;',
    'R1',
    '12.5',
    ' ',
  );
  it('never throws, and every token lies inside the text', () =>
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 300 }), fc.nat(), (parts, cutAt) => {
        const xml = parts.join('');
        const cut = xml.slice(0, cutAt % (xml.length + 1));
        for (const token of scanXml(cut))
          if (token.type === 'text')
            expect(token.start >= 0 && token.end <= cut.length && token.start <= token.end).toBe(
              true,
            );
        const opened = openXlsx(storedWorkbook(`<worksheet><sheetData>${cut}`));
        expect(typeof opened.ok).toBe('boolean');
      }),
      { numRuns: 400 },
    ));
});
