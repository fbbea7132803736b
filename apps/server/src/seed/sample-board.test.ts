import { guessTableKind, headRowsOfText } from '@circuits/domain';
import { identifyLayers, renderBoard } from '@circuits/gerber';
import { describe, expect, it } from 'vitest';
import { sampleBoardFiles } from './sample-board.ts';

const files = sampleBoardFiles();
const identities = identifyLayers(
  files.map((file) => ({ filename: file.name, content: file.text })),
);

describe('the sample board', () => {
  it('is a KiCad-named two-layer board whose every layer is identified from its content', () => {
    const layers = Object.fromEntries(
      identities.map((identity) => [
        identity.filename,
        identity.type &&
          `${identity.type}/${identity.side}${identity.plating ? `/${identity.plating}` : ''}`,
      ]),
    );
    expect(layers).toEqual({
      'sensor-node-F_Cu.gbr': 'copper/top',
      'sensor-node-B_Cu.gbr': 'copper/bottom',
      'sensor-node-F_Mask.gbr': 'soldermask/top',
      'sensor-node-B_Mask.gbr': 'soldermask/bottom',
      'sensor-node-F_Paste.gbr': 'solderpaste/top',
      'sensor-node-F_Silkscreen.gbr': 'silkscreen/top',
      'sensor-node-B_Silkscreen.gbr': 'silkscreen/bottom',
      'sensor-node-Edge_Cuts.gbr': 'outline/all',
      'sensor-node-PTH.drl': 'drill/all/plated',
      'sensor-node-NPTH.drl': 'drill/all/non-plated',
      'sensor-node-bom.csv': null,
      'sensor-node-pos.csv': null,
    });
    for (const identity of identities.slice(0, 10)) expect(identity.confidence).toBe('high');
  });

  it('renders without a warning: 60 × 40 mm from its outline, 2 copper layers, both sides drawn', () => {
    const render = renderBoard({
      layers: identities.flatMap((identity, index) =>
        identity.type && identity.side
          ? [
              {
                filename: identity.filename,
                side: identity.side,
                type: identity.type,
                gerber: files[index]!.text,
              },
            ]
          : [],
      ),
    });
    expect(render.warnings).toEqual([]);
    expect(render.boardShape).toBe('outline');
    expect(render.widthMm).toBeCloseTo(60, 6);
    expect(render.lengthMm).toBeCloseTo(40, 6);
    expect(render.copperLayers).toBe(2);
    for (const layer of render.layers) expect(layer.error, layer.filename ?? '').toBeUndefined();
    expect(render.top.svg.length).toBeGreaterThan(10_000);
    expect(render.bottom.svg.length).toBeGreaterThan(5_000);
  });

  it('drills vias and header pins plated, mounting holes not', () => {
    const text = (suffix: string) => files.find((file) => file.name.endsWith(suffix))!.text;
    const holes = (drill: string) =>
      drill.split('\n').filter((line) => /^X[\d.]+Y[\d.]+$/.test(line));
    expect(text('-PTH.drl')).toContain('T1C0.300\nT2C1.000');
    expect(holes(text('-PTH.drl'))).toHaveLength(11 + 4);
    expect(text('-NPTH.drl')).toContain('T1C3.200');
    expect(holes(text('-NPTH.drl'))).toHaveLength(4);
  });

  it('comes with a BOM and a pick-and-place file of its parts', () => {
    const table = (suffix: string) => {
      const file = files.find((candidate) => candidate.name.endsWith(suffix))!;
      return guessTableKind(file.name, headRowsOfText(file.text))?.kind;
    };
    expect(table('-bom.csv')).toBe('bom');
    expect(table('-pos.csv')).toBe('placement');
    const bom = files.find((file) => file.name.endsWith('-bom.csv'))!.text;
    expect(bom).toContain('"R1,R2",4.7k,0805,2,RC0805FR-074K7L');
    const placements = files
      .find((file) => file.name.endsWith('-pos.csv'))!
      .text.trim()
      .split('\n');
    expect(placements).toHaveLength(1 + 8);
  });

  it('is the same every time', () => {
    expect(sampleBoardFiles()).toEqual(files);
  });
});
