import fs from 'node:fs';
import path from 'node:path';
import { renderBoard } from '@circuits/gerber';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../test/uploads.ts';
import { svgProblem, svgsOf } from './render-svg-check.ts';

// The check must pass everything packages/gerber's renderer writes and refuse anything else.

const mm = (...body: string[]) => ['%FSLAX46Y46*%', '%MOMM*%', ...body, 'M02*'].join('\n');
const inch = (...body: string[]) => ['%FSLAX26Y26*%', '%MOIN*%', ...body, 'M02*'].join('\n');

// Dark and clear polarity (masks), a macro flash placed twice (<use>), strokes, a region, an
// outline in inches beside copper in millimetres (scaled groups), drills and every side.
const LAYERS = [
  {
    filename: 'b-F_Cu.gbr',
    gerber: mm(
      '%AMTHERMAL*7,0,0,2,1.5,0.3,45*%',
      '%ADD10C,0.5*%',
      '%ADD11THERMAL*%',
      '%ADD12R,2X1*%',
      'D10*',
      'X1000000Y1000000D02*',
      'X9000000Y1000000D01*',
      'D11*',
      'X5000000Y5000000D03*',
      'X7000000Y5000000D03*',
      '%LPC*%',
      'D12*',
      'X5000000Y5000000D03*',
      '%LPD*%',
      'G36*',
      'X2000000Y7000000D02*',
      'X4000000Y7000000D01*',
      'X4000000Y9000000D01*',
      'X2000000Y7000000D01*',
      'G37*',
    ),
  },
  { filename: 'b-B_Cu.gbr', gerber: mm('%ADD10C,1*%', 'D10*', 'X3000000Y3000000D03*') },
  { filename: 'b-F_Mask.gbr', gerber: mm('%ADD10C,1.2*%', 'D10*', 'X3000000Y3000000D03*') },
  { filename: 'b-B_Mask.gbr', gerber: mm('%ADD10C,1.2*%', 'D10*', 'X3000000Y3000000D03*') },
  { filename: 'b-F_SilkS.gbr', gerber: mm('%ADD10C,0.15*%', 'D10*', 'X0Y0D02*', 'X1000000Y0D01*') },
  { filename: 'b-F_Paste.gbr', gerber: mm('%ADD10R,1X1*%', 'D10*', 'X3000000Y3000000D03*') },
  {
    filename: 'b-Edge_Cuts.gbr',
    gerber: inch(
      '%ADD10C,0.004*%',
      'D10*',
      'X0Y0D02*',
      'X400000Y0D01*',
      'X400000Y400000D01*',
      'X0Y400000D01*',
      'X0Y0D01*',
    ),
  },
  {
    filename: 'b.drl',
    gerber: ['M48', 'METRIC', 'T1C0.5', '%', 'G90', 'T1', 'X3.0Y3.0', 'M30'].join('\n'),
  },
];

function problemsOf(render: unknown): string[] {
  return svgsOf(render).flatMap(({ path: at, svg }) => {
    const problem = svgProblem(svg);
    return problem ? [`${at}: ${problem}`] : [];
  });
}

