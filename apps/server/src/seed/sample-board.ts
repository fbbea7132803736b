import { writeOutlineGerber } from '@circuits/gerber';
import {
  BASE_NAME,
  BOARD,
  BOTTOM_TRACKS,
  HEADER_NETS,
  HEADER_PITCH,
  MASK_EXPANSION,
  MOUNTING_HOLE,
  MOUNTING_HOLES,
  PADS,
  PARTS,
  type PadShape,
  type Part,
  POUR_CLEARANCE,
  type Point,
  SILK_LINE,
  SMD_PADS,
  THT_PADS,
  TOP_TRACKS,
  VIA_DRILL,
  VIA_PAD,
  VIAS,
} from './sample-board-design.ts';
import { GerberWriter } from './sample-board-gerber-writer.ts';
import { lettering } from './stroke-font.ts';

// The demo workspace's sample board, drawn by code at first start so the repository holds no
// third-party board files: a 60 × 40 mm two-layer I2C temperature sensor (an SO-8 sensor, pull-up
// resistors, decoupling capacitors, an alert LED and a 4-pin header) with tracks on both sides, a
// ground pour on the bottom, mask, paste, silkscreen, plated and non-plated drills, a BOM and a
// pick-and-place file. Names follow KiCad's export, so detection types every file as a user's
// KiCad upload would be.

export type SampleFile = { name: string; text: string };

// ---- The layers --------------------------------------------------------------------------------

function grown(shape: PadShape, by: number): PadShape {
  return shape.kind === 'circle'
    ? { kind: 'circle', diameter: shape.diameter + 2 * by }
    : { kind: 'rect', width: shape.width + 2 * by, height: shape.height + 2 * by };
}

const circle = (diameter: number): PadShape => ({ kind: 'circle', diameter });

function topCopper(): string {
  const layer = new GerberWriter('Copper,L1,Top', 'Positive');
  for (const track of TOP_TRACKS) layer.stroke(track.points, track.width);
  for (const pad of PADS) layer.flash(pad.at, pad.shape);
  for (const via of VIAS) layer.flash(via.at, circle(VIA_PAD));
  return layer.text();
}

/** Bottom copper: a ground pour with clearances around everything not on ground. */
function bottomCopper(): string {
  const layer = new GerberWriter('Copper,L2,Bot', 'Positive');
  const inset = 0.6;
  layer.region([
    [inset, inset],
    [BOARD.width - inset, inset],
    [BOARD.width - inset, BOARD.length - inset],
    [inset, BOARD.length - inset],
  ]);
  layer.clear(true);
  for (const pad of THT_PADS.filter((candidate) => candidate.net !== 'GND')) {
    layer.flash(pad.at, grown(pad.shape, POUR_CLEARANCE));
  }
  for (const via of VIAS.filter((candidate) => candidate.net !== 'GND')) {
    layer.flash(via.at, circle(VIA_PAD + 2 * POUR_CLEARANCE));
  }
  for (const hole of MOUNTING_HOLES) layer.flash(hole, circle(MOUNTING_HOLE + 1));
  for (const track of BOTTOM_TRACKS) {
    layer.stroke(track.points, track.width + 2 * POUR_CLEARANCE);
  }
  layer.clear(false);
  for (const track of BOTTOM_TRACKS) layer.stroke(track.points, track.width);
  for (const pad of THT_PADS) layer.flash(pad.at, pad.shape);
  for (const via of VIAS) layer.flash(via.at, circle(VIA_PAD));
  return layer.text();
}

/** Mask openings: every pad on the side (vias stay tented), and the mounting holes. */
function mask(side: 'Top' | 'Bot'): string {
  const layer = new GerberWriter(`Soldermask,${side}`, 'Negative');
  const pads = side === 'Top' ? PADS : THT_PADS;
  for (const pad of pads) layer.flash(pad.at, grown(pad.shape, MASK_EXPANSION));
  for (const hole of MOUNTING_HOLES) layer.flash(hole, circle(MOUNTING_HOLE + 0.4));
  return layer.text();
}

function topPaste(): string {
  const layer = new GerberWriter('Paste,Top', 'Positive');
  for (const pad of SMD_PADS) layer.flash(pad.at, pad.shape);
  return layer.text();
}

function topSilk(): string {
  const layer = new GerberWriter('Legend,Top', 'Positive');
  for (const part of PARTS) {
    layer.stroke(part.body, SILK_LINE);
    for (const stroke of lettering(part.ref, part.label, 1)) layer.stroke(stroke, SILK_LINE);
  }
  // Pin 1 of the sensor, and what each header pin carries.
  layer.stroke(
    [
      [27.8, 22.6],
      [27.8, 22.6],
    ],
    0.4,
  );
  HEADER_NETS.forEach((net, index) => {
    for (const stroke of lettering(net, [1.2, 23.5 - index * HEADER_PITCH], 1)) {
      layer.stroke(stroke, SILK_LINE);
    }
  });
  for (const stroke of lettering('NORTHWIND SENSOR NODE', [14, 33.5], 1.6)) {
    layer.stroke(stroke, 0.2);
  }
  for (const stroke of lettering('REV A', [44, 6], 1.2)) layer.stroke(stroke, SILK_LINE);
  return layer.text();
}

