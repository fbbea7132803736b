// Fuzzing of the drill parser and plotter: generators of Excellon-shaped text (with hostile repeat
// counts, coordinates and number lengths), mutations of real files, and the invariants every
// input must keep. Shared by the short seeded test and the long fuzz script.

import fc from 'fast-check';
import { LIMITS } from '../../constants.ts';
import type { LayerImage } from '../../image/types.ts';
import type { ParseOptions } from '../../options.ts';
import { renderLayer } from '../../render/render-layer.ts';
import type { WarningCode } from '../../warnings.ts';
import { parseDrill } from '../parse-drill.ts';
import { MAX_REPEATED_HOLES, plotDrill } from '../plot-drill.ts';

const WARNING_CODES = new Set<WarningCode>([
  'unrecognised-block',
  'zero-suppression-missing',
  'trailing-zero-suppression',
  'places-missing',
  'units-missing',
  'notation-missing',
  'tool-not-defined',
  'arc-impossible',
  'after-end',
  'invalid-value',
  'limit-reached',
]);

const digits = (max: number) => fc.stringMatching(new RegExp(`^\\d{1,${max}}$`));

/** Numbers as files write them, plus very long, huge and malformed ones. */
const number = fc.oneof(
  { arbitrary: fc.integer({ min: -99999, max: 999999 }).map(String), weight: 8 },
  {
    arbitrary: fc.double({ noNaN: true, min: -1000, max: 1000 }).map((n) => n.toFixed(4)),
    weight: 4,
  },
  {
    arbitrary: fc.tuple(fc.constantFrom('', '+', '-'), digits(60)).map(([s, d]) => s + d),
    weight: 1,
  },
  { arbitrary: fc.tuple(digits(30), digits(30)).map(([a, b]) => `${a}.${b}`), weight: 1 },
  { arbitrary: fc.constantFrom('', '-', '.', '+.', '1e308', '9'.repeat(25)), weight: 1 },
);

const coordinates = fc
  .tuple(
    fc.option(number),
    fc.option(number),
    fc.option(fc.tuple(fc.constantFrom('A', 'I', 'J'), number)),
  )
  .map(
    ([x, y, extra]) =>
      `${x === null ? '' : `X${x}`}${y === null ? '' : `Y${y}`}${extra ? extra[0] + extra[1] : ''}`,
  );

/** Repeat counts: mostly small, sometimes the largest a machine could be told. */
const repeatCount = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 200 }), weight: 30 },
  { arbitrary: fc.constantFrom(999_999_999, 123_456_789_012), weight: 1 },
);

const drillLine: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'M48',
    '%',
    'M95',
    'INCH',
    'METRIC',
    'INCH,LZ',
    'INCH,TZ',
    'METRIC,TZ,000.000',
    'METRIC,LZ,0000.00',
    'M71',
    'M72',
    'G90',
    'G91',
    'ICI,ON',
    'G05',
    'G00',
    'G01',
    'G02',
    'G03',
    'M15',
    'M16',
    'M17',
    'M25',
    'M01',
    'M08',
    'M30',
    'T0',
    'FMAT,2',
    ';TYPE=PLATED',
    ';TYPE=NON_PLATED',
    '; #@! TA.AperFunction,Plated,PTH,ViaDrill',
    '; FORMAT={-:-/ absolute / metric / decimal}',
  ),
  fc.tuple(digits(2), digits(2)).map(([a, b]) => `;FILE_FORMAT=${a}:${b}`),
  fc.tuple(digits(3), number).map(([t, c]) => `T${t}C${c}`),
  fc.tuple(digits(3), number).map(([t, s]) => `;T${t} Holesize 1. = ${s} PLATED MILS`),
  digits(12).map((t) => `T${t}`),
  fc
    .tuple(fc.constantFrom('', 'G00', 'G01', 'G02', 'G03', 'G05', 'G93'), coordinates)
    .map(([g, c]) => g + c),
  fc.tuple(coordinates, coordinates).map(([a, b]) => `${a}G85${b}`),
  fc.tuple(repeatCount, coordinates).map(([n, c]) => `R${n}${c}`),
  coordinates.map((c) => `M02${c}`),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 10 }),
);

