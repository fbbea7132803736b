// Content as evidence, on file heads written here: what a file says about itself (X2 attributes,
// G04 comments naming the layer, %LN/%IN names, Excellon comments stating plating), then what its
// image holds (pads only, closed loops), then the upload as a whole.
import { describe, expect, it } from 'vitest';
import { identifyLayers, type LayerFile } from './identify-layers.ts';

const HEADER = [
  '%FSLAX26Y26*%',
  '%MOMM*%',
  '%ADD10C,0.200000*%',
  '%ADD11R,1.000000X1.500000*%',
  '%ADD12C,1.800000*%',
];

function gerber(lines: readonly string[], header: readonly string[] = []): string {
  return [...header, ...HEADER, ...lines, 'M02*', ''].join('\n');
}

/** Flashes with aperture `d` at (x, y) mm. */
function flashes(d: number, points: readonly [number, number][]): string[] {
  return [`D${d}*`, ...points.map(([x, y]) => `X${x * 1e6}Y${y * 1e6}D03*`)];
}

function stroke(points: readonly [number, number][]): string[] {
  const [first, ...rest] = points;
  return [
    'D10*',
    `X${first![0] * 1e6}Y${first![1] * 1e6}D02*`,
    ...rest.map(([x, y]) => `X${x * 1e6}Y${y * 1e6}D01*`),
  ];
}

const SMD: [number, number][] = [
  [10, 10],
  [12, 10],
  [14, 10],
  [16, 10],
];
const THT: [number, number][] = [
  [30, 20],
  [32.54, 20],
];
const TOP_COPPER = gerber([
  ...flashes(11, SMD),
  ...flashes(12, THT),
  ...stroke([
    [10, 10],
    [30, 20],
  ]),
]);
const BOTTOM_COPPER = gerber([
  ...flashes(12, THT),
  ...stroke([
    [30, 20],
    [40, 5],
  ]),
]);

function identify(files: LayerFile[]) {
  return Object.fromEntries(identifyLayers(files).map((identity) => [identity.filename, identity]));
}

describe('what a file says about itself', () => {
  it('takes the layer from an X2 FileFunction whatever the name', () => {
    const found = identify([
      { filename: 'plot-03.pho', content: gerber([], ['%TF.FileFunction,Copper,L2,Inr*%']) },
    ]);
    expect(found['plot-03.pho']).toMatchObject({
      type: 'copper',
      side: 'inner',
      layerNumber: 2,
      source: 'x2',
      confidence: 'high',
    });
  });

  it('reads a G04 comment naming the layer, in any tool’s words', () => {
    const found = identify([
      {
        filename: 'sample04.pho',
        content: gerber([], ['G04 Layer:                TopSolderMask*']),
      },
      { filename: 'film7.gbr', content: gerber([], ['G04 Layer Name: Bottom Silk Screen*']) },
    ]);
    expect(found['sample04.pho']).toMatchObject({
      type: 'soldermask',
      side: 'top',
      source: 'header',
      confidence: 'medium',
    });
    expect(found['film7.gbr']).toMatchObject({
      type: 'silkscreen',
      side: 'bottom',
      source: 'header',
    });
  });

  it('reads %LN layer names and ignores an %IN image name that only names the project', () => {
    const found = identify([
      { filename: 'out1.gbr', content: gerber([], ['%LNCOPPER BOTTOM*%']) },
      {
        filename: 'out2.gbr',
        content: gerber(
          stroke([
            [0, 0],
            [5, 5],
          ]),
          ['%IN"GPS.pcb"*%'],
        ),
      },
    ]);
    expect(found['out1.gbr']).toMatchObject({ type: 'copper', side: 'bottom', source: 'header' });
    expect(found['out2.gbr']).toMatchObject({ type: 'drawing', confidence: 'low' });
  });

  it('reads plating from Excellon comments, and makes the other drill of the upload the plated one', () => {
    const nonPlated = [
      'M48',
      '; NON-PLATED HOLES',
      'METRIC',
      'T1C3.000',
      '%',
      'T1',
      'X10000Y10000',
      'M30',
    ];
    const other = ['M48', 'METRIC', 'T1C0.800', '%', 'T1', 'X12000Y10000', 'M30'];
    const found = identify([
      { filename: 'holes-a.nc', content: nonPlated.join('\n') },
      { filename: 'holes-b.nc', content: other.join('\n') },
    ]);
    expect(found['holes-a.nc']).toMatchObject({ type: 'drill', plating: 'non-plated' });
    expect(found['holes-b.nc']).toMatchObject({ type: 'drill', plating: 'plated' });
  });
});

