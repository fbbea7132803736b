import { describe, expect, it } from 'vitest';
import { identifyLayers, type LayerFile } from './identify-layers.ts';
import type { LayerIdentity } from './layer-types.ts';

const lines = (...text: string[]) => text.join('\n');
const GERBER = lines(
  '%FSLAX24Y24*%',
  '%MOIN*%',
  '%ADD10C,0.010*%',
  'D10*',
  'X0Y0D02*',
  'X100Y0D01*',
  'M02*',
);
const EXCELLON = lines('M48', 'INCH,TZ', 'T01C0.0240', '%', 'T01', 'X16910Y10810', 'M30');

function byName(files: readonly (string | LayerFile)[]): Record<string, LayerIdentity> {
  const identities = identifyLayers(
    files.map((file) => (typeof file === 'string' ? { filename: file } : file)),
  );
  return Object.fromEntries(identities.map((identity) => [identity.filename, identity]));
}

function typeSide(files: readonly (string | LayerFile)[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(byName(files)).map(([name, { type, side }]) => [name, `${type}/${side}`]),
  );
}

describe('identifyLayers by file name', () => {
  it.each([
    [
      'KiCad',
      {
        'amp-F_Cu.gbr': 'copper/top',
        'amp-B.Cu.gbr': 'copper/bottom',
        'amp-In2_Cu.gbr': 'copper/inner',
        'amp-F_Mask.gbr': 'soldermask/top',
        'B_Mask.gbr': 'soldermask/bottom',
        'amp-B_Silkscreen.gbr': 'silkscreen/bottom',
        'amp-F_Paste.gtp': 'solderpaste/top',
        'amp-Edge_Cuts.gm1': 'outline/all',
        'amp-PTH.drl': 'drill/all',
        'amp-NPTH-drl_map.gbr': 'drawing/null',
        'amp-F_Fab.gbr': 'drawing/null',
        'amp-User_1.gbr': 'drawing/null',
        'amp-Dwgs_User.gbr': 'drawing/null',
        'amp-job.gbrjob': 'null/null',
      },
    ],
    [
      'Altium',
      {
        'amp.GTL': 'copper/top',
        'amp.G1': 'copper/inner',
        'amp.GP2': 'copper/inner',
        'amp.GBL': 'copper/bottom',
        'amp.GTS': 'soldermask/top',
        'amp.GBO': 'silkscreen/bottom',
        'amp.GKO': 'outline/all',
        'amp.GM15': 'outline/all',
        'amp.GD1': 'drawing/null',
        'amp-Plated.TXT': 'drill/all',
        'amp.DRR': 'null/null',
      },
    ],
    [
      'Eagle CAM (legacy extensions)',
      {
        'amp.cmp': 'copper/top',
        'amp.sol': 'copper/bottom',
        'amp.ly3': 'copper/inner',
        'amp.stc': 'soldermask/top',
        'amp.pls': 'silkscreen/bottom',
        'amp.crc': 'solderpaste/top',
        'amp.dim': 'outline/all',
        'amp.drd': 'drill/all',
        'amp.dri': 'null/null',
      },
    ],
    [
      'Eagle 9',
      {
        'copper_top.gbr': 'copper/top',
        'copper_l2.gbr': 'copper/inner',
        'soldermask_bottom.gbr': 'soldermask/bottom',
        'silkscreen_top.gbr': 'silkscreen/top',
        'solderpaste_bottom.gbr': 'solderpaste/bottom',
        'profile.gbr': 'outline/all',
        'drill_1_16.xln': 'drill/all',
      },
    ],
    [
      'OSH Park Eagle',
      {
        'amp.toplayer.ger': 'copper/top',
        'amp.internalplane2.ger': 'copper/inner',
        'amp.bottomsoldermask.ger': 'soldermask/bottom',
        'amp.tcream.ger': 'solderpaste/top',
        'amp.boardoutline.ger': 'outline/all',
        'amp.drills.xln': 'drill/all',
      },
    ],
    [
      'pcbng Eagle',
      {
        'amp.top_copper.gbr': 'copper/top',
        'amp.bottom_silk.gbr': 'silkscreen/bottom',
        'amp.outline.gbr': 'outline/all',
        'amp.drill.txt': 'drill/all',
        'amp.top_copper.gpi': 'null/null',
        'pnp_bom.txt': 'null/null',
      },
    ],
    [
      'gEDA PCB',
      {
        'amp.top.gbr': 'copper/top',
        'amp.group4.gbr': 'copper/inner',
        'amp.bottommask.gbr': 'soldermask/bottom',
        'amp.topsilk.gbr': 'silkscreen/top',
        'amp.outline.gbr': 'outline/all',
        'amp.fab.gbr': 'drill/all',
        'amp.unplated-drill.cnc': 'drill/all',
      },
    ],
    [
      'OrCAD Layout',
      {
        'amp.TOP': 'copper/top',
        'amp.IN2': 'copper/inner',
        'amp.SMB': 'soldermask/bottom',
        'amp.SST': 'silkscreen/top',
        'amp.SPB': 'solderpaste/bottom',
        'amp.FAB': 'outline/all',
        'amp.DRD': 'outline/all',
        'amp.AST': 'drawing/null',
        'thruhole.tap': 'drill/all',
      },
    ],
    [
      'DipTrace',
      {
        'amp_Top.gbr': 'copper/top',
        'amp_Inner2.gbr': 'copper/inner',
        'amp_BottomMask.gbr': 'soldermask/bottom',
        'amp_TopSilk.gbr': 'silkscreen/top',
        'amp_BoardOutline.gbr': 'outline/all',
        'amp.drl': 'drill/all',
      },
    ],
    [
      'Allegro',
      {
        'amp_top.art': 'copper/top',
        'amp_l2.art': 'copper/inner',
        'amp_bottom.art': 'copper/bottom',
        'amp_smt.art': 'soldermask/top',
        'amp_sps.art': 'solderpaste/bottom',
        'amp_bslk.art': 'silkscreen/bottom',
        'amp_assy.art': 'drawing/null',
        'amp-1-4.drl': 'drill/all',
        'amp.rou': 'outline/all',
        'nc_param.txt': 'null/null',
      },
    ],
  ])('reads %s names', (_, expected) => {
    expect(typeSide(Object.keys(expected))).toEqual(expected);
  });

  it('keeps the given file name and ignores folders in it', () => {
    const [identity] = identifyLayers([{ filename: 'gerbers\\v2/amp-F_Cu.gbr' }]);
    expect(identity).toMatchObject({
      filename: 'gerbers\\v2/amp-F_Cu.gbr',
      type: 'copper',
      side: 'top',
    });
  });

  it('reports the naming rule, its CAD tool and a confidence', () => {
    const identity = byName(['amp-F_Cu.gbr', 'amp-B_Cu.gbr'])['amp-F_Cu.gbr'];
    expect(identity).toMatchObject({
      cad: 'kicad',
      source: 'name',
      confidence: 'high',
      filetype: null,
    });
    expect(identity?.reason).toContain('KiCad');
  });

  it('leaves an unknown name unidentified', () => {
    expect(byName(['notes.xyz'])['notes.xyz']).toMatchObject({
      type: null,
      side: null,
      cad: null,
      source: 'none',
      confidence: 'none',
    });
  });

  it('falls back to a low-confidence drawing for an unknown Gerber name', () => {
    expect(byName(['logo.gbr'])['logo.gbr']).toMatchObject({ type: 'drawing', confidence: 'low' });
  });

  it('marks files that are not board layers', () => {
    const identities = byName([
      'amp.gbrjob',
      'nc_param.txt',
      'amp-all-pos.csv',
      'amp_bom.csv',
      'amp.gpi',
      'README.txt',
    ]);
    expect(Object.values(identities).map(({ type, side }) => [type, side])).toEqual(
      Array(6).fill([null, null]),
    );
    expect(Object.values(identities).map(({ auxiliary }) => auxiliary)).toEqual([
      'job',
      'drill-parameters',
      'placement',
      'bill-of-materials',
      'report',
      'other',
    ]);
  });
});

