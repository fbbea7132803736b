// What a Gerber file's image says about its layer when neither its name nor its header does: a
// file of pads alone (flashes, no tracks) is a solder mask or paste layer, a file of strokes
// that close into loops is an outline. Pads are matched against the copper layers of the upload
// to tell the side, and mask from paste (a mask opens every copper pad, a paste only some).

import { MM_PER_INCH } from '../constants.ts';
import type { LayerImage, Segment } from '../image/types.ts';
import { parseAndPlot } from '../parse.ts';

export interface ImageSummary {
  flashes: number;
  strokes: number;
  regions: number;
  /** Every stroke end meets exactly one other: the strokes form closed loops. */
  closedLoops: boolean;
  /** Flash positions rounded to 0.05 mm, as keys. */
  padKeys: Set<string>;
}

const GRID_MM = 0.05;

function key(x: number, y: number, toMm: number): string {
  return `${Math.round((x * toMm) / GRID_MM)},${Math.round((y * toMm) / GRID_MM)}`;
}

function endsOf(segment: Segment): [number, number, number, number] {
  return [segment.x1, segment.y1, segment.x2, segment.y2];
}

/** The plotted image of a file's head; null when it cannot be read as Gerber. */
function plotted(content: string): LayerImage | null {
  try {
    const image = parseAndPlot(content, { filetype: 'gerber' });
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
    padKeys: new Set(),
  };
  const ends = new Map<string, number>();
  for (const run of image.runs) {
    if (run.polarity !== 'dark') continue;
    for (const graphic of run.graphics) {
      if (graphic.type === 'flash') {
        const { positions } = graphic;
        for (let i = 0; i + 1 < positions.length; i += 2) {
          summary.flashes++;
          summary.padKeys.add(key(positions[i] as number, positions[i + 1] as number, toMm));
        }
      } else if (graphic.type === 'stroke') {
        for (const segment of graphic.segments) {
          summary.strokes++;
          const [x1, y1, x2, y2] = endsOf(segment);
          for (const end of [key(x1, y1, toMm), key(x2, y2, toMm)]) {
            ends.set(end, (ends.get(end) ?? 0) + 1);
          }
        }
      } else {
        summary.regions += graphic.contours.length;
      }
    }
  }
  summary.closedLoops =
    summary.strokes >= 3 && [...ends.values()].every((count) => count % 2 === 0);
  return summary;
}

export type ImageKind = 'pads' | 'outline';

/** What the image alone shows: pads only, or closed loops of strokes only. */
export function imageKind(summary: ImageSummary): ImageKind | null {
  if (summary.flashes >= 2 && summary.strokes === 0 && summary.regions <= summary.flashes) {
    return 'pads';
  }
  if (summary.flashes === 0 && summary.regions === 0 && summary.closedLoops) return 'outline';
  return null;
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
