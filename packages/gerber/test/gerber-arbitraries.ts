// Random Gerber input for property tests: plain noise, and files built from real commands with
// random (often absurd) values, so the parser and plotter reach every state.

import fc from 'fast-check';
import { parseGerber, plot, renderLayer } from '../src/index.ts';

const digits = fc.stringMatching(/^-?[0-9]{0,12}(\.[0-9]{0,4})?$/);
const smallNumber = fc.oneof(
  fc.constantFrom('0', '1', '0.5', '2.54', '-1', '1e9', '100000', '0.0001', '1e300', '-1e200'),
  fc.double({ min: -1000, max: 1000, noNaN: true }).map((n) => n.toFixed(4)),
);
const code = fc.integer({ min: 10, max: 30 });
const expression = fc
  .array(fc.oneof(smallNumber, fc.constantFrom('$1', '$2', '$3', '(', ')', '+', '-', 'x', '/')), {
    maxLength: 8,
  })
  .map((parts) => parts.join(''));

const block = fc.oneof(
  {
    weight: 10,
    arbitrary: fc
      .tuple(digits, digits, fc.constantFrom('D01', 'D02', 'D03', ''))
      .map(([x, y, d]) => `X${x}Y${y}${d}*`),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(digits, digits, digits, digits)
      .map(([x, y, i, j]) => `X${x}Y${y}I${i}J${j}D01*`),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'G01*',
      'G02*',
      'G03*',
      'G74*',
      'G75*',
      'G36*',
      'G37*',
      'G90*',
      'G91*',
      'G70*',
      'G71*',
      'M02*',
      'G04 % comment*',
    ),
  },
  { weight: 3, arbitrary: code.map((c) => `D${c}*`) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        code,
        fc.constantFrom('C', 'R', 'O', 'P', 'M1', 'M2'),
        fc.array(smallNumber, { maxLength: 5 }),
      )
      .map(([c, t, params]) => `%ADD${c}${t}${params.length ? `,${params.join('X')}` : ''}*%`),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom('M1', 'M2'),
        fc.array(
          fc.tuple(
            fc.constantFrom(0, 1, 2, 4, 5, 6, 7, 20, 21, 22),
            fc.array(expression, { maxLength: 12 }),
          ),
          { maxLength: 4 },
        ),
      )
      .map(
        ([name, prims]) => `%AM${name}*${prims.map(([p, m]) => `${p},${m.join(',')}*`).join('')}%`,
      ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '%LPD*%',
      '%LPC*%',
      '%LMX*%',
      '%LMXY*%',
      '%LMN*%',
      '%SR*%',
      '%AB*%',
      '%IPNEG*%',
      '%ASAYBX*%',
      '%MIA1B1*%',
      '%KOCK0.1*%',
      '%IJACBC*%',
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom('LR', 'LS', 'IR', 'RO', 'OFA', 'SFA'), smallNumber)
      .map(([c, n]) => `%${c}${n}*%`),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 400 }),
        smallNumber,
        smallNumber,
      )
      .map(([x, y, i, j]) => `%SRX${x}Y${y}I${i}J${j}*%`),
  },
  { weight: 1, arbitrary: code.map((c) => `%ABD${c}*%`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '%FSLAX24Y24*%',
      '%FSTAX36Y36*%',
      '%FSLIX66Y66*%',
      '%FSDAX24Y24*%',
      '%MOMM*%',
      '%MOIN*%',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);

/** A file made of Gerber commands in random order with random values. */
export const gerberFile = fc
  .array(block, { maxLength: 80 })
  .map((blocks) => `%FSLAX24Y24*%\n%MOMM*%\n%ADD10C,0.1*%\n${blocks.join('\n')}`);

/** Noise: any characters, weighted towards Gerber's own. */
export const gerberNoise = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc
    .array(fc.constantFrom(...'%*XYIJDGM0123456789.-+,$()xX/\n ADFSLPCRO'.split('')), {
      maxLength: 400,
    })
    .map((chars) => chars.join('')),
);

/**
 * Runs the whole pipeline; throws (failing the property) unless it ends normally with sane output.
 */
export function checkPipeline(text: string): void {
  const tree = parseGerber(text);
  const image = plot(tree);
  const layer = renderLayer(image);
  const lines = text.split('\n').length;
  for (const warning of image.warnings) {
    if (!Number.isInteger(warning.line) || warning.line < 1 || warning.line > lines) {
      throw new Error(`warning with a bad line number: ${JSON.stringify(warning)}`);
    }
  }
  if (!layer.viewBox.every(Number.isFinite)) throw new Error(`bad viewBox ${layer.viewBox}`);
  if (/NaN|Infinity|e[+-]\d/.test(layer.svg)) throw new Error('SVG with a number out of range');
  if (!layer.svg.startsWith('<svg ') || !layer.svg.endsWith('</svg>')) {
    throw new Error('malformed SVG');
  }
  const missing = undefinedReferences(layer.svg);
  if (missing.length > 0) throw new Error(`SVG refers to undefined ids: ${missing.join(', ')}`);
}

/** Ids the SVG refers to (href='#…', url(#…)) without defining them. */
export function undefinedReferences(svg: string): string[] {
  const defined = new Set([...svg.matchAll(/ id='([^']+)'/g)].map((match) => match[1]));
  const referenced = [...svg.matchAll(/(?:href='#|url\(#)([^')]+)/g)].map((match) => match[1]);
  return [...new Set(referenced.filter((id) => !defined.has(id)))] as string[];
}