describe('identifyLayers as a set', () => {
  it('breaks a tie between CAD tools by the tool most of the upload uses', () => {
    expect(typeSide(['x.drd'])['x.drd']).toBe('drill/all');
    expect(typeSide(['x.TOP', 'x.SMT', 'x.SST', 'x.DRD'])['x.DRD']).toBe('outline/all');
    expect(typeSide(['x.cmp', 'x.stc', 'x.plc', 'x.drd'])['x.drd']).toBe('drill/all');
  });

  it('takes drill plating from the name', () => {
    const identities = byName([
      'a-PTH.drl',
      'a-NPTH.drl',
      'b.plated-drill.cnc',
      'b.unplated-drill.cnc',
    ]);
    expect(identities['a-PTH.drl']?.plating).toBe('plated');
    expect(identities['a-NPTH.drl']?.plating).toBe('non-plated');
    expect(identities['b.plated-drill.cnc']?.plating).toBe('plated');
    expect(identities['b.unplated-drill.cnc']?.plating).toBe('non-plated');
  });

  it('takes the drill file beside a separate non-plated one as plated', () => {
    expect(byName(['a.drl', 'a-NPTH.drl'])['a.drl']?.plating).toBe('plated');
    expect(byName(['a.drl'])['a.drl']?.plating).toBeUndefined();
  });

  it('numbers the copper stack from the top', () => {
    const kicad = byName(['a-F_Cu.gbr', 'a-In2_Cu.gbr', 'a-In1_Cu.gbr', 'a-B_Cu.gbr']);
    expect(
      Object.values(kicad).map(({ filename, layerNumber }) => [filename, layerNumber]),
    ).toEqual([
      ['a-F_Cu.gbr', 1],
      ['a-In2_Cu.gbr', 3],
      ['a-In1_Cu.gbr', 2],
      ['a-B_Cu.gbr', 4],
    ]);
    const eagle = byName(['a.cmp', 'a.ly2', 'a.ly15', 'a.sol']);
    expect(Object.values(eagle).map(({ layerNumber }) => layerNumber)).toEqual([1, 2, 3, 4]);
    expect(byName(['a.gtl', 'a.gbl'])['a.gbl']?.layerNumber).toBe(2);
  });

  it('does not guess positions it cannot know', () => {
    // Altium mid layers and planes interleave in an order the names do not give.
    const altium = byName(['a.gtl', 'a.g1', 'a.gp1', 'a.gbl']);
    expect(altium['a.g1']?.layerNumber).toBeUndefined();
    expect(altium['a.gp1']?.layerNumber).toBeUndefined();
    expect(altium['a.gbl']?.layerNumber).toBeUndefined();
    expect(altium['a.gtl']?.layerNumber).toBe(1);
  });

  it('takes the highest-numbered Allegro film as the bottom copper', () => {
    const allegro = byName(['a_lyr1.art', 'a_lyr2.art', 'a_lyr3.art', 'a_lyr4.art']);
    expect(Object.values(allegro).map(({ side, layerNumber }) => [side, layerNumber])).toEqual([
      ['top', 1],
      ['inner', 2],
      ['inner', 3],
      ['bottom', 4],
    ]);
  });
});

