// What a Gerber file's picture says about its layer when nothing names it: pads alone make a
// solder mask or paste layer, strokes that close into loops an outline, round flashes alone the
// holes of a drill file written as Gerber, pads with tracks copper, and thin lines without pads
// a silkscreen. Pads are matched against the copper layers of the upload to tell the side, and
// mask from paste (a mask opens every copper pad, a paste only some).
//
// Reading a picture means plotting the file, so it runs only for files nothing else placed, and
// within an element budget: a few bytes of step-and-repeat cannot make it expensive.

import { MM_PER_INCH } from '../constants.ts';
import { forEachCopy } from '../image/repeats.ts';
import type { Graphic, LayerImage, Segment, Shape } from '../image/types.ts';
import { parseAndPlot } from '../parse.ts';

export interface ImageSummary {
  flashes: number;
  strokes: number;
  regions: number;
  /** Every stroke end meets exactly one other: the strokes form closed loops. */
  closedLoops: boolean;
  /** Every flash is a plain disc (no hole, no other primitive). */
  roundFlashesOnly: boolean;
  /** The widest stroke, in mm. */
  widestStrokeMm: number;
  /** Flash positions rounded to 0.05 mm, as keys. */
  padKeys: Set<string>;
  /** The picture was cut at the element budget: what is counted is a part of the file. */
  partial: boolean;
}

/**
 * Elements a summary plots at most: a real layer has well under this (the largest of the fixture
 * boards 70,000); a file asking for more is summarised from its first part.
 */
export const SUMMARY_ELEMENT_BUDGET = 200_000;

const GRID_MM = 0.05;

function key(x: number, y: number, toMm: number): string {
  return `${Math.round((x * toMm) / GRID_MM)},${Math.round((y * toMm) / GRID_MM)}`;
}

function endsOf(segment: Segment, dx: number, dy: number): [number, number, number, number] {
  return [segment.x1 + dx, segment.y1 + dy, segment.x2 + dx, segment.y2 + dy];
}

function isDisc(shape: Shape): boolean {
  const [only, ...rest] = shape.primitives;
  return rest.length === 0 && only?.type === 'circle' && !only.erase;
}

/** The plotted image of a file's head; null when it cannot be read as Gerber. */
function plotted(content: string): LayerImage | null {
  try {
    const image = parseAndPlot(content, { filetype: 'gerber' }, SUMMARY_ELEMENT_BUDGET);
    return 'type' in image ? null : image;
  } catch {
    return null;
  }
}

export function summariseImage(content: string): ImageSummary | null {
  const image = plotted(content);
  if (image === null) return null;
  const toMm = image.units === 'in' ? MM_PER_INCH : 1;
  const summary: ImageSummary = {
    flashes: 0,
    strokes: 0,
    regions: 0,
    closedLoops: false,
    roundFlashesOnly: true,
    widestStrokeMm: 0,
    padKeys: new Set(),
    partial: image.cut === true,
  };
  const ends = new Map<string, number>();
  const placed: { graphic: Graphic; dx: number; dy: number }[] = [];
  for (const run of image.runs) {
    if (run.polarity !== 'dark') continue;
    // Copies of a step and repeat count where they lie, within the summary's budget.
    forEachCopy(run.graphics, (copy) => placed.push(copy), SUMMARY_ELEMENT_BUDGET);
  }
  for (const { graphic, dx, dy } of placed) {
    if (graphic.type === 'flash') {
      const { positions } = graphic;
      if (!isDisc(graphic.shape)) summary.roundFlashesOnly = false;
      for (let i = 0; i + 1 < positions.length; i += 2) {
        summary.flashes++;
        summary.padKeys.add(
          key((positions[i] as number) + dx, (positions[i + 1] as number) + dy, toMm),
        );
      }
    } else if (graphic.type === 'stroke') {
      summary.widestStrokeMm = Math.max(summary.widestStrokeMm, graphic.width * toMm);
      for (const segment of graphic.segments) {
        summary.strokes++;
        const [x1, y1, x2, y2] = endsOf(segment, dx, dy);
        for (const end of [key(x1, y1, toMm), key(x2, y2, toMm)]) {
          ends.set(end, (ends.get(end) ?? 0) + 1);
        }
      }
    } else if (graphic.type === 'region') {
      summary.regions += graphic.contours.length;
    }
  }
  summary.closedLoops =
    summary.strokes >= 3 && [...ends.values()].every((count) => count % 2 === 0);
  return summary;
}

export type ImageKind = 'pads' | 'outline' | 'holes' | 'copper' | 'lines';

/** Lines at most this wide, without pads, are lettering and outlines of parts: silkscreen. */
const SILK_LINE_MM = 0.4;

/**
 * What the image alone shows: pads only, closed loops of strokes only, round flashes only (the
 * holes of a drill file in Gerber), pads with tracks (copper), or thin lines without pads
 * (silkscreen).
 */
export function imageKind(summary: ImageSummary): ImageKind | null {
  const { flashes, strokes, regions } = summary;
  if (flashes >= 2 && strokes === 0 && regions <= flashes) return 'pads';
  if (flashes === 0 && regions === 0 && summary.closedLoops) return 'outline';
  if (flashes >= 2 && strokes > 0 && (strokes >= flashes / 20 || regions > 0)) {
    return 'copper';
  }
  if (strokes >= 20 && flashes <= strokes / 50 && summary.widestStrokeMm <= SILK_LINE_MM) {
    return 'lines';
  }
  return null;
}

/** Whether the image is round flashes and nothing else: holes drawn as Gerber flashes. */
export function drawsHoles(summary: ImageSummary): boolean {
  return (
    summary.flashes >= 1 &&
    summary.strokes === 0 &&
    summary.regions === 0 &&
    summary.roundFlashesOnly
  );
}

/** The share of `pads` that stand on a pad of `copper`. */
export function padOverlap(pads: ImageSummary, copper: ImageSummary): number {
  if (pads.padKeys.size === 0) return 0;
  let shared = 0;
  for (const pad of pads.padKeys) if (copper.padKeys.has(pad)) shared++;
  return shared / pads.padKeys.size;
}

/** The share of `copper`'s pads that `pads` opens. */
export function copperCoverage(pads: ImageSummary, copper: ImageSummary): number {
  if (copper.padKeys.size === 0) return 0;
  let covered = 0;
  for (const pad of copper.padKeys) if (pads.padKeys.has(pad)) covered++;
  return covered / copper.padKeys.size;
}
