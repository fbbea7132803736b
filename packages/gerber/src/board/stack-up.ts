// One side of the board as an SVG: the layers' drawings stacked as the board is made. The base
// is the board shape; copper over it; copper in the solder mask's openings again in the finish
// colour; the mask (its layer is negative: what it draws are openings); silkscreen; paste; and
// the drill holes cut through everything, or drawn in the copper colour when there is no board
// shape to cut them through. The bottom is seen from below: mirrored left to right.

import type { Units } from '../image/types.ts';
import type { RenderedLayer } from '../render/render-layer.ts';
import { HAIRLINE_ATTRIBUTES, svgDocument } from '../render/render-layer.ts';
import { type BoardPaints, paintAttributes } from './colors.ts';

/** A layer's drawing (renderLayerContent output) and the scale into the board's units. */
export interface StackLayer {
  /** The id the content was rendered with (`l3`): every id in it starts with `l3-`. */
  id: string;
  defs: string;
  content: string;
  /** Board units per layer unit: 1, 25.4 (inch layer on a mm board) or 1/25.4. */
  scale: number;
}

export interface StackUp {
  copper: StackLayer[];
  soldermask: StackLayer[];
  silkscreen: StackLayer[];
  solderpaste: StackLayer[];
  drill: StackLayer[];
}

/** The board shape as a path (even-odd) in its own units, scaled like a layer. */
export interface ShapePath {
  d: string;
  scale: number;
}

export interface SideInput {
  side: 'top' | 'bottom';
  viewBox: [number, number, number, number];
  units: Units;
  layers: StackUp;
  /** null: no shape known, nothing is clipped and no base is drawn. */
  shape: ShapePath | null;
  paints: BoardPaints;
}

function scaled(scale: number, content: string): string {
  return scale === 1 ? content : `<g transform='scale(${scale})'>${content}</g>`;
}

/**
 * Gives a layer's ids a side prefix (`l3-m1` becomes `top-l3-m1`), so the top and bottom SVGs and
 * the per-layer SVGs can share one page.
 */
function prefixIds(text: string, side: string, id: string): string {
  // Plain substring replacement: much faster than a regular expression on large drawings.
  return text
    .split(`id='${id}-`)
    .join(`id='${side}-${id}-`)
    .split(`#${id}-`)
    .join(`#${side}-${id}-`);
}

export function renderSide(input: SideInput): RenderedLayer {
  const { side, viewBox, units, layers, shape, paints } = input;
  const id = (name: string) => `${side}-${name}`;
  let defs = '';
  // Each group of layers is defined once and placed with <use> wherever it is needed.
  const group = (name: string, list: StackLayer[]): boolean => {
    if (list.length === 0) return false;
    let content = '';
    for (const layer of list) {
      // Every id a layer's content refers to is defined in its defs: no defs, no ids.
      const own = layer.defs === '' ? layer.content : prefixIds(layer.content, side, layer.id);
      defs += prefixIds(layer.defs, side, layer.id);
      content += scaled(layer.scale, own);
    }
    defs += `<g id='${id(name)}'>${content}</g>`;
    return true;
  };
  const hasCopper = group('copper', layers.copper);
  const hasMask = group('soldermask', layers.soldermask);
  const hasSilk = group('silkscreen', layers.silkscreen);
  const hasPaste = group('solderpaste', layers.solderpaste);
  const hasDrill = group('drill', layers.drill);

  // Masks cover the whole picture with a margin, in the picture's coordinates.
  const [x, y, width, height] = viewBox;
  const margin = Math.max(width, height) / 100 + 1;
  const area = `x='${x - margin}' y='${y - margin}' width='${width + 2 * margin}' height='${height + 2 * margin}'`;
  const mask = (name: string, content: string) =>
    `<mask id='${id(name)}' maskUnits='userSpaceOnUse' ${area}>${content}</mask>`;
  const use = (name: string, attributes: string) => `<use href='#${id(name)}' ${attributes}/>`;

  const shapePath = shape
    ? `<path d='${shape.d}' fill-rule='evenodd' clip-rule='evenodd'${shape.scale === 1 ? '' : ` transform='scale(${shape.scale})'`}`
    : '';
  if (shape) defs += `<clipPath id='${id('shape')}'>${shapePath}/></clipPath>`;
  if (hasMask) {
    defs += mask('mask-openings', use('soldermask', "fill='#fff' stroke='#fff'"));
    defs += mask(
      'mask-cover',
      `<rect ${area} fill='#fff'/>${use('soldermask', "fill='#000' stroke='#000'")}`,
    );
  }
  // Without a board shape there is no board to cut holes through: they are drawn instead.
  if (hasDrill && shape)
    defs += mask(
      'holes',
      `<rect ${area} fill='#fff'/>${use('drill', "fill='#000' stroke='#000'")}`,
    );

  let board = shape ? `${shapePath} ${paintAttributes(paints.board)}/>` : '';
  if (hasCopper) {
    // Without a solder mask layer all copper is bare, so it shows its finish.
    board += use('copper', paintAttributes(hasMask ? paints.copper : paints.copperFinish));
    if (hasMask) {
      board += `<g mask='url(#${id('mask-openings')})'>${use('copper', paintAttributes(paints.copperFinish))}</g>`;
    }
  }
  if (hasMask) {
    board += `<g mask='url(#${id('mask-cover')})'><rect ${area} ${paintAttributes(paints.mask)}/></g>`;
  }
  if (hasSilk) board += use('silkscreen', paintAttributes(paints.silk));
  if (hasPaste) board += use('solderpaste', paintAttributes(paints.paste));
  if (shape) board = `<g clip-path='url(#${id('shape')})'>${board}</g>`;
  if (hasDrill && shape) board = `<g mask='url(#${id('holes')})'>${board}</g>`;
  // Light on the viewer's dark background, as the copper is.
  if (hasDrill && !shape) board += use('drill', paintAttributes(paints.copper));
  if (shape) {
    const { color, opacity } = paints.outline;
    board +=
      `${shapePath} fill='none' stroke='${color}'${opacity < 1 ? ` stroke-opacity='${opacity}'` : ''} ` +
      `${HAIRLINE_ATTRIBUTES}/>`;
  }
  if (side === 'bottom') {
    // Mirrored about the vertical centre line of the picture.
    board = `<g transform='matrix(-1 0 0 1 ${2 * x + width} 0)'>${board}</g>`;
  }
  return svgDocument(viewBox, units, defs, board);
}