describe('the render SVG check', () => {
  it("passes the renderer's own output: both sides and every layer", () => {
    const render = renderBoard({ layers: LAYERS, colors: { mask: '#00420080' } });
    const svgs = svgsOf(render).map((entry) => entry.path);
    expect(svgs).toContain('top.svg');
    expect(svgs).toContain('bottom.svg');
    expect(svgs).toContain('layers.7.rendered.svg');
    expect(render.top.svg).toContain('<use');
    expect(render.top.svg).toContain("mask='url(#");
    expect(render.top.svg).toContain("transform='scale(");
    expect(render.bottom.svg).toContain("transform='matrix(");
    expect(problemsOf(render)).toEqual([]);
  });

  const boards = path.join(FIXTURES_DIR, 'gerber');
  it.runIf(fs.existsSync(boards))('passes the renders of every fixture board', () => {
    const folders = fs
      .readdirSync(boards, { withFileTypes: true })
      .filter((entry) => entry.isDirectory());
    expect(folders.length).toBeGreaterThan(5);
    for (const folder of folders) {
      const directory = path.join(boards, folder.name);
      const layers = fs
        .readdirSync(directory)
        .filter((name) => name !== 'SOURCE.md' && fs.statSync(path.join(directory, name)).isFile())
        .map((name) => ({
          filename: name,
          gerber: fs.readFileSync(path.join(directory, name), 'latin1'),
        }));
      expect(problemsOf(renderBoard({ layers })), folder.name).toEqual([]);
    }
  });
  if (!fs.existsSync(boards)) console.log(`skipped: fixture boards ${boards} are absent`);

  const svg = (inner: string, attributes = '') =>
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"${attributes}>${inner}</svg>`;

  it.each([
    ['a script', svg('<script>alert(1)</script>'), 'may not hold <script> elements'],
    [
      'an event handler',
      svg('<rect width="1" height="1"/>', ' onload="alert(1)"'),
      'may not hold the onload attribute (on <svg>)',
    ],
    [
      'an unquoted handler after a slash',
      '<svg/onload=alert(1)>',
      'is not well-formed XML (1:6: forward-slash in opening tag not followed by >.)',
    ],
    [
      'a foreign object',
      svg('<foreignObject><div>hi</div></foreignObject>'),
      'may not hold <foreignObject> elements',
    ],
    [
      'a link to another document',
      svg('<use href="https://evil.example/sprite.svg#a"/>'),
      'has an unexpected href on <use>: "https://evil.example/sprite.svg#a"',
    ],
    [
      'a javascript: link',
      svg('<a href="javascript:alert(1)"><rect width="1" height="1"/></a>'),
      'may not hold <a> elements',
    ],
    [
      'an xlink:href',
      svg('<use xlink:href="#a"/>', ' xmlns:xlink="http://www.w3.org/1999/xlink"'),
      'may not hold the xmlns:xlink attribute (on <svg>)',
    ],
    [
      'an image',
      svg('<image href="data:image/png;base64,AAAA"/>'),
      'may not hold <image> elements',
    ],
    ['a style sheet', svg('<style>rect{fill:red}</style>'), 'may not hold <style> elements'],
    [
      'a style attribute',
      svg('<rect style="fill:url(https://evil.example/x)"/>'),
      'may not hold the style attribute (on <rect>)',
    ],
    [
      'a paint from another document',
      svg('<rect fill="url(https://evil.example/x#p)"/>'),
      'has an unexpected fill on <rect>: "url(https://evil.example/x#p)"',
    ],
    [
      'a mask from another document',
      svg('<g mask="url(https://evil.example/x#m)"/>'),
      'has an unexpected mask on <g>: "url(https://evil.example/x#m)"',
    ],
    [
      'an animation',
      svg('<set attributeName="href" to="javascript:alert(1)"/>'),
      'may not hold <set> elements',
    ],
    [
      'an entity declaration',
      '<!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg"/>',
      'may not hold a document type declaration',
    ],
    [
      'a style sheet instruction',
      '<?xml-stylesheet href="https://evil.example/x.css"?><svg xmlns="http://www.w3.org/2000/svg"/>',
      'may not hold processing instructions (<?xml-stylesheet?>)',
    ],
    ['text', svg('hello'), 'may not hold text'],
    ['a comment', svg('<!-- x -->'), 'may not hold comments'],
    ['CDATA', svg('<![CDATA[<script>alert(1)</script>]]>'), 'may not hold CDATA sections'],
    ['another root', '<html><script>alert(1)</script></html>', 'must be an <svg> element'],
    [
      'an HTML fragment',
      '<img src=x onerror=alert(1)>',
      'is not well-formed XML (1:10: unquoted attribute value.)',
    ],
    [
      'path data with a script',
      svg('<path d="M0 0<script>"/>'),
      'is not well-formed XML (1:74: disallowed character.)',
    ],
  ])('refuses %s', (_name, input, problem) => {
    expect(svgProblem(input)).toBe(problem);
  });

  it('finds the SVG of every layer, wherever the render keeps it', () => {
    const render = {
      top: { svg: 'a' },
      bottom: { svg: 'b' },
      layers: [{ rendered: null }, { rendered: { svg: 'c' } }],
      extra: { deep: [{ svg: 'd' }] },
    };
    expect(svgsOf(render)).toEqual([
      { path: 'top.svg', svg: 'a' },
      { path: 'bottom.svg', svg: 'b' },
      { path: 'layers.1.rendered.svg', svg: 'c' },
      { path: 'extra.deep.0.svg', svg: 'd' },
    ]);
  });
});
