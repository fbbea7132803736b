import { describe, expect, it } from 'vitest';
import { parseGerber } from '../gerber/parse-gerber.ts';
import type { LayerImage } from '../image/types.ts';
import { plot } from '../plot/plot.ts';
import { formatTicks } from './path-data.ts';
import { renderLayer, svgJsonString } from './render-layer.ts';

function render(body: string, units = 'MM') {
  return renderLayer(plot(parseGerber(`%FSLAX24Y24*%\n%MO${units}*%\n${body}\nM02*`)));
}

describe('renderLayer', () => {
  it('sizes the SVG from the viewBox in thousandths of the file unit (SPEC §9)', () => {
    const layer = render('%ADD10R,2X1*%\nD10*\nX10000Y20000D03*');
    expect(layer.viewBox).toEqual([0, -2500, 2000, 1000]);
    expect(layer).toMatchObject({ width: 2, height: 1, units: 'mm' });
    expect(layer.svg).toMatch(
      /^<svg xmlns='http:\/\/www.w3.org\/2000\/svg' version='1.1' viewBox='0 -2500 2000 1000' width='2mm' height='1mm'/,
    );
    expect(layer.svg).toContain("<path d='m0 -1500h2000v-1000h-2000z'/>");
  });

  it('gives inch layers inch sizes', () => {
    const layer = render('%ADD10C,0.5*%\nD10*\nX0Y0D03*', 'IN');
    expect(layer).toMatchObject({ width: 0.5, height: 0.5, units: 'in' });
  });

  it('writes an empty image as an empty SVG', () => {
    const image: LayerImage = {
      filetype: 'gerber',
      units: 'mm',
      runs: [],
      box: null,
      warnings: [],
    };
    const layer = renderLayer(image);
    expect(layer).toMatchObject({ viewBox: [0, 0, 0, 0], width: 0, height: 0 });
    expect(layer.svg).toMatch(/<svg [^>]*><\/svg>$/);
  });

  it('draws all flashes of a simple shape into one path, relative to each other', () => {
    const layer = render('%ADD10C,1*%\nD10*\nX0Y0D03*\nX20000Y0D03*');
    const paths = layer.svg.match(/<path /g) ?? [];
    expect(paths).toHaveLength(1);
    expect(layer.svg).toContain(
      "d='m500 0a500 500 0 0 0 -1000 0a500 500 0 0 0 1000 0zm2000 0a500 500 0 0 0 -1000 0",
    );
  });

  it('draws lines of one width as one stroked path', () => {
    const layer = render('%ADD10C,0.25*%\nD10*\nX0Y0D02*\nX10000D01*\nY10000D01*');
    expect(layer.svg).toContain("<path fill='none' stroke-width='250' d='m0 0h1000v-1000'/>");
  });

  it('draws zero-size apertures as hairlines', () => {
    const layer = render('%ADD10C,0*%\nD10*\nX0Y0D02*\nX10000D01*');
    expect(layer.svg).toContain("stroke-width='1' vector-effect='non-scaling-stroke'");
  });

  it('draws lines thinner than a hundredth of a millimetre as hairlines, which never vanish', () => {
    // LibrePCB's 1 µm board outline and Allegro's 0.0001″ silkscreen; 10 µm is a line.
    const librePcb = render('%ADD10C,0.001*%\nD10*\nX0Y0D02*\nX10000D01*');
    const allegro = render('%ADD10C,0.0001*%\nD10*\nX0Y0D02*\nX10000D01*', 'IN');
    const line = render('%ADD10C,0.01*%\nD10*\nX0Y0D02*\nX10000D01*');
    for (const layer of [librePcb, allegro]) {
      expect(layer.svg).toContain(
        "<path fill='none' stroke-width='1' vector-effect='non-scaling-stroke' d=",
      );
    }
    expect(line.svg).toContain("<path fill='none' stroke-width='10' d='m0 0h1000'/>");
  });

  it('masks what was drawn before a clear run with the clear runs after it', () => {
    const layer = render(
      '%ADD10C,1*%\nD10*\nX0Y0D03*\n%LPC*%\nX0Y0D03*\n%LPD*%\nX10000Y0D03*\n%LPC*%\nX10000Y0D03*\n%LPD*%\nX20000Y0D03*',
    );
    const defs = layer.svg.match(/<defs>(.*)<\/defs>/)?.[1] ?? '';
    expect(defs).toMatch(
      /^<g id='layer-c1'><path d='[^']+'\/><\/g><g id='layer-c2'><path d='[^']+'\/><\/g>/,
    );
    // The first dark run is masked by the union of both clear runs, the second by the last one.
    expect(defs).toContain("<g id='layer-u3'><use href='#layer-c1'/><use href='#layer-c2'/></g>");
    expect(defs).toMatch(
      /<mask id='layer-m4' [^>]*><rect [^>]*fill='#fff'\/><g fill='#000' stroke='#000'><use href='#layer-u3'\/><\/g><\/mask>/,
    );
    expect(defs).toMatch(/<mask id='layer-m5' [^>]*>.*<use href='#layer-c2'\/><\/g><\/mask>$/);
    expect(layer.svg).toMatch(
      /<\/defs><g mask='url\(#layer-m4\)'><path d='[^']+'\/><\/g><g mask='url\(#layer-m5\)'><path d='[^']+'\/><\/g><path d='[^']+'\/><\/svg>$/,
    );
  });

  it('keeps masks shallow when the polarity changes thousands of times', () => {
    const body = Array.from(
      { length: 3000 },
      (_, k) => `%LPD*%\nX${k}0000Y0D03*\n%LPC*%\nX${k}0000Y0D03*`,
    ).join('\n');
    const layer = render(`%ADD10C,1*%\nD10*\n${body}`);
    const masks = layer.svg.match(/<mask /g) ?? [];
    expect(masks).toHaveLength(3000);
    // No mask holds more than ~2·log2(3000) references, and no group nests inside a mask group.
    const longest = Math.max(
      ...(layer.svg.match(/<mask [\s\S]*?<\/mask>/g) ?? []).map(
        (m) => (m.match(/<use /g) ?? []).length,
      ),
    );
    expect(longest).toBeLessThanOrEqual(24);
    expect(layer.svg).not.toContain("<g mask='url(#layer-m2)'><g mask");
    // Every reference points at a definition.
    const defined = new Set([...layer.svg.matchAll(/ id='([^']+)'/g)].map((m) => m[1]));
    const referenced = [...layer.svg.matchAll(/(?:href='#|url\(#)([^')]+)/g)].map((m) => m[1]);
    expect(referenced.filter((id) => !defined.has(id))).toEqual([]);
  });

  it('uses the id option for its ids', () => {
    const layer = renderLayer(
      plot(
        parseGerber('%FSLAX24Y24*%\n%MOMM*%\n%ADD10C,1*%\nD10*\nX0Y0D03*\n%LPC*%\nX0Y0D03*\nM02*'),
      ),
      { id: 'top copper' },
    );
    expect(layer.svg).toContain("id='top_copper-c1'");
  });

  it('draws holes inside the pad backwards in the same path', () => {
    const layer = render('%ADD10C,1X0.5*%\nD10*\nX0Y0D03*');
    expect(layer.svg).toContain('a500 500 0 0 0 -1000 0');
    expect(layer.svg).toContain('a250 250 0 0 1 -500 0');
    expect(layer.svg).not.toContain('<mask');
  });

  it('defines shapes with clearing primitives once and places them with <use>', () => {
    const layer = render(
      '%AMCROSS*21,1,2,2,0,0,0*21,0,2,0.2,0,0,0*21,0,0.2,2,0,0,0*%\n%ADD10CROSS*%\nD10*\nX0Y0D03*\nX30000Y0D03*',
    );
    expect(layer.svg.match(/<mask /g)).toHaveLength(1);
    expect(layer.svg).toContain(
      "<use href='#layer-s1' x='0' y='0'/><use href='#layer-s1' x='3000' y='0'/>",
    );
  });
});

describe('formatTicks', () => {
  it('writes tenths of viewBox units with one decimal at most', () => {
    expect([0, 10, -10, 5, -5, 12345, -12345, 1e8].map(formatTicks)).toEqual([
      '0',
      '1',
      '-1',
      '.5',
      '-.5',
      '1234.5',
      '-1234.5',
      '10000000',
    ]);
  });
});

describe('svgJsonString', () => {
  it('writes the SVG as JSON.stringify does', () => {
    const layer = render('%ADD10C,1*%\nD10*\nX0Y0D03*\n%ADD11R,2X1*%\nD11*\nX0Y0D02*\nX9000Y0D01*');
    expect(svgJsonString(layer.svg)).toBe(JSON.stringify(layer.svg));
    expect(JSON.parse(svgJsonString(layer.svg))).toBe(layer.svg);
  });
});
