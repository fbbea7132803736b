// The placements overlay as the viewer draws it: every part of the side shown as a quadrilateral
// in the picture's millimetres (y down, mirrored when the bottom is seen), with its bounding box
// for culling and hit testing. Drawing goes to a canvas, not to SVG elements: a board of 20,000
// placements is one path, drawn once into a bitmap that pan and zoom only transform, and drawn
// again sharp (labels included) for the part on screen once the picture rests.

import type { FrameMm } from './board-picture.ts';
import { type PlacementForOverlay, type Point, placementOutline } from './placement-outlines.ts';

/** A shift of the placements against the Gerber origin, in board millimetres (y up). */
export type OffsetMm = { x: number; y: number };

export const NO_OFFSET: OffsetMm = { x: 0, y: 0 };

export type OverlayPart = {
  id: number;
  refDesign: string;
  dnp: boolean;
  /** x0, y0 … x3, y3 of the corners in picture millimetres. */
  corners: Float64Array;
  centerX: number;
  centerY: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** The label's height in millimetres: it scales with the part, within legible limits. */
  labelMm: number;
};

/** Maps board millimetres (y up) to the picture's (y down; x flipped when mirrored). */
export function boardToPicture(frame: FrameMm, mirrored: boolean) {
  return ({ x, y }: Point): Point => ({ x: mirrored ? 2 * frame.x + frame.width - x : x, y: -y });
}

/** A shift on the picture (millimetres, y down) as a shift of the placements on the board. */
export function pictureShiftToBoard(dx: number, dy: number, mirrored: boolean): OffsetMm {
  return { x: mirrored ? -dx : dx, y: -dy };
}

export function overlayParts(
  placements: readonly PlacementForOverlay[],
  side: 'top' | 'bottom',
  frame: FrameMm,
  mirrored: boolean,
  offset: OffsetMm = NO_OFFSET,
): OverlayPart[] {
  const map = boardToPicture(frame, mirrored);
  const parts: OverlayPart[] = [];
  for (const placement of placements) {
    if (placement.side !== side) continue;
    const outline = placementOutline({
      ...placement,
      x: placement.x + offset.x,
      y: placement.y + offset.y,
    });
    const corners = new Float64Array(8);
    let minX = Number.POSITIVE_INFINITY;
    let minY = Number.POSITIVE_INFINITY;
    let maxX = Number.NEGATIVE_INFINITY;
    let maxY = Number.NEGATIVE_INFINITY;
    outline.corners.forEach((corner, index) => {
      const point = map(corner);
      corners[index * 2] = point.x;
      corners[index * 2 + 1] = point.y;
      minX = Math.min(minX, point.x);
      minY = Math.min(minY, point.y);
      maxX = Math.max(maxX, point.x);
      maxY = Math.max(maxY, point.y);
    });
    const center = map(outline.center);
    const shortSide = Math.min(
      Math.hypot(corners[2]! - corners[0]!, corners[3]! - corners[1]!),
      Math.hypot(corners[6]! - corners[0]!, corners[7]! - corners[1]!),
    );
    parts.push({
      id: placement.id,
      refDesign: placement.refDesign,
      dnp: placement.dnp === true,
      corners,
      centerX: center.x,
      centerY: center.y,
      minX,
      minY,
      maxX,
      maxY,
      labelMm: Math.min(1.4, Math.max(0.35, shortSide * 0.45)),
    });
  }
  return parts;
}

function inside(part: OverlayPart, x: number, y: number): boolean {
  if (x < part.minX || x > part.maxX || y < part.minY || y > part.maxY) return false;
  // Convex quadrilateral: the point is on the same side of every edge.
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const ax = part.corners[i * 2]!;
    const ay = part.corners[i * 2 + 1]!;
    const bx = part.corners[((i + 1) % 4) * 2]!;
    const by = part.corners[((i + 1) % 4) * 2 + 1]!;
    const cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax);
    if (cross === 0) continue;
    const current = Math.sign(cross);
    if (sign === 0) sign = current;
    else if (current !== sign) return false;
  }
  return true;
}

