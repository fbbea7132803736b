// Random uploads for renderBoard: layer lists of random and damaged files with names, sides and
// types that may or may not fit, and checks that a board render only ever ends in a board or a
// typed error.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { fixturesDir } from '../accuracy/fixtures.ts';
import { OutlineGraph } from '../src/board/outline-loops.ts';
import { drillText } from '../src/drill/test-support/drill-fuzz.ts';
import {
  GerberError,
  isValidSideType,
  LAYER_SIDES,
  LAYER_TYPES,
  LayerListError,
  renderBoard,
  type Segment,
  type ViewerLayer,
} from '../src/index.ts';
import { damage } from './fixture-mutations.ts';
import { gerberFile, gerberNoise, undefinedReferences } from './gerber-arbitraries.ts';

/** The side/type pairs a board layer can have. */
const SIDE_TYPES = LAYER_TYPES.flatMap((type) =>
  [...LAYER_SIDES, null]
    .filter((side) => isValidSideType(side, type))
    .map((side) => [side, type] as const),
);

const filename = fc.constantFrom(
  'board-F_Cu.gbr',
  'board-B_Cu.gbr',
  'board-In1_Cu.gbr',
  'board-F_Mask.gbr',
  'board-B_SilkS.gbr',
  'board-F_Paste.gbr',
  'board-Edge_Cuts.gbr',
  'board.GM1',
  'board.drl',
  'board-NPTH.drl',
  'nc_param.txt',
  'job.gbrjob',
  'readme.txt',
);

/** Coordinates in the 3.3 format: thousandths of a mm. */
const at = (x: number, y: number) => `X${Math.round(x * 1000)}Y${Math.round(y * 1000)}`;

/** An outline file drawing random lines and arcs. */
const outlineText = fc
  .tuple(
    fc.constant(null).chain(() => outlineSegments),
    fc.option(fc.tuple(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 50 }))),
  )
  .map(([random, box]) => {
    const segments: Segment[] = [...random];
    if (box) {
      // A closed board edge among the random segments, drawn in pieces.
      const [w, h] = box;
      segments.push(
        { type: 'line', x1: 0, y1: 0, x2: w, y2: 0 },
        { type: 'line', x1: 0, y1: h, x2: w, y2: h },
        { type: 'line', x1: w, y1: h, x2: w, y2: 0 },
        { type: 'line', x1: 0, y1: 0, x2: 0, y2: h },
      );
    }
    return segments;
  })
  .map((segments) => {
    const lines = ['%FSLAX33Y33*%', '%MOMM*%', '%ADD10C,0.1*%', 'D10*', 'G75*'];
    for (const segment of segments) {
      lines.push(`${at(segment.x1, segment.y1)}D02*`);
      if (segment.type === 'line') lines.push(`G01${at(segment.x2, segment.y2)}D01*`);
      else {
        const i = Math.round((segment.cx - segment.x1) * 1000);
        const j = Math.round((segment.cy - segment.y1) * 1000);
        lines.push(`G03${at(segment.x2, segment.y2)}I${i}J${j}D01*`);
      }
    }
    return `${lines.join('\n')}\nM02*`;
  });

const source = fc.oneof(gerberFile, gerberNoise, drillText, outlineText);

/** A layer as a caller might send it, with or without its side and type. */
const soundLayer = fc.oneof(
  { weight: 6, arbitrary: fc.record({ filename, gerber: source }) },
  {
    weight: 2,
    arbitrary: fc.record({ filename: fc.constant('board-Edge_Cuts.gbr'), gerber: outlineText }),
  },
  {
    // Any side and type, fitting or not.
    weight: 1,
    arbitrary: fc.record(
      {
        filename,
        side: fc.constantFrom(...LAYER_SIDES, null),
        type: fc.constantFrom(...LAYER_TYPES, null),
        gerber: source,
      },
      { requiredKeys: ['gerber'] },
    ),
  },
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.constantFrom(...SIDE_TYPES), source)
      .map(([[side, type], gerber]) => ({ side, type, gerber })),
  },
);

export const randomBoard = fc.record({
  layers: fc.oneof(
    { weight: 9, arbitrary: fc.array(soundLayer, { maxLength: 8 }) },
    // Now and then something that is no layer at all.
    { weight: 1, arbitrary: fc.array(fc.oneof(soundLayer, fc.anything()), { maxLength: 4 }) },
  ),
  outlineGapFill: fc.option(fc.double({ min: 0, max: 2, noNaN: true }), { nil: undefined }),
});