describe('identifyLayers with content', () => {
  it('reads X2 attributes, which win over the name', () => {
    const identities = byName([
      { filename: 'a-F_Cu.gbr', content: lines('%TF.FileFunction,Legend,Top*%', GERBER) },
      {
        filename: 'mystery.gbr',
        content: lines('%TF.FileFunction,Copper,L3,Inr,Signal*%', GERBER),
      },
      {
        filename: 'm.gbr',
        content: lines(
          'G04 #@! %TF.FileFunction,Soldermask,Bot,1*',
          'G04 #@! %TF.FilePolarity,Negative*',
          GERBER,
        ),
      },
      {
        filename: 'holes.drl',
        content: lines(
          'M48',
          '; #@! TF.FileFunction,NonPlated,1,4,NPTH',
          'METRIC',
          'T1C0.600',
          '%',
          'M30',
        ),
      },
      { filename: 'job.gbr', content: lines('%TF.FileFunction,JobInfo*%', '%MOMM*%', 'M02*') },
    ]);
    expect(identities['a-F_Cu.gbr']).toMatchObject({
      type: 'silkscreen',
      side: 'top',
      source: 'x2',
    });
    expect(identities['mystery.gbr']).toMatchObject({
      type: 'copper',
      side: 'inner',
      layerNumber: 3,
    });
    expect(identities['m.gbr']).toMatchObject({
      type: 'soldermask',
      side: 'bottom',
      polarity: 'negative',
      confidence: 'high',
    });
    expect(identities['holes.drl']).toMatchObject({
      type: 'drill',
      plating: 'non-plated',
      filetype: 'drill',
    });
    expect(identities['job.gbr']).toMatchObject({ type: null, side: null, auxiliary: 'job' });
  });

  it('reads the layer from an Allegro film header, with the position from its film name', () => {
    const header = (film: string, ...records: string[]) =>
      lines(
        `G04 Film Name:    ${film}*`,
        'G04 File Origin:  Cadence Allegro 16.6-S026*',
        ...records.map((record) => `G04 Layer:  ${record}*`),
        'G04 Layer:  DRAWING FORMAT/TITLE_BLOCK*',
        '%FSLAX45Y45*MOIN*%',
        'M02*',
      );
    const identities = byName([
      { filename: 'b_lyr1.art', content: header('b_lyr1', 'ETCH/TOP') },
      { filename: 'b_lyr2.art', content: header('b_lyr2', 'VIA CLASS/GND2', 'ETCH/GND2') },
      { filename: 'b_lyr3.art', content: header('b_lyr3', 'ETCH/BOTTOM') },
      { filename: 'film7.art', content: header('film7', 'PIN/SOLDERMASK_TOP') },
      { filename: 'title.art', content: header('title') },
    ]);
    expect(identities['b_lyr1.art']).toMatchObject({ type: 'copper', side: 'top', layerNumber: 1 });
    expect(identities['b_lyr2.art']).toMatchObject({
      type: 'copper',
      side: 'inner',
      layerNumber: 2,
      source: 'header',
      cad: 'allegro',
    });
    expect(identities['b_lyr3.art']).toMatchObject({
      type: 'copper',
      side: 'bottom',
      layerNumber: 3,
    });
    expect(identities['film7.art']).toMatchObject({ type: 'soldermask', side: 'top' });
    expect(identities['title.art']).toMatchObject({ type: 'drawing', source: 'name' });
  });

  it('reads gEDA, DipTrace and Altium headers', () => {
    const identities = byName([
      {
        filename: 'renamed-1.gbr',
        content: lines(
          'G04 start of page 4 for group 3 idx 7 *',
          'G04 Creator: pcb 20140316 *',
          '%LNGND*%',
          GERBER,
        ),
      },
      {
        filename: 'renamed-2.gbr',
        content: lines('G04 DipTrace 2.4.0.2*', '%INrenamed-2.gbr*%', '%LNBotMask*%', GERBER),
      },
      {
        filename: 'renamed-3.gbr',
        content: lines('G04 Layer_Physical_Order=3*', 'G04 Layer_Color=36540*', GERBER),
      },
    ]);
    expect(identities['renamed-1.gbr']).toMatchObject({
      type: 'copper',
      side: 'inner',
      cad: 'geda-pcb',
    });
    expect(identities['renamed-2.gbr']).toMatchObject({
      type: 'soldermask',
      side: 'bottom',
      cad: 'diptrace',
    });
    expect(identities['renamed-3.gbr']).toMatchObject({
      type: 'copper',
      side: 'inner',
      layerNumber: 3,
    });
  });

  it('lets the filetype overrule a name that contradicts it', () => {
    const identities = byName([
      { filename: 'a.gbr', content: EXCELLON },
      { filename: 'a.drl', content: GERBER },
      { filename: 'a.TOP', content: GERBER },
      { filename: 'a.SMT', content: GERBER },
      { filename: 'a.DRD', content: GERBER },
    ]);
    expect(identities['a.gbr']).toMatchObject({
      type: 'drill',
      side: 'all',
      source: 'content',
    });
    expect(identities['a.drl']).toMatchObject({ type: 'drawing', side: null, source: 'content' });
    expect(identities['a.DRD']).toMatchObject({ type: 'drawing', side: null, filetype: 'gerber' });
  });

  it('keeps the name when the content agrees with it', () => {
    const identities = byName([
      { filename: 'a.gtl', content: GERBER },
      { filename: 'a.txt', content: EXCELLON },
      {
        filename: 'a.rou',
        content: lines('G90', 'T01', 'G00X0Y0', 'M15', 'G01X100Y0', 'M16', 'M30'),
      },
    ]);
    expect(identities['a.gtl']).toMatchObject({
      type: 'copper',
      side: 'top',
      source: 'name',
      filetype: 'gerber',
    });
    expect(identities['a.txt']).toMatchObject({ type: 'drill', source: 'name', filetype: 'drill' });
    expect(identities['a.rou']).toMatchObject({
      type: 'outline',
      side: 'all',
      rout: true,
      filetype: 'drill',
    });
  });

  it('takes a file that is neither Gerber nor Excellon out of the stack', () => {
    const identities = byName([
      { filename: 'a.gtl', content: 'PK\u0003\u0004\u0000' },
      {
        filename: 'a-top.pos',
        content: lines('### Module positions', 'Ref Val Package PosX PosY Rot Side'),
      },
      { filename: 'nc_param.txt', content: lines('INTEGER-PLACES 3', 'DECIMAL-PLACES 5') },
      { filename: 'a-job.gbrjob', content: '{ "Header": { "GenerationSoftware": {} } }' },
    ]);
    expect(identities['a.gtl']).toMatchObject({
      type: null,
      side: null,
      auxiliary: 'other',
      filetype: null,
      reason: 'unable to determine filetype',
    });
    expect(identities['a-top.pos']).toMatchObject({ type: null, auxiliary: 'other' });
    expect(identities['nc_param.txt']).toMatchObject({ type: null, auxiliary: 'drill-parameters' });
    expect(identities['a-job.gbrjob']).toMatchObject({
      type: null,
      auxiliary: 'job',
      source: 'name',
    });
  });

  it('reads drill plating from Excellon comments', () => {
    const identities = byName([
      {
        filename: 'both.txt',
        content: lines(
          'M48',
          ';TYPE=PLATED',
          'T1F00S00C0.0280',
          ';TYPE=NON_PLATED',
          'T2F00S00C0.1250',
          '%',
        ),
      },
      {
        filename: 'plated.txt',
        content: lines('M48', ';TYPE=PLATED', 'T1F00S00C0.0280', ';TYPE=NON_PLATED', '%', 'M30'),
      },
      {
        filename: 'allegro.drl',
        content: lines(
          ';LEADER: 12',
          ';T01 Holesize 1. = 8.000000 Tolerance = +3.000000/-3.000000 PLATED MILS Quantity = 1',
          ';T02 Holesize 2. = 20.000000 Tolerance = +5.000000/-5.000000 NON_PLATED MILS Quantity = 8',
          '%',
        ),
      },
    ]);
    expect(identities['both.txt']?.plating).toBe('mixed');
    expect(identities['plated.txt']?.plating).toBe('plated');
    expect(identities['allegro.drl']?.plating).toBe('mixed');
  });

  it('lets a header name the CAD tool of an upload whose names are ambiguous', () => {
    const orcad = lines('*', 'G04 Mass Parameters ***', '%FSLAN2X34Y34*%', 'M02*');
    const identities = byName([
      { filename: 'x.top', content: orcad },
      { filename: 'x.bot', content: orcad },
      { filename: 'x.drd', content: EXCELLON },
    ]);
    expect(identities['x.top']?.cad).toBe('orcad');
    expect(identities['x.drd']).toMatchObject({ type: 'drill', filetype: 'drill' });
  });
});
