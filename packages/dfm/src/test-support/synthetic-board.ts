// Synthetic boards for the tests: a small description written out as real Gerber and Excellon
// text, plotted by packages/gerber, so the checks are tested on the engine's real output.

import { type LayerImage, parseAndPlot } from '@circuits/gerber';
import type { DfmLayer } from '../check-board.ts';

export type Item =
  | { type: 'track'; width: number; points: number[] }
  | {
      type: 'arc';
      width: number;
      x1: number;
      y1: number;
      x2: number;
      y2: number;
      cx: number;
      cy: number;
      clockwise: boolean;
    }
  | { type: 'circle'; x: number; y: number; diameter: number }
  | { type: 'rect'; x: number; y: number; width: number; height: number }
  | { type: 'region'; points: number[] }
  /** Everything after it is drawn clear (true) or dark again (false). */
  | { type: 'polarity'; clear: boolean };

export interface Drill {
  x: number;
  y: number;
  diameter: number;
}

export interface SyntheticBoard {
  /** Copper layers from top to bottom (2 or more). */
  copper: Item[][];
  plated: Drill[];
  nonPlated?: Drill[];
  /** The outline as a closed polygon of flat points. */
  outline: number[];
}

const n = (value: number) => value.toFixed(6);

function gerber(items: readonly Item[]): string {
  const apertures = new Map<string, number>();
  const body: string[] = [];
  const aperture = (definition: string) => {
    let code = apertures.get(definition);
    if (code === undefined) {
      code = 10 + apertures.size;
      apertures.set(definition, code);
    }
    body.push(`D${code}*`);
  };
  for (const item of items) {
    switch (item.type) {
      case 'polarity':
        body.push(item.clear ? '%LPC*%' : '%LPD*%');
        break;
      case 'track':
        aperture(`C,${n(item.width)}`);
        body.push(`X${n(item.points[0] as number)}Y${n(item.points[1] as number)}D02*`);
        for (let i = 2; i < item.points.length; i += 2) {
          body.push(`G01X${n(item.points[i] as number)}Y${n(item.points[i + 1] as number)}D01*`);
        }
        break;
      case 'arc':
        aperture(`C,${n(item.width)}`);
        body.push('G75*', `X${n(item.x1)}Y${n(item.y1)}D02*`);
        body.push(
          `${item.clockwise ? 'G02' : 'G03'}X${n(item.x2)}Y${n(item.y2)}I${n(item.cx - item.x1)}J${n(item.cy - item.y1)}D01*`,
          'G01*',
        );
        break;
      case 'circle':
        aperture(`C,${n(item.diameter)}`);
        body.push(`X${n(item.x)}Y${n(item.y)}D03*`);
        break;
      case 'rect':
        aperture(`R,${n(item.width)}X${n(item.height)}`);
        body.push(`X${n(item.x)}Y${n(item.y)}D03*`);
        break;
      case 'region': {
        const { points } = item;
        body.push('G36*', `X${n(points[0] as number)}Y${n(points[1] as number)}D02*`);
        for (let i = 2; i < points.length; i += 2)
          body.push(`G01X${n(points[i] as number)}Y${n(points[i + 1] as number)}D01*`);
        body.push(`X${n(points[0] as number)}Y${n(points[1] as number)}D01*`, 'G37*');
        break;
      }
    }
  }
  const definitions = [...apertures].map(([definition, code]) => `%ADD${code}${definition}*%`);
  return ['%FSLAX46Y46*%', '%MOMM*%', '%LPD*%', ...definitions, ...body, 'M02*', ''].join('\n');
}

function excellon(drills: readonly Drill[]): string {
  const sizes = [...new Set(drills.map((drill) => drill.diameter))];
  const lines = [
    'M48',
    'METRIC',
    ...sizes.map((size, i) => `T${i + 1}C${size.toFixed(4)}`),
    '%',
    'G90',
    'G05',
  ];
  sizes.forEach((size, i) => {
    lines.push(`T${i + 1}`);
    for (const drill of drills) {
      if (drill.diameter === size) lines.push(`X${drill.x.toFixed(4)}Y${drill.y.toFixed(4)}`);
    }
  });
  lines.push('M30', '');
  return lines.join('\n');
}

function plotted(text: string, filetype: 'gerber' | 'drill'): LayerImage {
  const image = parseAndPlot(text, { filetype, units: 'mm' });
  if ('type' in image && image.type === 'error') throw new Error('synthetic layer did not plot');
  return image as LayerImage;
}

/** The board as the render's layers: plotted images with their types and sides. */
export function boardLayers(board: SyntheticBoard): DfmLayer[] {
  const last = board.copper.length - 1;
  const layers: DfmLayer[] = board.copper.map((items, index) => ({
    filename: index === 0 ? 'top.gtl' : index === last ? 'bottom.gbl' : `inner${index}.g${index}`,
    type: 'copper',
    side: index === 0 ? 'top' : index === last ? 'bottom' : 'inner',
    converter: plotted(gerber(items), 'gerber'),
  }));
  const outline = board.outline;
  layers.push({
    filename: 'outline.gko',
    type: 'outline',
    side: 'all',
    converter: plotted(
      gerber([
        {
          type: 'track',
          width: 0.05,
          points: [...outline, outline[0] as number, outline[1] as number],
        },
      ]),
      'gerber',
    ),
  });
  layers.push({
    filename: 'board-PTH.drl',
    type: 'drill',
    side: 'all',
    converter: plotted(excellon(board.plated), 'drill'),
  });
  if (board.nonPlated?.length) {
    layers.push({
      filename: 'board-NPTH.drl',
      type: 'drill',
      side: 'all',
      converter: plotted(excellon(board.nonPlated), 'drill'),
    });
  }
  return layers;
}

/** A plane transform of points, for the property tests. */
export type Transform = (x: number, y: number) => [number, number];

function movePoints(points: readonly number[], transform: Transform): number[] {
  const out: number[] = [];
  for (let i = 0; i < points.length; i += 2)
    out.push(...transform(points[i] as number, points[i + 1] as number));
  return out;
}

/** The board moved by a transform; `mirrors` says whether it turns the plane over (arcs swap direction). */
export function transformBoard(
  board: SyntheticBoard,
  transform: Transform,
  mirrors: boolean,
  swapsAxes: boolean,
): SyntheticBoard {
  const item = (value: Item): Item => {
    switch (value.type) {
      case 'polarity':
        return value;
      case 'track':
        return { ...value, points: movePoints(value.points, transform) };
      case 'region':
        return { ...value, points: movePoints(value.points, transform) };
      case 'circle': {
        const [x, y] = transform(value.x, value.y);
        return { ...value, x, y };
      }
      case 'rect': {
        const [x, y] = transform(value.x, value.y);
        return swapsAxes
          ? { ...value, x, y, width: value.height, height: value.width }
          : { ...value, x, y };
      }
      case 'arc': {
        const [x1, y1] = transform(value.x1, value.y1);
        const [x2, y2] = transform(value.x2, value.y2);
        const [cx, cy] = transform(value.cx, value.cy);
        return {
          ...value,
          x1,
          y1,
          x2,
          y2,
          cx,
          cy,
          clockwise: mirrors ? !value.clockwise : value.clockwise,
        };
      }
    }
  };
  const drill = (value: Drill): Drill => {
    const [x, y] = transform(value.x, value.y);
    return { ...value, x, y };
  };
  return {
    copper: board.copper.map((items) => items.map(item)),
    plated: board.plated.map(drill),
    nonPlated: board.nonPlated?.map(drill),
    outline: movePoints(board.outline, transform),
  };
}
