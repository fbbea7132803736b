import { describe, expect, it } from 'vitest';
import { formatTicks, PathWriter } from './path-data.ts';

describe('formatTicks', () => {
  it.each([
    [0, '0'],
    [10, '1'],
    [5, '.5'],
    [-5, '-.5'],
    [123_456, '12345.6'],
    [-123_450, '-12345'],
  ])('%i ticks read %s', (ticks, text) => {
    expect(formatTicks(ticks)).toBe(text);
  });
});

describe('PathWriter', () => {
  it('writes moves and lines relative to the current point, with h and v where they fit', () => {
    const path = new PathWriter();
    path.moveTo(10, 20);
    path.lineTo(30, 20);
    path.lineTo(30, 5);
    path.lineTo(15, 25);
    path.close();
    expect(path.finish()).toBe('m1 2h2v-1.5l-1.5 2z');
  });

  it('keeps what a finished writer wrote when the next writer takes its buffer', () => {
    const first = new PathWriter();
    first.moveTo(0, 0);
    for (let k = 1; k < 200; k++) first.lineTo(k * 10, 0);
    const firstText = first.finish();
    const shapeBytes = (() => {
      const shape = new PathWriter();
      shape.moveTo(0, 0);
      shape.lineTo(50, 50);
      return shape.finishBytes(0);
    })();
    const second = new PathWriter();
    second.moveTo(70, 80);
    second.place(100, 100, shapeBytes, 150, 150);
    expect(second.finish()).toBe('m7 8m3 2m0 0l5 5');
    expect(firstText).toBe(`m0 0${'h1'.repeat(199)}`);
  });
});