/** Excellon-shaped text with mixed line breaks. */
export const drillText: fc.Arbitrary<string> = fc
  .array(fc.tuple(drillLine, fc.constantFrom('\n', '\r\n', '\r', '')), {
    maxLength: 80,
    size: 'max',
  })
  .map((lines) => lines.map(([line, end]) => line + end).join(''));

/** Random edits of real drill files: cuts, copies, insertions and changed characters. */
export function mutatedText(sources: readonly string[]): fc.Arbitrary<string> {
  const edit = fc.tuple(
    fc.constantFrom('cut', 'copy', 'insert', 'replace'),
    fc.nat(),
    fc.nat({ max: 400 }),
    fc.string({ unit: 'binary-ascii', maxLength: 12 }),
  );
  return fc
    .tuple(fc.constantFrom(...sources), fc.array(edit, { minLength: 1, maxLength: 8 }))
    .map(([source, edits]) => {
      let text = source;
      for (const [kind, at, length, inserted] of edits) {
        const start = text.length === 0 ? 0 : at % text.length;
        const end = Math.min(text.length, start + length);
        if (kind === 'cut') text = text.slice(0, start) + text.slice(end);
        else if (kind === 'copy')
          text = text.slice(0, end) + text.slice(start, end) + text.slice(end);
        else if (kind === 'insert') text = text.slice(0, start) + inserted + text.slice(start);
        else text = text.slice(0, start) + inserted + text.slice(start + inserted.length);
      }
      return text;
    });
}

/** Options a caller might pass, valid ones only (invalid ones throw a typed error by design). */
export const drillOptions: fc.Arbitrary<ParseOptions> = fc.record(
  {
    places: fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 })),
    zero: fc.constantFrom('L' as const, 'T' as const),
    units: fc.constantFrom('in' as const, 'mm' as const),
    notation: fc.constantFrom('A' as const, 'I' as const),
  },
  { requiredKeys: [] },
);

function fail(message: string, text: string): never {
  throw new Error(`${message} for input ${JSON.stringify(text.slice(0, 300))}`);
}

function elementCount(image: LayerImage): number {
  let count = 0;
  for (const run of image.runs) {
    for (const graphic of run.graphics) {
      if (graphic.type === 'flash') count += graphic.positions.length / 2;
      else if (graphic.type === 'stroke') count += graphic.segments.length;
    }
  }
  return count;
}

function checkImage(image: LayerImage, text: string): void {
  const { box } = image;
  if (box && ![box.minX, box.minY, box.maxX, box.maxY].every(Number.isFinite)) {
    fail('image box not finite', text);
  }
  for (const run of image.runs) {
    for (const graphic of run.graphics) {
      if (graphic.type === 'flash') {
        if (!graphic.positions.every(Number.isFinite)) fail('hole position not finite', text);
        if (!graphic.shape.box) fail('hole without a size', text);
      } else if (graphic.type === 'stroke') {
        if (!(graphic.width > 0 && Number.isFinite(graphic.width))) fail('bad path width', text);
        for (const s of graphic.segments) {
          if (![s.x1, s.y1, s.x2, s.y2].every(Number.isFinite)) fail('path not finite', text);
        }
      } else fail('drill image with a region', text);
    }
  }
  if (elementCount(image) > MAX_REPEATED_HOLES + text.length) fail('more holes than allowed', text);
  if (image.warnings.length > LIMITS.maxWarnings + 1) fail('too many warnings', text);
}

/**
 * Parses, plots and (for images of ordinary size) renders `text`; throws when anything escapes
 * as an exception or breaks an invariant: warnings with known codes and real lines, finite
 * geometry, bounded output.
 */
export function checkDrillText(text: string, options?: ParseOptions): void {
  const tree = parseDrill(text, options);
  if (tree.type !== 'drill') fail('not a drill tree', text);
  for (const w of tree.warnings) {
    if (!WARNING_CODES.has(w.code)) fail(`unexpected warning code ${w.code}`, text);
    if (!Number.isInteger(w.line) || w.line < 1) fail(`bad warning line ${w.line}`, text);
  }
  for (const node of tree.nodes) {
    if (!Number.isInteger(node.line) || node.line < 1) fail(`bad node line ${node.line}`, text);
  }
  const image = plotDrill(tree);
  checkImage(image, text);
  if (elementCount(image) <= 20_000) {
    const rendered = renderLayer(image);
    if (!rendered.svg.startsWith('<svg')) fail('render did not give an svg', text);
  }
}
