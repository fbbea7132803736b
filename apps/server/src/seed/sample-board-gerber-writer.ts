// A small Gerber X2 writer for the sample board (format 4.6, millimetres): apertures defined as
// they are first used, flashes, strokes, regions and polarity, with the file attributes KiCad
// writes, so that layer identification reads the files as a user's KiCad upload.

import type { PadShape, Point } from './sample-board-design.ts';

const coordinate = (value: number) => String(Math.round(value * 1e6));
const xy = ([x, y]: Point) => `X${coordinate(x)}Y${coordinate(y)}`;
const size = (value: number) => String(Number(value.toFixed(4)));

export class GerberWriter {
  readonly #apertures = new Map<string, number>();
  readonly #body: string[] = [];
  #current: number | null = null;

  readonly #fileFunction: string;
  readonly #polarity: 'Positive' | 'Negative';

  constructor(fileFunction: string, polarity: 'Positive' | 'Negative') {
    this.#fileFunction = fileFunction;
    this.#polarity = polarity;
  }

  #select(template: string): void {
    let code = this.#apertures.get(template);
    if (code === undefined) {
      code = 10 + this.#apertures.size;
      this.#apertures.set(template, code);
    }
    if (code !== this.#current) this.#body.push(`D${code}*`);
    this.#current = code;
  }

  flash(at: Point, shape: PadShape): this {
    this.#select(
      shape.kind === 'circle'
        ? `C,${size(shape.diameter)}`
        : `R,${size(shape.width)}X${size(shape.height)}`,
    );
    this.#body.push(`${xy(at)}D03*`);
    return this;
  }

  stroke(points: readonly Point[], width: number): this {
    this.#select(`C,${size(width)}`);
    const [first, ...rest] = points;
    this.#body.push(`${xy(first!)}D02*`);
    for (const point of rest) this.#body.push(`${xy(point)}D01*`);
    return this;
  }

  /** A filled polygon (closed by the writer). */
  region(points: readonly Point[]): this {
    const [first, ...rest] = points;
    this.#body.push('G36*', `${xy(first!)}D02*`);
    for (const point of [...rest, first!]) this.#body.push(`${xy(point)}D01*`);
    this.#body.push('G37*');
    return this;
  }

  /** What follows clears (true) or darkens (false) what is below it. */
  clear(clearing: boolean): this {
    this.#body.push(clearing ? '%LPC*%' : '%LPD*%');
    return this;
  }

  text(): string {
    const apertures = [...this.#apertures].map(([template, code]) => `%ADD${code}${template}*%`);
    return [
      '%TF.GenerationSoftware,Circuits,Demo board generator,1.0*%',
      `%TF.FileFunction,${this.#fileFunction}*%`,
      `%TF.FilePolarity,${this.#polarity}*%`,
      '%FSLAX46Y46*%',
      '%MOMM*%',
      '%LPD*%',
      'G01*',
      ...apertures,
      ...this.#body,
      'M02*',
      '',
    ].join('\n');
  }
}
