// Layers where our render and gerbv's disagree by more than the threshold, each with the reason.
// Every Gerber one is a feature-test file written to probe a corner of the format; on the real
// boards all Gerber layers are within the threshold, and the drill files above it are rout
// programs, which gerbv does not draw. The pictures (ours | gerbv | differences) are in
// docs/accuracy/.

import type { LayerFile } from './fixtures.ts';

export const THRESHOLD_PERCENT = 1;

export interface KnownDifference {
  board: string;
  name: string;
  /** The disagreement measured when the reason was written; null when gerbv cannot draw the file. */
  percent: number | null;
  reason: string;
}

const GERBV = 'gerber/feature-tests-gerbv';
const KICAD = 'gerber/feature-tests-kicad-gerbview';
const TRACESPACE = 'gerber/feature-tests-tracespace';
const UCAMCO = 'gerber/feature-tests-ucamco';

const TRANSFORMS =
  'gerbv 2.9.6 ignores LR/LM/LS (aperture rotation, mirroring, scaling; Gerber 2016): it draws the apertures untransformed.';
const BLOCKS =
  'gerbv 2.9.6 has no block apertures (AB): it draws the block once where it is defined and nothing where it is flashed.';
const STEP_REPEAT_ORDER =
  'Step and repeat with clear polarity: gerbv repeats each object on its own (all dark copies, then all clear ones), so the clear parts of one copy erase its neighbours. The specification repeats the block as a unit, copy after copy, as KiCad does (its QA test for this file checks that order).';
const SINGLE_QUADRANT =
  "Single-quadrant (G74) arc: gerbv picks another centre; the centre that gives an arc of at most 90° with equal radii is ours, and tracespace's reference SVG beside the file draws the same arcs.";
const NON_CIRCULAR_ARCS =
  'Arcs drawn with a non-circular aperture are invalid (SPEC §8: "arc with a non-circular tool ignored"); gerbv draws them anyway.';
const SUB_PIXEL_RING =
  'The C,1.3X1.2 pad is a ring 0.05 mm wide (0.6 px at 300 dpi); which pixels such a ring touches depends on sub-pixel placement. The two or three pixels that differ out of ~50 are raster noise, not geometry.';
const POLYGON_ROTATION =
  'Macro primitives 5 and 7 with a rotation: the specification rotates every primitive about the macro origin; gerbv rotates these about their own centre.';
const NO_ROUTES =
  'gerbv 2.9.6 draws no rout paths (G00-G03 between M15 and M16: "Unsupported G01 (linear mode)"), so the routed slots and board edges drawn here are missing from its picture; our holes alone agree with gerbv (see "holes alone").';
const NEGATIVE_IMAGE =
  'Negative image (deprecated IPNEG): gerbv darkens the whole picture to its edges; the image we draw is dark over its bounding box. Inside the box the two agree.';