/**
 * The part under a point of the picture (millimetres): the smallest one holding it, so a
 * resistor inside a connector's outline can be picked; else the nearest within `slackMm`.
 */
export function partAt(
  parts: readonly OverlayPart[],
  x: number,
  y: number,
  slackMm = 0,
): OverlayPart | null {
  let best: OverlayPart | null = null;
  let bestArea = Number.POSITIVE_INFINITY;
  for (const part of parts) {
    if (!inside(part, x, y)) continue;
    const area = (part.maxX - part.minX) * (part.maxY - part.minY);
    if (area < bestArea) {
      best = part;
      bestArea = area;
    }
  }
  if (best || slackMm <= 0) return best;
  let nearest = slackMm;
  for (const part of parts) {
    const dx = Math.max(part.minX - x, 0, x - part.maxX);
    const dy = Math.max(part.minY - y, 0, y - part.maxY);
    const distance = Math.hypot(dx, dy);
    if (distance <= nearest) {
      nearest = distance;
      best = part;
    }
  }
  return best;
}

/** Picture millimetres to canvas pixels: px = (mm - origin) * scale. */
export type CanvasMapping = { originX: number; originY: number; scale: number };

/** A rectangle of the picture in millimetres. */
export type AreaMm = { minX: number; minY: number; maxX: number; maxY: number };

export const OVERLAY_COLORS = {
  outline: '#ffd43b',
  fill: 'rgba(255, 212, 59, 0.13)',
  dnp: 'rgba(200, 200, 200, 0.75)',
  selected: '#3bc9db',
  selectedFill: 'rgba(59, 201, 219, 0.35)',
} as const;

/** Labels smaller than this on screen are left out: unreadable, and costly by the thousand. */
export const MIN_LABEL_PX = 6;
/** At most this many labels per drawing; past it the view is too far out to read them. */
export const MAX_LABELS = 4000;

function overlaps(part: OverlayPart, area: AreaMm | null): boolean {
  return (
    area === null ||
    (part.maxX >= area.minX &&
      part.minX <= area.maxX &&
      part.maxY >= area.minY &&
      part.minY <= area.maxY)
  );
}

function tracePart(context: CanvasRenderingContext2D, part: OverlayPart, map: CanvasMapping) {
  const { corners } = part;
  const px = (index: number) => (corners[index]! - map.originX) * map.scale;
  const py = (index: number) => (corners[index]! - map.originY) * map.scale;
  context.moveTo(px(0), py(1));
  context.lineTo(px(2), py(3));
  context.lineTo(px(4), py(5));
  context.lineTo(px(6), py(7));
  context.closePath();
}

/** Outlines traced per path (and labels per step) when drawing is split into steps. */
export const OUTLINES_PER_STEP = 1500;
export const LABELS_PER_STEP = 200;

/**
 * Draws `parts` as steps, each small enough to fit in a frame beside the user's moves: outlines
 * a batch per path, do-not-populate parts dashed in grey, then the references where they are big
 * enough to read. Answers what it drew when done.
 */
export function* overlayDrawing(
  context: CanvasRenderingContext2D,
  parts: readonly OverlayPart[],
  map: CanvasMapping,
  pixelRatio = 1,
): Generator<void, { drawn: number; labels: number }> {
  const placed = parts.filter((part) => !part.dnp);
  const skipped = parts.filter((part) => part.dnp);
  context.lineJoin = 'round';
  context.lineWidth = Math.max(1, 1.1 * pixelRatio);
  for (let start = 0; start < placed.length; start += OUTLINES_PER_STEP) {
    context.beginPath();
    for (const part of placed.slice(start, start + OUTLINES_PER_STEP)) {
      tracePart(context, part, map);
    }
    context.fillStyle = OVERLAY_COLORS.fill;
    context.fill();
    context.strokeStyle = OVERLAY_COLORS.outline;
    context.stroke();
    yield;
  }
  if (skipped.length > 0) {
    context.beginPath();
    for (const part of skipped) tracePart(context, part, map);
    context.setLineDash([3 * pixelRatio, 3 * pixelRatio]);
    context.strokeStyle = OVERLAY_COLORS.dnp;
    context.stroke();
    context.setLineDash([]);
    yield;
  }
  const labelled = parts.filter((part) => part.labelMm * map.scale >= MIN_LABEL_PX * pixelRatio);
  let labels = 0;
  if (labelled.length > 0 && labelled.length <= MAX_LABELS) {
    let font = '';
    for (const part of labelled) {
      // Set again after each step: the canvas may have been drawn on between steps.
      if (labels % LABELS_PER_STEP === 0) {
        if (labels > 0) yield;
        context.textAlign = 'center';
        context.textBaseline = 'middle';
        font = '';
      }
      const size = Math.min(part.labelMm * map.scale, 28 * pixelRatio);
      const next = `600 ${size.toFixed(1)}px Inter, system-ui, sans-serif`;
      if (next !== font) {
        context.font = next;
        font = next;
      }
      context.fillStyle = part.dnp ? OVERLAY_COLORS.dnp : OVERLAY_COLORS.outline;
      context.fillText(
        part.refDesign,
        (part.centerX - map.originX) * map.scale,
        (part.centerY - map.originY) * map.scale,
      );
      labels++;
    }
  }
  return { drawn: parts.length, labels };
}