/** Bottom legend, mirrored as it is read from below. */
function bottomSilk(): string {
  const layer = new GerberWriter('Legend,Bot', 'Positive');
  for (const stroke of lettering('NORTHWIND ELECTRONICS', [52, 20], 1.6, true)) {
    layer.stroke(stroke, 0.2);
  }
  for (const stroke of lettering('CIRCUITS DEMO BOARD', [46, 15], 1.2, true)) {
    layer.stroke(stroke, SILK_LINE);
  }
  return layer.text();
}

// ---- Drills (Excellon, metric, decimal coordinates) -------------------------------------------

const millimetres = (value: number) => value.toFixed(3);

function drillFile(plating: 'PTH' | 'NPTH', holes: { diameter: number; at: Point }[]): string {
  const diameters = [...new Set(holes.map((hole) => hole.diameter))].sort((a, b) => a - b);
  const lines = [
    'M48',
    `; DRILL file {${BASE_NAME}} generated by Circuits`,
    '; FORMAT={-:-/ absolute / metric / decimal}',
    `; #@! TF.FileFunction,${plating === 'PTH' ? 'Plated' : 'NonPlated'},1,2,${plating}`,
    'FMAT,2',
    'METRIC',
    ...diameters.map((diameter, index) => `T${index + 1}C${millimetres(diameter)}`),
    '%',
    'G90',
    'G05',
  ];
  diameters.forEach((diameter, index) => {
    lines.push(`T${index + 1}`);
    for (const hole of holes.filter((candidate) => candidate.diameter === diameter)) {
      lines.push(`X${millimetres(hole.at[0])}Y${millimetres(hole.at[1])}`);
    }
  });
  lines.push('M30', '');
  return lines.join('\n');
}

// ---- Assembly tables ----------------------------------------------------------------------------

function bom(): string {
  const groups = new Map<string, Part[]>();
  for (const part of PARTS) {
    const key = `${part.value}|${part.footprint}|${part.mpn}`;
    groups.set(key, [...(groups.get(key) ?? []), part]);
  }
  const rows = [...groups.values()].map(
    (parts) =>
      `"${parts.map((part) => part.ref).join(',')}",${parts[0]!.value},${parts[0]!.footprint},${parts.length},${parts[0]!.mpn}`,
  );
  return ['Reference,Value,Footprint,Qty,MPN', ...rows, ''].join('\n');
}

function placements(): string {
  const rows = PARTS.map(
    (part) =>
      `${part.ref},${part.value},${part.footprint},${part.at[0].toFixed(4)},${part.at[1].toFixed(4)},${part.rotation.toFixed(4)},top`,
  );
  return ['Ref,Val,Package,PosX,PosY,Rot,Side', ...rows, ''].join('\n');
}

/** Every file of the sample board, as a KiCad export names them. */
export function sampleBoardFiles(): SampleFile[] {
  const file = (suffix: string, text: string) => ({ name: `${BASE_NAME}-${suffix}`, text });
  return [
    file('F_Cu.gbr', topCopper()),
    file('B_Cu.gbr', bottomCopper()),
    file('F_Mask.gbr', mask('Top')),
    file('B_Mask.gbr', mask('Bot')),
    file('F_Paste.gbr', topPaste()),
    file('F_Silkscreen.gbr', topSilk()),
    file('B_Silkscreen.gbr', bottomSilk()),
    file(
      'Edge_Cuts.gbr',
      writeOutlineGerber({
        width: BOARD.width,
        length: BOARD.length,
        radius: BOARD.cornerRadius,
        units: 'mm',
      }),
    ),
    file(
      'PTH.drl',
      drillFile('PTH', [
        ...VIAS.map((via) => ({ diameter: VIA_DRILL, at: via.at })),
        ...THT_PADS.map((pad) => ({ diameter: pad.drill!, at: pad.at })),
      ]),
    ),
    file(
      'NPTH.drl',
      drillFile(
        'NPTH',
        MOUNTING_HOLES.map((at) => ({ diameter: MOUNTING_HOLE, at })),
      ),
    ),
    file('bom.csv', bom()),
    file('pos.csv', placements()),
  ];
}

/** The board's parts as its BOM lists them: designator, value, footprint and part number. */
export function sampleBoardParts(): {
  ref: string;
  value: string;
  footprint: string;
  mpn: string;
}[] {
  return PARTS.map((part) => ({
    ref: part.ref,
    value: part.value,
    footprint: part.footprint,
    mpn: part.mpn,
  }));
}

/** The board's size, as its outline draws it. */
export const SAMPLE_BOARD_SIZE_MM = { width: BOARD.width, length: BOARD.length };