export const KNOWN_DIFFERENCES: KnownDifference[] = [
  ...[
    ['gerber/allegro-minnowmax-10layer', 'MinnowMax_RevA1_NCROUTE.rou', 100],
    ['gerber/esp32-poe-rev-m', 'ESP32-PoE_Rev_M-PTH.drl', 5.96],
    [TRACESPACE, 'drill/arc-route.drl', 100],
    [TRACESPACE, 'drill/linear-route.drl', 100],
    ['gerber-large/a64-olinuxino', 'A64-OlinuXino_Rev_G-PTH.drl', 8.09],
    ['gerber-large/limesdr-qpcie', 'LimeSDR-QPCIe_1v2-SlotHoles.TXT', 100],
  ].map(([board, name, percent]) => ({
    board: board as string,
    name: name as string,
    percent: percent as number,
    reason: NO_ROUTES,
  })),
  {
    board: GERBV,
    name: 'amacro-ref__jj1.drl',
    percent: 100,
    reason:
      'The file only routes: three slots (M15, G01, M16) and no drilled hole. gerbv draws no rout paths and instead one hole that the file does not drill.',
  },
  { board: GERBV, name: 'polarity__6_vbat.gbr', percent: 20.63, reason: NEGATIVE_IMAGE },
  { board: GERBV, name: 'test-image-polarity-1.gbx', percent: 17.89, reason: NEGATIVE_IMAGE },
  {
    board: GERBV,
    name: 'test-aperture-circle-1.gbx',
    percent: 8.69,
    reason:
      'The arc G03X00350Y00150I-00250J-00050 is invalid: its ends are 0.255 in and 0.224 in from the centre. gerbv keeps the given centre and misses the end point; we draw around the nearest centre equally far from both ends, so the arc ends where the file says.',
  },
  { board: GERBV, name: 'test-aperture-obround-1.gbx', percent: 37.94, reason: NON_CIRCULAR_ARCS },
  {
    board: GERBV,
    name: 'test-aperture-rectangle-1.gbx',
    percent: 31.09,
    reason: NON_CIRCULAR_ARCS,
  },
  {
    board: GERBV,
    name: 'test-circular-interpolation-1.gbx',
    percent: 6.48,
    reason: `${SINGLE_QUADRANT} (The last arc is also 10% off in radius.)`,
  },
  {
    board: GERBV,
    name: 'test-image-justify-1.gbx',
    percent: 49.17,
    reason:
      'Deprecated IJ: both place the crosshair at the same spot, but gerbv leaves out its horizontal line (the file says both lines should show).',
  },
  {
    board: GERBV,
    name: 'test-layer-knockout-2.gbx',
    percent: 97.07,
    reason:
      'Deprecated KO with a border (KOCK0.5): the knockout is a clear rectangle 0.5 in around the crosshair that follows. gerbv clears the whole dark square instead.',
  },
  {
    board: KICAD,
    name: 'mixed_coordinates.gbr',
    percent: 49.52,
    reason:
      'Coordinates with a decimal point mixed with fixed-format ones (X3.0Y10): gerbv reads X3.0 as a fixed-format number and draws the second square and arc in the wrong place. The file states the expected result, which is ours.',
  },
  { board: KICAD, name: 'step_and_repeat_block.gbr', percent: 29.28, reason: STEP_REPEAT_ORDER },
  ...['I-to-II', 'II-to-III', 'III-to-IV', 'IV-to-I'].map((quadrants, index) => ({
    board: TRACESPACE,
    name: `arc-strokes/single-quadrant-${quadrants}.gbr`,
    percent: [84.35, 82.67, 78.84, 80.75][index] as number,
    reason: SINGLE_QUADRANT,
  })),
  {
    board: TRACESPACE,
    name: 'arc-strokes/zero-length.gbr',
    percent: 100,
    reason:
      'A zero-length single-quadrant arc draws a dot of the aperture (as a zero-length line does, and as the reference SVG beside the file shows); gerbv draws nothing.',
  },
  {
    board: TRACESPACE,
    name: 'macros/clear-with-multiple-exposures.gbr',
    percent: 100,
    reason:
      'gerbv draws nothing at all for this file (a macro with exposure-off primitives flashed with clear polarity over a dark square); ours matches the reference SVG beside the file.',
  },
  {
    board: TRACESPACE,
    name: 'step-repeats/multi-polarity-over-self.gbr',
    percent: 13.27,
    reason: STEP_REPEAT_ORDER,
  },
  {
    board: UCAMCO,
    name: 'gerbonara-therm_1.gbr',
    percent: 100,
    reason:
      'gerbv draws nothing at all for this file (a rounded-thermal macro flashed clear into a copper region).',
  },
  {
    board: UCAMCO,
    name: 'pygerber-expressions_AM_donut-0.grb',
    percent: 96.39,
    reason:
      'The arc X2000000Y0I0J1000000 has its centre 1 mm from the start and 2.24 mm from the end: no arc fits, so we draw a straight line and warn; gerbv draws a circle of 1 mm radius around the given centre. The donut flash itself is a sub-pixel ring.',
  },
  {
    board: UCAMCO,
    name: 'pygerber-expressions_AM_rounded-rect-0.grb',
    percent: 24.04,
    reason:
      "gerbv evaluates the macro's corner-circle expressions ($5-$3, -$5+$3) wrongly and puts the circles outside the box.",
  },
  ...[
    ['00_rectangle_rotation_30', 31.59],
    ['00_rectangle_rotation_45', 42.48],
    ['00_rectangle_rotation_60', 54.37],
    ['00_rectangle_rotation_90', 61.95],
    ['10_rectangle_rotation_45_mirror_x', 42.48],
    ['11_rectangle_rotation_45_mirror_y', 42.48],
    ['12_rectangle_rotation_45_mirror_xy', 42.48],
    ['14_rectangle_rotation_30_mirror_x', 31.59],
    ['15_rectangle_rotation_30_mirror_y', 31.59],
    ['16_rectangle_rotation_30_mirror_xy', 31.59],
  ].map(([suffix, percent]) => ({
    board: UCAMCO,
    name: `pygerber-flashes_with_transform_${suffix}.grb`,
    percent: percent as number,
    reason: TRANSFORMS,
  })),
  {
    board: UCAMCO,
    name: 'pygerber-macro_codes_code_1.grb',
    percent: 53.31,
    reason:
      'Circle primitives with a rotation (allowed since 2016) turn about the macro origin; gerbv ignores their rotation.',
  },
  {
    board: UCAMCO,
    name: 'pygerber-macro_codes_code_5.grb',
    percent: 68.62,
    reason: POLYGON_ROTATION,
  },
  {
    board: UCAMCO,
    name: 'pygerber-macro_codes_code_7_3.grb',
    percent: 70,
    reason: POLYGON_ROTATION,
  },
  ...[
    ['0', 3.85],
    ['135', 4.08],
    ['180', 3.7],
    ['225', 3.64],
    ['270', 3.85],
    ['315', 3.64],
    ['360', 3.7],
    ['405', 4.08],
    ['45', 4.08],
    ['90', 4.55],
  ].map(([angle, percent]) => ({
    board: UCAMCO,
    name: `pygerber-macro_rotations_center_line_angle${angle}.grb`,
    percent: percent as number,
    reason: SUB_PIXEL_RING,
  })),
  {
    board: UCAMCO,
    name: 'pygerber-step_and_repeat_ab_01_cr_xy_2_2.grb',
    percent: 97.19,
    reason: BLOCKS,
  },
  {
    board: UCAMCO,
    name: 'pygerber-step_and_repeat_ab_02_cr_xy_2_2_rot_30.grb',
    percent: 98.45,
    reason: `${BLOCKS} ${TRANSFORMS}`,
  },
  ...[
    ['line_02_cr_xy_2_2_rot_30', 2.97],
    ['rot_30_00_cr_x_3', 3.88],
    ['rot_30_00_cr_x_6', 3.88],
    ['rot_30_01_cr_y_3', 3.9],
    ['rot_30_01_cr_y_6', 3.87],
    ['rot_30_02_cr_xy_3_6', 3.86],
    ['rot_30_02_cr_xy_6_6', 3.86],
  ].map(([suffix, percent]) => ({
    board: UCAMCO,
    name: `pygerber-step_and_repeat_${suffix}.grb`,
    percent: percent as number,
    reason: TRANSFORMS,
  })),
  { board: UCAMCO, name: 'spec-4.11.4_source.grb', percent: 98.94, reason: BLOCKS },
  {
    board: UCAMCO,
    name: 'pygerber-expressions_AM_cross-0.grb',
    percent: null,
    reason:
      "gerbv aborts on this file ('Tried to pop an empty stack'): its macro evaluator cannot read the assignment $2=-$1. We draw the two crossing lines.",
  },
  { board: UCAMCO, name: 'spec-4.9.1_source.grb', percent: 18.51, reason: TRANSFORMS },
  ...[
    ['spec-4.9.6_source.grb', 68.21],
    ['spec-4.9.6_source_1.grb', 100],
    ['spec-4.9.6_source_2.grb', 100],
    ['spec-4.9.6_source_3.grb', 100],
    ['spec-4.9.6_source_no_ld_rot.grb', 68.21],
  ].map(([name, percent]) => ({
    board: UCAMCO,
    name: name as string,
    percent: percent as number,
    reason: `${BLOCKS} ${TRANSFORMS}`,
  })),
];

export function knownDifference(layer: Pick<LayerFile, 'board' | 'name'>): KnownDifference | null {
  return (
    KNOWN_DIFFERENCES.find((known) => known.board === layer.board && known.name === layer.name) ??
    null
  );
}