describe('what the image holds', () => {
  it('makes a file of pads alone a mask when it opens every copper pad, a paste when only some', () => {
    const found = identify([
      { filename: 'board.gtl', content: TOP_COPPER },
      { filename: 'board.gbl', content: BOTTOM_COPPER },
      { filename: 'film-a.gbr', content: gerber([...flashes(11, SMD), ...flashes(12, THT)]) },
      { filename: 'film-b.gbr', content: gerber(flashes(11, SMD)) },
    ]);
    expect(found['film-a.gbr']).toMatchObject({
      type: 'soldermask',
      side: 'top',
      source: 'content',
      confidence: 'medium',
    });
    expect(found['film-b.gbr']).toMatchObject({
      type: 'solderpaste',
      side: 'top',
      source: 'content',
    });
  });

  it('finds the side from the copper the pads stand on', () => {
    const found = identify([
      { filename: 'board.gtl', content: TOP_COPPER },
      { filename: 'board.gbl', content: BOTTOM_COPPER },
      {
        filename: 'film-c.gbr',
        content: gerber(
          flashes(
            12,
            THT.map(([x, y]) => [x, y]),
          ),
        ),
      },
      { filename: 'film-d.gbr', content: gerber(flashes(11, SMD)) },
    ]);
    // The through-hole pads are on both sides and all the bottom has; the SMD pads only on top.
    expect(found['film-d.gbr']).toMatchObject({ type: 'solderpaste', side: 'top' });
    expect(found['film-c.gbr']).toMatchObject({ type: 'soldermask', side: 'bottom' });
  });

  it('makes one file of closed loops the outline of an upload that has none', () => {
    const loop = stroke([
      [0, 0],
      [50, 0],
      [50, 30],
      [0, 30],
      [0, 0],
    ]);
    const found = identify([
      { filename: 'board.gtl', content: TOP_COPPER },
      { filename: 'film-e.pho', content: gerber(loop) },
    ]);
    expect(found['film-e.pho']).toMatchObject({
      type: 'outline',
      side: 'all',
      source: 'content',
    });
    const open = identify([
      {
        filename: 'lines.pho',
        content: gerber(
          stroke([
            [0, 0],
            [50, 0],
            [50, 30],
          ]),
        ),
      },
    ]);
    expect(open['lines.pho']).toMatchObject({ type: 'drawing', confidence: 'low' });
  });

  it('puts two pad files that no copper places on the top and the bottom, with low confidence', () => {
    const found = identify([
      { filename: 'p1.gbr', content: gerber(flashes(11, SMD)) },
      {
        filename: 'p2.gbr',
        content: gerber(
          flashes(11, [
            [50, 50],
            [52, 50],
          ]),
        ),
      },
    ]);
    expect(found['p1.gbr']).toMatchObject({ type: 'soldermask', side: 'top', confidence: 'low' });
    expect(found['p2.gbr']).toMatchObject({
      type: 'soldermask',
      side: 'bottom',
      confidence: 'low',
    });
  });
});

describe('what the upload says as a whole', () => {
  it('takes each file’s function from the Gerber job file beside it', () => {
    const job = JSON.stringify({
      Header: { GenerationSoftware: { Vendor: 'KiCad', Application: 'Pcbnew', Version: '9.0' } },
      FilesAttributes: [
        { Path: 'out1.gbr', FileFunction: 'Copper,L1,Top', FilePolarity: 'Positive' },
        { Path: 'out2.gbr', FileFunction: 'Copper,L2,Inr', FilePolarity: 'Positive' },
        { Path: 'out3.gbr', FileFunction: 'Copper,L3,Bot', FilePolarity: 'Positive' },
        { Path: 'out4.gbr', FileFunction: 'Soldermask,Bot', FilePolarity: 'Negative' },
        { Path: 'out5.gbr', FileFunction: 'Profile,NP', FilePolarity: 'Positive' },
      ],
    });
    const plain = gerber(
      stroke([
        [0, 0],
        [5, 5],
      ]),
    );
    const found = identify([
      { filename: 'board-job.gbrjob', content: job },
      ...['out1.gbr', 'out2.gbr', 'out3.gbr', 'out4.gbr', 'out5.gbr'].map((filename) => ({
        filename,
        content: plain,
      })),
    ]);
    expect(found['board-job.gbrjob']).toMatchObject({ type: null, auxiliary: 'job' });
    expect(found['out1.gbr']).toMatchObject({
      type: 'copper',
      side: 'top',
      layerNumber: 1,
      source: 'x2',
    });
    expect(found['out2.gbr']).toMatchObject({ type: 'copper', side: 'inner', layerNumber: 2 });
    expect(found['out3.gbr']).toMatchObject({ type: 'copper', side: 'bottom', layerNumber: 3 });
    expect(found['out4.gbr']).toMatchObject({ type: 'soldermask', side: 'bottom' });
    expect(found['out5.gbr']).toMatchObject({ type: 'outline', side: 'all', filetype: 'gerber' });
    expect(found['out4.gbr']?.reason).toBe('job file: FileFunction Soldermask,Bot');
  });
});