/** Draws the parts overlapping `area` (all when null) at once (see overlayDrawing). */
export function drawOverlay(
  context: CanvasRenderingContext2D,
  parts: readonly OverlayPart[],
  map: CanvasMapping,
  area: AreaMm | null,
  pixelRatio = 1,
): { drawn: number; labels: number } {
  const drawing = overlayDrawing(
    context,
    area === null ? parts : parts.filter((part) => overlaps(part, area)),
    map,
    pixelRatio,
  );
  for (;;) {
    const step = drawing.next();
    if (step.done) return step.value;
  }
}

/** Parts found by where they lie: a grid of cells, each listing the parts overlapping it. */
export type PartIndex = {
  /** The parts overlapping `area`, in the order they were given. */
  within(area: AreaMm): OverlayPart[];
};

/** Cells per part on average: a viewport of a close-up touches few cells, each holding few parts. */
const PARTS_PER_CELL = 4;

export function indexParts(parts: readonly OverlayPart[]): PartIndex {
  if (parts.length === 0) return { within: () => [] };
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const part of parts) {
    minX = Math.min(minX, part.minX);
    minY = Math.min(minY, part.minY);
    maxX = Math.max(maxX, part.maxX);
    maxY = Math.max(maxY, part.maxY);
  }
  const width = Math.max(maxX - minX, 1e-6);
  const height = Math.max(maxY - minY, 1e-6);
  const cell = Math.sqrt((width * height * PARTS_PER_CELL) / parts.length) || 1;
  const columns = Math.min(1024, Math.max(1, Math.ceil(width / cell)));
  const rows = Math.min(1024, Math.max(1, Math.ceil(height / cell)));
  const cellWidth = width / columns;
  const cellHeight = height / rows;
  const column = (x: number) =>
    Math.min(columns - 1, Math.max(0, Math.floor((x - minX) / cellWidth)));
  const row = (y: number) => Math.min(rows - 1, Math.max(0, Math.floor((y - minY) / cellHeight)));
  const cells: number[][] = Array.from({ length: columns * rows }, () => []);
  parts.forEach((part, index) => {
    for (let r = row(part.minY); r <= row(part.maxY); r++) {
      for (let c = column(part.minX); c <= column(part.maxX); c++)
        cells[r * columns + c]!.push(index);
    }
  });
  // Which query last saw each part: a part over several cells is listed once.
  const seen = new Uint32Array(parts.length);
  let query = 0;
  return {
    within(area) {
      if (area.maxX < minX || area.minX > maxX || area.maxY < minY || area.minY > maxY) return [];
      query++;
      const found: number[] = [];
      for (let r = row(area.minY); r <= row(area.maxY); r++) {
        for (let c = column(area.minX); c <= column(area.maxX); c++) {
          for (const index of cells[r * columns + c]!) {
            if (seen[index] === query) continue;
            seen[index] = query;
            if (overlaps(parts[index]!, area)) found.push(index);
          }
        }
      }
      return found.sort((a, b) => a - b).map((index) => parts[index]!);
    },
  };
}
