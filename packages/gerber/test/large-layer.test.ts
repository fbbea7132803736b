import { describe, expect, it } from 'vitest';
import { parseGerber, plot, renderLayer } from '../src/index.ts';

describe('a layer with 300,000 flashes', () => {
  it('parses, plots and renders into one path', () => {
    const lines = ['%FSLAX24Y24*%', '%MOMM*%', '%ADD10C,0.2*%', 'D10*'];
    for (let k = 0; k < 300_000; k++)
      lines.push(`X${(k % 600) * 5000}Y${Math.floor(k / 600) * 5000}D03*`);
    lines.push('M02*');
    const image = plot(parseGerber(lines.join('\n')));
    const [flash] = image.runs[0]?.graphics ?? [];
    expect(flash?.type === 'flash' && flash.positions.length).toBe(600_000);
    const rendered = renderLayer(image);
    expect(rendered.svg.match(/<path /g)).toHaveLength(1);
    expect(rendered.viewBox).toEqual([-100, -249600, 299700, 249700]);
  });
});
