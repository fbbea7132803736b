// A DFM finding as the viewer marks it: a small square around its place, as an overlay part in
// the picture's millimetres (the placements overlay draws and frames it), on the side it is on.

import type { DfmFinding } from '@circuits/contracts';
import type { FrameMm } from './board-picture.ts';
import { boardToPicture, type OverlayPart } from './overlay-scene.ts';

/** Marker ids are negative: never a placement's. */
export const DFM_MARKER_ID = -1;

/** The marked place in board millimetres (y up) and what it is. */
export type DfmMarker = {
  x: number;
  y: number;
  /** Half the square's side, mm: at least the shapes' reach, so both show around it. */
  halfMm: number;
  label: string;
  side: 'top' | 'bottom';
};

const MIN_HALF_MM = 0.25;
const MAX_HALF_MM = 2;

/** The side a finding is best seen from: its layer's, when the layer is the bottom. */
function sideOf(finding: DfmFinding, bottomLayers: ReadonlySet<string>): 'top' | 'bottom' {
  return bottomLayers.has(finding.layer) ? 'bottom' : 'top';
}

export function markerOf(
  finding: DfmFinding,
  label: string,
  bottomLayers: ReadonlySet<string>,
): DfmMarker {
  const reach = Math.max(
    ...finding.shapes.map((shape) =>
      Math.min(
        MAX_HALF_MM,
        Math.max(
          shape.box.maxX - finding.x,
          finding.x - shape.box.minX,
          shape.box.maxY - finding.y,
          finding.y - shape.box.minY,
        ) / 2,
      ),
    ),
    MIN_HALF_MM,
  );
  return { x: finding.x, y: finding.y, halfMm: reach, label, side: sideOf(finding, bottomLayers) };
}

/** The marker as an overlay part of the side's picture. */
export function markerPart(marker: DfmMarker, frame: FrameMm, mirrored: boolean): OverlayPart {
  const map = boardToPicture(frame, mirrored);
  const centre = map({ x: marker.x, y: marker.y });
  const h = marker.halfMm;
  const corners = new Float64Array([
    centre.x - h,
    centre.y - h,
    centre.x + h,
    centre.y - h,
    centre.x + h,
    centre.y + h,
    centre.x - h,
    centre.y + h,
  ]);
  return {
    id: DFM_MARKER_ID,
    refDesign: marker.label,
    dnp: false,
    corners,
    centerX: centre.x,
    centerY: centre.y,
    minX: centre.x - h,
    minY: centre.y - h,
    maxX: centre.x + h,
    maxY: centre.y + h,
    // Small beside the square: the place, not the label, is what the eye looks for.
    labelMm: Math.max(0.1, h / 5),
  };
}
