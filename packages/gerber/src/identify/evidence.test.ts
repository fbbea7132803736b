// Evidence weighed, not overridden: a clear name of a known convention stands against a weak
// content rule, a CAD tool's own header still wins over a name, and every decision says why in
// plain words. File heads are written here in the way each tool writes them.
import { describe, expect, it } from 'vitest';
import { decide, type Evidence, WEIGHTS } from './evidence.ts';
import { identifyLayers, type LayerFile } from './identify-layers.ts';

function identify(files: LayerFile[]) {
  return Object.fromEntries(identifyLayers(files).map((identity) => [identity.filename, identity]));
}

/** The head pcb-rnd writes: a gEDA page/group comment for every layer, its own layer names. */
function pcbRnd(group: number, layerName: string, body: readonly string[] = []): string {
  return [
    `G04 start of page 2 for group ${group} layer_idx 0 *`,
    'G04 Creator: pcb-rnd 2.3.2 *',
    '%MOIN*%',
    '%FSLAX25Y25*%',
    `%LN${layerName}*%`,
    '%ADD10C,0.0100*%',
    ...body,
    'M02*',
    '',
  ].join('\n');
}

const REGEX_SYNTAX = /\\[.dwsb]|\(\?[:=!]|\[\^|\$\)|\$$/;

describe('evidence weighed, not overridden', () => {
  it('keeps pcb-rnd’s Protel names against the gEDA group numbers in its headers', () => {
    const found = identify([
      { filename: 'power.gtl', content: pcbRnd(3, 'TOP_COPPER_NONE_3') },
      { filename: 'power.gbl', content: pcbRnd(10, 'BOTTOM_COPPER_NONE_10') },
      { filename: 'power.gts', content: pcbRnd(2, 'TOP_MASK_NONE_2') },
      { filename: 'power.gbs', content: pcbRnd(11, 'BOTTOM_MASK_NONE_11') },
      { filename: 'power.gto', content: pcbRnd(1, 'TOP_SILK_NONE_1') },
      { filename: 'power.gko', content: pcbRnd(9, 'GLOBAL_BOUNDARY_UROUTE_9') },
      { filename: 'power.asb', content: pcbRnd(17, 'BOTTOM_DOC_ASSY_17') },
    ]);
    const layers = Object.fromEntries(
      Object.entries(found).map(([name, identity]) => [name, `${identity.type}/${identity.side}`]),
    );
    expect(layers).toEqual({
      'power.gtl': 'copper/top',
      'power.gbl': 'copper/bottom',
      'power.gts': 'soldermask/top',
      'power.gbs': 'soldermask/bottom',
      'power.gto': 'silkscreen/top',
      'power.gko': 'outline/all',
      'power.asb': 'drawing/null',
    });
    // The group rule is heard, and said to be outweighed.
    expect(found['power.gtl']?.reason).toContain('outweighs: gEDA layer group 3');
  });

  it('still takes gEDA’s own layer names and a group number that nothing contradicts', () => {
    const found = identify([
      { filename: 'renamed.gbr', content: pcbRnd(4, 'GND') },
      { filename: 'board.topmask.gbr', content: pcbRnd(-1, 'TOPMASK') },
    ]);
    expect(found['renamed.gbr']).toMatchObject({ type: 'copper', side: 'inner' });
    expect(found['board.topmask.gbr']).toMatchObject({ type: 'soldermask', side: 'top' });
  });

  it('keeps Upverter’s .gko an outline though the file calls the layer mechanical details', () => {
    const gko = [
      '%FSLAX33Y33*%',
      '%MOMM*%',
      '%ADD10C,0.508*%',
      'D10*',
      '%LNpath-0*%',
      'G01*',
      'X-71000Y38225D02*',
      'X-31675Y38225D01*',
      'X-31550Y-21800*',
      'X-71050Y-21650*',
      'X-71000Y38225*',
      '%LNmechanical details_traces*%',
      'M02*',
    ].join('\n');
    const found = identify([{ filename: 'design_export.gko', content: gko }]);
    expect(found['design_export.gko']).toMatchObject({ type: 'outline', side: 'all' });
    expect(found['design_export.gko']?.reason).toBe(
      'the extension .gko: the board outline in Altium naming; outweighs: layer named in the file: mechanical details_traces: a drawing',
    );
  });

  it('keeps TARGET 3001!’s tool list out of the stack, and its drill file a drill', () => {
    const toolList = [
      'T1 0.300000mm  362x [-52.070000 | 18.415000]',
      'T2 0.400000mm  2x [-3.700000 | 9.000000]',
      '',
      '; 2 tools',
      '; 364 drills',
    ].join('\n');
    const drill = ['M48', 'METRIC', 'T1F00S00C0.300', '%', 'T1', 'X12.8150Y47.0950', 'M30'].join(
      '\n',
    );
    const found = identify([
      { filename: 'board.Tool', content: toolList },
      { filename: 'board.Drill', content: drill },
    ]);
    expect(found['board.Tool']).toMatchObject({ type: null, auxiliary: 'report' });
    expect(found['board.Drill']).toMatchObject({ type: 'drill', side: 'all' });
  });

  it('lets a CAD tool’s own header still win over a name', () => {
    const allegro = [
      'G04 File Origin:  Cadence Allegro 16.6-S062*',
      'G04 Layer:  ETCH/BOTTOM*',
      '%FSLAX25Y25*%',
      '%MOIN*%',
      'M02*',
    ].join('\n');
    const found = identify([{ filename: 'top.gtl', content: allegro }]);
    expect(found['top.gtl']).toMatchObject({ type: 'copper', side: 'bottom', source: 'header' });
  });

  it('explains each decision in plain words, with every piece of evidence and its weight', () => {
    const found = identify([
      { filename: 'board.cmp', content: pcbRnd(3, 'TOP_COPPER_NONE_3') },
      { filename: 'board-F_Cu.gbr', content: pcbRnd(3, 'TOP_COPPER_NONE_3') },
      { filename: 'readme.txt', content: 'hello' },
    ]);
    for (const identity of Object.values(found)) {
      expect(identity.reason).not.toMatch(REGEX_SYNTAX);
      for (const piece of identity.evidence ?? []) expect(piece).not.toMatch(REGEX_SYNTAX);
    }
    expect(found['board.cmp']?.reason).toContain('the extension .cmp: top copper in EAGLE');
    expect(found['board.cmp']?.evidence).toContain(
      'gEDA layer group 3, which gEDA gives copper layers: inner copper (weight 15)',
    );
  });
});

function evidence(type: string | null, side: string | null, weight: number, kind = 'name') {
  return {
    kind,
    verdict: { type, side },
    weight,
    confidence: 'medium',
    says: `${type} ${side} (${weight})`,
  } as Evidence;
}

describe('decide', () => {
  it('adds the weights of evidence that agrees', () => {
    const decision = decide(
      [
        evidence('copper', 'top', WEIGHTS.extension),
        evidence('copper', 'inner', WEIGHTS.weakHeader, 'weak-header'),
        evidence('copper', 'top', WEIGHTS.fileLayerName, 'file-layer-name'),
      ],
      'gerber',
    );
    expect(decision?.verdict).toMatchObject({ type: 'copper', side: 'top' });
    expect(decision?.reason).toBe('copper top (40); copper top (35); outweighs: copper inner (15)');
  });

  it('counts evidence naming a type without a side for that type on either side', () => {
    const decision = decide(
      [
        evidence('soldermask', null, WEIGHTS.nameWords, 'words'),
        evidence('soldermask', 'bottom', WEIGHTS.shape, 'shape'),
        evidence('copper', 'bottom', WEIGHTS.extension),
      ],
      'gerber',
    );
    expect(decision?.verdict).toMatchObject({ type: 'soldermask', side: 'bottom' });
  });

  it('rules out what the content cannot be: Excellon is a drill, Gerber only by its own word', () => {
    expect(
      decide(
        [evidence('copper', 'top', WEIGHTS.extension), evidence('drill', 'all', 10, 'content')],
        'drill',
      )?.verdict.type,
    ).toBe('drill');
    expect(
      decide(
        [evidence('drill', 'all', WEIGHTS.extension), evidence('drawing', null, 5, 'content')],
        'gerber',
      )?.verdict.type,
    ).toBe('drawing');
    expect(decide([evidence('drill', 'all', WEIGHTS.x2, 'x2')], 'gerber')?.verdict.type).toBe(
      'drill',
    );
  });

  it('calls a decision carried only by what the file draws a guess', () => {
    const guess = decide(
      [evidence('drawing', null, 5, 'content'), evidence('silkscreen', null, 30, 'shape')],
      'gerber',
    );
    expect(guess).toMatchObject({ guessed: true, verdict: { type: 'silkscreen' } });
    const named = decide(
      [evidence('silkscreen', 'top', 40), evidence('silkscreen', null, 30, 'shape')],
      'gerber',
    );
    expect(named?.guessed).toBe(false);
  });
});
