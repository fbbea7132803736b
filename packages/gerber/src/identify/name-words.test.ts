import { describe, expect, it } from 'vitest';
import { engineInputKind } from './engine-inputs.ts';
import { identifyLayers } from './identify-layers.ts';
import { readNameWords } from './name-words.ts';

function said(name: string): string {
  const reading = readNameWords(name);
  if (reading === null) return 'nothing';
  if (reading.type === null) return `not a layer (${reading.auxiliary})`;
  const plating = reading.plating ? ` ${reading.plating}` : '';
  return `${reading.type}${reading.side && reading.side !== 'all' ? ` ${reading.side}` : ''}${plating}`;
}

describe('file names read as words', () => {
  it.each([
    // any case and separator, run together or camelCase
    ['board-top-copper.gbr', 'copper top'],
    ['BOARD_TOP_COPPER.GBR', 'copper top'],
    ['board.TopCopper.gbr', 'copper top'],
    ['board_BOTTOMSOLDERMASK.m2', 'soldermask bottom'],
    ['SilkscreenBottom.gdo', 'silkscreen bottom'],
    ['Top Solder Resist.GBR', 'soldermask top'],
    ['Top SMT Paste.GBR', 'solderpaste top'],
    ['pcb.Bottom Overlay.ger', 'silkscreen bottom'],
    ['board.legend.front.gbr', 'silkscreen top'],
    ['board-stencil-back.gbr', 'solderpaste bottom'],
    ['EtchLayerTop.gdo', 'copper top'],
    ['BoardOutline.gbr', 'outline'],
    ['board-Edge Cuts.gbr', 'outline'],
    ['contour.ncd', 'outline'],
    ['board-profile.pho', 'outline'],
    // abbreviations
    ['silkbotm.art', 'silkscreen bottom'],
    ['mask_prm.art', 'soldermask top'],
    ['paste_sec.art', 'solderpaste bottom'],
    ['board.PosiTop', 'silkscreen top'],
    ['board.StopBot', 'soldermask bottom'],
    // other languages
    ['platine_kupfer_oben.gbr', 'copper top'],
    ['platine_Loetstopp_unten.gbr', 'soldermask bottom'],
    ['carte-cuivre-dessous.gbr', 'copper bottom'],
    ['carte-serigraphie-dessus.gbr', 'silkscreen top'],
    ['placa_serigrafia_superior.gbr', 'silkscreen top'],
    ['scheda-rame-inferior.gbr', 'copper bottom'],
    ['platine-bohrung.txt', 'drill'],
    // drills and their plating
    ['ThruHolePlated.ncd', 'drill plated'],
    ['ThruHoleNonPlated.ncd', 'drill non-plated'],
    ['Drill_NPTH_Through.DRL', 'drill non-plated'],
    ['board - CADCAM Drill TOP-BOT Plated.GBR', 'drill plated'],
    ['routed_Drill_thru_nplt.fdr', 'drill non-plated'],
    // a drawing of a layer is a drawing
    ['asy_top.art', 'drawing'],
    ['copper_top_removal.gbr', 'drawing'],
    ['DrillDrawingThrough.gdo', 'drawing'],
    ['board_DRILLPHOTO.d1', 'drawing'],
    // files that are not layers
    ['CADCAM READ-ME.TXT', 'not a layer (other)'],
    ['How-to-order-PCB.txt', 'not a layer (other)'],
    ['board_pin-1_xy.plc', 'not a layer (placement)'],
    ['board.Tool', 'not a layer (report)'],
    ['board.Apr', 'not a layer (report)'],
    ['board-ipc356.ipc', 'not a layer (other)'],
    ['Drill_thru_plt.fdl', 'not a layer (drill-parameters)'],
    ['photo.log', 'not a layer (report)'],
    // names that say nothing stay unread; a project name is not cut into words
    ['stopwatch.gbr', 'nothing'],
    ['desktop.gbr', 'nothing'],
    ['board.gbr', 'nothing'],
  ])('%s: %s', (name, expected) => {
    expect(said(name)).toBe(expected);
  });
});

describe('names read as words within an upload', () => {
  const identify = (names: string[]) =>
    Object.fromEntries(
      identifyLayers(names.map((filename) => ({ filename }))).map((identity) => [
        identity.filename,
        `${identity.type}/${identity.side}${identity.layerNumber ? `#${identity.layerNumber}` : ''}`,
      ]),
    );

  it('orders numbered copper films: 1 is the top, the highest-numbered the bottom', () => {
    expect(identify(['art01.art', 'art02.art', 'pgp03.art', 'art04.art'])).toEqual({
      'art01.art': 'copper/top#1',
      'art02.art': 'copper/inner#2',
      'pgp03.art': 'copper/inner',
      'art04.art': 'copper/bottom#4',
    });
    expect(identify(['Conductive-1.fph', 'Conductive-2.fph'])).toEqual({
      'Conductive-1.fph': 'copper/top#1',
      'Conductive-2.fph': 'copper/bottom#2',
    });
  });

  it('makes two masks without a side a top and a bottom, and leaves a third to the user', () => {
    expect(identify(['board.mask1.gbr', 'board.mask2.gbr', 'board.gtl'])).toMatchObject({
      'board.mask1.gbr': 'soldermask/top',
      'board.mask2.gbr': 'soldermask/bottom',
    });
    expect(identify(['x.gts', 'y-mask.gbr'])['y-mask.gbr']).toBe('soldermask/bottom');
    expect(identify(['x.gts', 'x.gbs', 'y-mask.gbr'])['y-mask.gbr']).toBe('null/null');
  });

  it('takes an OrCAD fabrication drawing as the outline only when no outline file is there', () => {
    expect(identify(['board.fab', 'board.top'])['board.fab']).toBe('outline/all');
    expect(identify(['board.fab', 'board.gko'])['board.fab']).toBe('drawing/null');
  });

  it('gives a name read as words a medium or low confidence and says which words', () => {
    const [silk, copper] = identifyLayers([
      { filename: 'SilkscreenBottom.gdo' },
      { filename: 'L05.gdo' },
      { filename: 'L01_Top.gdo' },
      { filename: 'L12_Bottom.gdo' },
    ]);
    expect(silk).toMatchObject({ confidence: 'medium', source: 'name' });
    expect(silk?.reason).toContain('silkscreen bottom');
    expect(copper).toMatchObject({ type: 'copper', side: 'inner', confidence: 'low' });
  });
});

describe('files the engine reads beside the layers', () => {
  it.each([
    ['nc_param.txt', 'drill-parameters'],
    ['MinnowMax_RevA1_DRILL/nc_param.txt', 'drill-parameters'],
    ['nc_route_param.txt', 'drill-parameters'],
    ['board-job.gbrjob', 'job'],
    ['gerber_job.gbrjob', 'job'],
    ['art_param.txt', null],
    ['board.TXT', null],
    ['readme.txt', null],
    ['board-F_Cu.gbr', null],
  ])('%s: %s', (name, kind) => {
    expect(engineInputKind(name)).toBe(kind);
  });
});
