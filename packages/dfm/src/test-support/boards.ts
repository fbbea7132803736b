// The synthetic boards of the tests: one clean board and variants with one known violation.

import type { SyntheticBoard } from './synthetic-board.ts';

/** 30 × 20 mm, two layers, 0.2 mm tracks 0.2 mm apart, vias of 0.3 mm in 0.6 mm pads. */
export function cleanBoard(): SyntheticBoard {
  return {
    outline: [0, 0, 30, 0, 30, 20, 0, 20],
    copper: [
      [
        { type: 'circle', x: 5, y: 5, diameter: 0.6 },
        { type: 'track', width: 0.2, points: [5, 5, 15, 5, 15, 10] },
        { type: 'circle', x: 15, y: 10, diameter: 0.6 },
        { type: 'track', width: 0.2, points: [6, 5.4, 14.6, 5.4, 14.6, 8] },
        { type: 'rect', x: 22, y: 12, width: 1.5, height: 1 },
        { type: 'region', points: [2, 14, 10, 14, 10, 18, 2, 18] },
        { type: 'arc', width: 0.25, x1: 20, y1: 5, x2: 24, y2: 5, cx: 22, cy: 5, clockwise: true },
      ],
      [
        { type: 'circle', x: 5, y: 5, diameter: 0.6 },
        { type: 'circle', x: 15, y: 10, diameter: 0.6 },
        { type: 'track', width: 0.25, points: [15, 10, 25, 10, 25, 16] },
      ],
    ],
    plated: [
      { x: 5, y: 5, diameter: 0.3 },
      { x: 15, y: 10, diameter: 0.3 },
    ],
    nonPlated: [{ x: 27, y: 3, diameter: 3 }],
  };
}

export function withTop(
  board: SyntheticBoard,
  ...items: SyntheticBoard['copper'][number]
): SyntheticBoard {
  const [top, ...rest] = board.copper;
  return { ...board, copper: [[...(top ?? []), ...items], ...rest] };
}
