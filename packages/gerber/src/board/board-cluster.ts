// Where the board is among what its films draw, without an outline: pads and drill holes crowd
// on the board, while a film's registration marks, a title block or a drawing beside the board
// stand apart. The board is the largest group of pad and hole points no wider gap than
// CLUSTER_GAP_MM separates.

import { MM_PER_INCH } from '../constants.ts';
import { pointsBox } from '../image/box.ts';
import type { Box, Units } from '../image/types.ts';

/** Pads and holes closer than this belong to one group (a board's parts rarely stand further apart). */
const CLUSTER_GAP_MM = 6;
/** Cells of the occupancy grid along the longer side, at most. */
const GRID_CELLS = 512;
/** The board's group must hold this share of the points, else no group is the board. */
const BOARD_SHARE = 0.9;

/**
 * The bounds of the largest group of points (flat [x, y, ...] in board units), when it holds at
 * least BOARD_SHARE of them and something stands apart from it; null otherwise (one group: the
 * board is all of it, or no group stands out).
 */
export function boardCluster(points: readonly number[], units: Units): Box | null {
  const count = points.length / 2;
  if (count < 8) return null;
  const { minX, minY, maxX, maxY } = pointsBox(points);
  const mm = units === 'in' ? 1 / MM_PER_INCH : 1;
  const cell = Math.max(mm, Math.max(maxX - minX, maxY - minY) / GRID_CELLS);
  const reach = Math.max(1, Math.ceil((CLUSTER_GAP_MM * mm) / cell));
  const columns = Math.floor((maxX - minX) / cell) + 1;
  const cellOf = (index: number) =>
    Math.floor(((points[index + 1] as number) - minY) / cell) * columns +
    Math.floor(((points[index] as number) - minX) / cell);
  const occupied = new Map<number, number>();
  for (let index = 0; index < points.length; index += 2) {
    const key = cellOf(index);
    occupied.set(key, (occupied.get(key) ?? 0) + 1);
  }
  // Groups of occupied cells within `reach` cells of each other, by flood fill.
  const group = new Map<number, number>();
  const sizes: number[] = [];
  for (const start of occupied.keys()) {
    if (group.has(start)) continue;
    const id = sizes.length;
    let size = 0;
    const stack = [start];
    group.set(start, id);
    while (stack.length > 0) {
      const here = stack.pop() as number;
      size += occupied.get(here) as number;
      const cx = here % columns;
      const cy = (here - cx) / columns;
      for (let dy = -reach; dy <= reach; dy++) {
        for (let dx = -reach; dx <= reach; dx++) {
          const nx = cx + dx;
          if (nx < 0 || nx >= columns) continue;
          const next = (cy + dy) * columns + nx;
          if (occupied.has(next) && !group.has(next)) {
            group.set(next, id);
            stack.push(next);
          }
        }
      }
    }
    sizes.push(size);
  }
  if (sizes.length < 2) return null;
  const largest = sizes.indexOf(Math.max(...sizes));
  if ((sizes[largest] as number) < BOARD_SHARE * count) return null;
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (let index = 0; index < points.length; index += 2) {
    if (group.get(cellOf(index)) !== largest) continue;
    const x = points[index] as number;
    const y = points[index + 1] as number;
    box.minX = Math.min(box.minX, x);
    box.maxX = Math.max(box.maxX, x);
    box.minY = Math.min(box.minY, y);
    box.maxY = Math.max(box.maxY, y);
  }
  return box;
}

/** Whether (x, y) lies in `box` grown by `margin`. */
export function nearBox(box: Box, x: number, y: number, margin: number): boolean {
  return (
    x >= box.minX - margin &&
    x <= box.maxX + margin &&
    y >= box.minY - margin &&
    y <= box.maxY + margin
  );
}
