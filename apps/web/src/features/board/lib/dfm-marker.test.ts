import type { DfmFinding } from '@circuits/contracts';
import { describe, expect, it } from 'vitest';
import { DFM_MARKER_ID, markerOf, markerPart } from './dfm-marker.ts';

const gap: DfmFinding = {
  check: 'clearance',
  layer: 'b.gbl',
  value: 0.1,
  x: 10,
  y: 5,
  shapes: [
    { kind: 'pad', layer: 'b.gbl', box: { minX: 9, minY: 4, maxX: 9.95, maxY: 6 } },
    { kind: 'track', layer: 'b.gbl', box: { minX: 10.05, minY: 4.9, maxX: 14, maxY: 5.1 } },
  ],
};

describe('the marker of a finding', () => {
  it('is on the side of its layer, around its place, at least as big as the shapes reach', () => {
    const marker = markerOf(gap, 'Clearance', new Set(['b.gbl']));
    expect(marker).toMatchObject({ x: 10, y: 5, side: 'bottom', label: 'Clearance' });
    expect(marker.halfMm).toBe(2);
    expect(markerOf(gap, 'Clearance', new Set()).side).toBe('top');
  });

  it('becomes an overlay part in the picture: y down, mirrored on the bottom', () => {
    const frame = { x: 0, y: -20, width: 30, height: 20 };
    const marker = { x: 10, y: 5, halfMm: 0.5, label: 'Clearance', side: 'top' as const };
    const top = markerPart(marker, frame, false);
    expect(top).toMatchObject({
      id: DFM_MARKER_ID,
      centerX: 10,
      centerY: -5,
      minX: 9.5,
      maxX: 10.5,
    });
    const bottom = markerPart(marker, frame, true);
    expect(bottom.centerX).toBe(20);
  });
});