/** The layer files of the fixture boards with every file up to `maxBytes` (not feature tests). */
export function fixtureBoards(maxBytes: number): ViewerLayer[][] {
  const root = join(fixturesDir(), 'gerber');
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((name) => !name.startsWith('feature-') && statSync(join(root, name)).isDirectory())
    .map((name) => {
      const dir = join(root, name);
      return readdirSync(dir)
        .filter((file) => file !== 'SOURCE.md')
        .map((file) => ({ filename: file, size: statSync(join(dir, file)).size, dir }));
    })
    .filter((files) => files.every((file) => file.size <= maxBytes))
    .map((files) =>
      files.map((file) => ({
        filename: file.filename,
        gerber: readFileSync(join(file.dir, file.filename), 'latin1'),
      })),
    );
}

/** A real board with one to three of its files damaged. */
export function damagedBoard(boards: ViewerLayer[][]): fc.Arbitrary<{ layers: ViewerLayer[] }> {
  return fc
    .tuple(
      fc.nat({ max: boards.length - 1 }),
      fc.array(fc.tuple(fc.nat(), damage), { minLength: 1, maxLength: 3 }),
    )
    .map(([index, damages]) => {
      const layers = (boards[index] as ViewerLayer[]).map((file) => ({ ...file }));
      for (const [at, mutate] of damages) {
        const target = layers[at % layers.length] as ViewerLayer;
        target.gerber = mutate(target.gerber as string);
      }
      return { layers };
    });
}

/**
 * Renders a board; throws (failing the property) unless it gives a sane board or a typed error
 * for a bad layer list or option.
 */
export function checkBoard(options: unknown): void {
  let board: ReturnType<typeof renderBoard>;
  try {
    board = renderBoard(options as Parameters<typeof renderBoard>[0]);
  } catch (error) {
    if (error instanceof LayerListError || error instanceof GerberError) return;
    throw error;
  }
  for (const side of [board.top, board.bottom]) {
    if (!side.viewBox.every(Number.isFinite)) throw new Error(`bad viewBox ${side.viewBox}`);
    if (/NaN|Infinity/.test(side.svg)) throw new Error('SVG with a number out of range');
    const missing = undefinedReferences(side.svg);
    if (missing.length > 0) throw new Error(`SVG refers to undefined ids: ${missing.join(', ')}`);
  }
  for (const size of [board.widthMm, board.lengthMm]) {
    if (size !== null && !(Number.isFinite(size) && size >= 0)) throw new Error(`bad size ${size}`);
  }
  if ((board.widthMm === null) !== (board.boardShape === 'none')) {
    throw new Error('a size without a shape or a shape without a size');
  }
  for (const warning of board.warnings) {
    if (warning.line !== undefined && !(Number.isInteger(warning.line) && warning.line >= 1)) {
      throw new Error(`warning with a bad line: ${JSON.stringify(warning)}`);
    }
  }
}

/** Lines and arcs on a small grid, so that many ends meet, some nearly. */
const point = fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }));
const jitter = fc.constantFrom(0, 0, 0, 1e-9, 0.004);
export const outlineSegments: fc.Arbitrary<Segment[]> = fc.array(
  fc.tuple(point, point, jitter, fc.boolean()).map(([[x1, y1], [x2, y2], shift, arc]): Segment => {
    const end = { x1, y1, x2: x2 + shift, y2 };
    if (!arc) return { type: 'line', ...end };
    // A half circle over the chord, centre halfway.
    const cx = (x1 + end.x2) / 2;
    const cy = (y1 + y2) / 2;
    return { type: 'arc', ...end, cx, cy, radius: Math.hypot(x1 - cx, y1 - cy), sweep: Math.PI };
  }),
  { maxLength: 40 },
);

/** Every loop is closed and connected, and no segment is used twice. */
export function checkLoops(segments: Segment[], gapFill: number): void {
  const loops = new OutlineGraph(segments, 1e-6).loops(gapFill);
  const used = loops.flat().length;
  if (used > segments.length * 2) throw new Error(`${used} loop segments from ${segments.length}`);
  for (const loop of loops) {
    loop.forEach((segment, index) => {
      const next = loop[(index + 1) % loop.length] as Segment;
      if (segment.x2 !== next.x1 || segment.y2 !== next.y1) {
        throw new Error(`loop not connected at ${index}: ${JSON.stringify(loop)}`);
      }
    });
  }
}
