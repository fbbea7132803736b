import type { FrameMm } from '../lib/board-picture.ts';
import type { PlacementForOverlay } from '../lib/placement-outlines.ts';
import { type PlacementOutline, type Point, placementOutline } from '../lib/placement-outlines.ts';

interface PlacementsOverlayProps {
  placements: readonly PlacementForOverlay[];
  side: 'top' | 'bottom';
  frame: FrameMm;
  /** The picture is seen from the bottom, mirrored left to right. */
  mirrored: boolean;
}

const OUTLINE_COLOR = '#ffd43b';

/**
 * Package outlines with their references, for the parts on the side shown. Drawn in the picture's
 * millimetres (y down); the board's y points up, and a mirrored picture flips x. Labels are
 * placed by position only, so they stay readable on the mirrored bottom.
 */
export function PlacementsOverlay({ placements, side, frame, mirrored }: PlacementsOverlayProps) {
  const toPicture = ({ x, y }: Point): Point => ({
    x: mirrored ? 2 * frame.x + frame.width - x : x,
    y: -y,
  });
  const outlines = placements
    .filter((placement) => placement.side === side)
    .map((placement) => placementOutline(placement));
  return (
    <g data-testid="placements-overlay">
      {outlines.map((outline) => (
        <PlacedPart key={`${outline.id}-${outline.refDesign}`} outline={outline} map={toPicture} />
      ))}
    </g>
  );
}

function PlacedPart({ outline, map }: { outline: PlacementOutline; map: (point: Point) => Point }) {
  const corners = outline.corners.map(map);
  const center = map(outline.center);
  const [a, b, , d] = outline.corners;
  const shortSide = Math.min(distance(a, b), distance(a, d));
  // Labels scale with the part, within what stays legible next to it.
  const fontSize = Math.min(1.4, Math.max(0.35, shortSide * 0.45));
  return (
    <g data-ref={outline.refDesign}>
      <polygon
        points={corners.map(({ x, y }) => `${x},${y}`).join(' ')}
        fill={`${OUTLINE_COLOR}22`}
        stroke={OUTLINE_COLOR}
        strokeWidth={0.08}
      />
      <text
        x={center.x}
        y={center.y}
        fontSize={fontSize}
        fill={OUTLINE_COLOR}
        textAnchor="middle"
        dominantBaseline="central"
        fontFamily="Inter, system-ui, sans-serif"
        fontWeight={600}
      >
        {outline.refDesign}
      </text>
    </g>
  );
}

function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}
