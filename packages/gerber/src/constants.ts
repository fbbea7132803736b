// Constants of the viewer (SPEC §9) and the work limits that keep untrusted files from using
// unbounded time or memory.

import type { Units } from './image/units.ts';

/** Drill lines held back before a coordinate format is assumed. */
export const DRILL_STASH_LIMIT = 1000;
/** Default gap fill when joining outline segments, in mm-equivalent units (÷ 25.4 for inches). */
export const DEFAULT_OUTLINE_GAP_FILL = 0.00011;
export const DEFAULT_DRILL_PLACES_INCH: readonly [number, number] = [2, 4];
export const DEFAULT_DRILL_PLACES_METRIC: readonly [number, number] = [3, 3];
/** Used when a file does not set its units. */
export const BACKUP_UNITS: Units = 'in';
/** Used when a file does not set absolute or incremental notation. */
export const BACKUP_NOTATION = 'A';
/** Coordinate format assumed for a Gerber file without an FS command. */
export const DEFAULT_GERBER_PLACES: readonly [number, number] = [2, 4];
/** The viewBox of a rendered layer is in thousandths of the file unit. */
export const VIEWBOX_SCALE = 1000;
export const MM_PER_INCH = 25.4;

/** Hard limits of the parser and plotter; reaching one stops that work with a warning. */
export const LIMITS = {
  /** Coordinates beyond this (in mm, or the same length in inches) are ignored. */
  maxCoordinateMm: 10_000,
  /** Digits read for one number; longer numbers are cut. */
  maxNumberDigits: 20,
  /** Copies one step-and-repeat block may make. */
  maxStepRepeatCopies: 100_000,
  /** Nesting of block apertures (AB). */
  maxBlockDepth: 32,
  /** Primitives and vertices evaluated over all aperture macros of a file. */
  maxMacroWork: 2_000_000,
  /** Vertices of one outline primitive (4) or polygon. */
  maxOutlineVertices: 10_000,
  /** Rings of one moiré primitive (6). */
  maxMoireRings: 1000,
  /** Tokens of one macro expression (bounds the depth of its tree). */
  maxExpressionTokens: 1000,
  /** Warnings kept per file; later ones are counted in a final warning. */
  maxWarnings: 1000,
  /**
   * Graphic elements (flash positions, segments, region edges) in one image, copies included.
   * The largest layer of the fixture boards (limesdr-qpcie) has 70,000.
   */
  maxImageElements: 1_000_000,
  /**
   * Elements one layer draws, every copy of a step and repeat counted: what a viewer paints. A
   * panel holds its board once and draws it at every place (limesdr-qpcie's largest layer in a
   * 6 × 6 panel: 2.5 million); a file asking for more copies draws as many as fit.
   */
  maxDrawnElements: 20_000_000,
} as const;

/**
 * What one board render may produce (renderBoard), so that one upload cannot take the server's
 * memory: a few bytes of step-and-repeat can ask for millions of copies. Past a budget the rest is
 * left out, with a warning naming the layer and what was left out. limesdr-qpcie, the largest
 * fixture board, draws 800,000 elements in 11 MB of layer SVG.
 */
export const OUTPUT_BUDGET = {
  /** Graphic elements over all layers of a board (each layer also has LIMITS.maxImageElements). */
  boardElements: 3_000_000,
  /** SVG bytes of one layer's drawing. */
  layerSvgBytes: 16_000_000,
  /** SVG bytes of all layers' drawings together (the two sides repeat them once more). */
  boardSvgBytes: 32_000_000,
} as const;
