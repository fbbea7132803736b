// Real fixture files with random damage: cut, repeated or swapped pieces, stray commands and
// changed characters, the way broken uploads and odd exporters look.

import { readFileSync, statSync } from 'node:fs';
import fc from 'fast-check';
import { layerFiles } from '../accuracy/fixtures.ts';

/** The Gerber fixtures up to `maxBytes`, read once. */
export function fixtureTexts(maxBytes: number): string[] {
  return layerFiles()
    .filter((layer) => layer.filetype === 'gerber' && statSync(layer.path).size <= maxBytes)
    .map((layer) => readFileSync(layer.path, 'latin1'));
}

const stray = fc.constantFrom(
  '%SRX200Y200I0.1J0.1*%',
  '%ABD99*%',
  '%AB*%',
  'D99*',
  '%LPC*%',
  'G36*',
  'G37*',
  'G03X0Y0I1J1D01*',
  '%AMX*1,1,$1x$1x$1,0,0*%',
  '%ADD99X,1e300*%',
  'X99999999999999Y-99999999999D01*',
  '%FSTAX66Y66*%',
  '%MOMM*%',
  'M02*',
  '%',
  '*',
  'G04 %',
);

export type Mutation = (text: string) => string;

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.tuple(fc.nat(), fc.nat({ max: 2000 })).map(
    ([at, length]): Mutation =>
      (text) => {
        const start = at % (text.length + 1);
        return text.slice(0, start) + text.slice(start + length);
      },
  ),
  fc.tuple(fc.nat(), fc.nat({ max: 500 }), fc.integer({ min: 2, max: 5 })).map(
    ([at, length, times]): Mutation =>
      (text) => {
        const start = at % (text.length + 1);
        const piece = text.slice(start, start + length);
        return text.slice(0, start) + piece.repeat(times) + text.slice(start);
      },
  ),
  fc.tuple(fc.nat(), stray).map(
    ([at, insert]): Mutation =>
      (text) => {
        const start = at % (text.length + 1);
        return text.slice(0, start) + insert + text.slice(start);
      },
  ),
  fc.tuple(fc.nat(), fc.string({ minLength: 1, maxLength: 3 })).map(
    ([at, chars]): Mutation =>
      (text) => {
        const start = at % (text.length + 1);
        return text.slice(0, start) + chars + text.slice(start + chars.length);
      },
  ),
);

/** One to five mutations, applied in turn. */
export const damage: fc.Arbitrary<Mutation> = fc
  .array(mutation, { minLength: 1, maxLength: 5 })
  .map((mutations) => (text) => mutations.reduce((damaged, mutate) => mutate(damaged), text));

/** A fixture with one to five mutations applied. */
export function mutatedFixture(texts: string[]): fc.Arbitrary<string> {
  return fc
    .tuple(fc.nat({ max: texts.length - 1 }), damage)
    .map(([index, mutate]) => mutate(texts[index] as string));
}
