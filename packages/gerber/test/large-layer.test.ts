import { describe, expect, it } from 'vitest';
import { parseGerber, plot, renderBoard, renderLayer } from '../src/index.ts';

/** 300,000 pads of 0.2 mm on a 0.5 mm grid, 600 to a row. */
function padsFile(): string {
  const lines = ['%FSLAX24Y24*%', '%MOMM*%', '%ADD10C,0.2*%', 'D10*'];
  for (let k = 0; k < 300_000; k++)
    lines.push(`X${(k % 600) * 5000}Y${Math.floor(k / 600) * 5000}D03*`);
  lines.push('M02*');
  return lines.join('\n');
}

describe('a layer with 300,000 flashes', () => {
  const text = padsFile();

  it('parses, plots and renders into one path', () => {
    const image = plot(parseGerber(text));
    const [flash] = image.runs[0]?.graphics ?? [];
    expect(flash?.type === 'flash' && flash.positions.length).toBe(600_000);
    const rendered = renderLayer(image);
    expect(rendered.svg.match(/<path /g)).toHaveLength(1);
    expect(rendered.viewBox).toEqual([-100, -249600, 299700, 249700]);
  });

  it('renders as the top copper of a board', () => {
    const board = renderBoard({ layers: [{ filename: 'pads-F_Cu.gbr', gerber: text }] });
    expect(board).toMatchObject({ boardShape: 'copper-extent', widthMm: 299.7, lengthMm: 249.7 });
    expect(board.layers[0]?.error).toBeUndefined();
    expect(board.top.svg).toContain("<g id='top-copper'><path d='");
  }, 60_000);
});
