// The accuracy thresholds as tests: each layer within the threshold, or a known difference that
// has not grown. Runs only where the shared fixtures and gerbv are present.

import { describe, expect, it } from 'vitest';
import { fixturesDir, fixturesPresent, type LayerFile, layerFiles } from '../accuracy/fixtures.ts';
import { knownDifference, THRESHOLD_PERCENT } from '../accuracy/known-differences.ts';
import { measureLayer } from '../accuracy/measure.ts';
import { gerbvAvailable } from '../accuracy/rasterize.ts';

/** A known difference may move this much (percentage points) before the test fails. */
const KNOWN_SLACK = 1;

export function accuracySuite(title: string, select: (layer: LayerFile) => boolean): void {
  const reason = !fixturesPresent()
    ? `no fixtures at ${fixturesDir()}`
    : !gerbvAvailable()
      ? 'gerbv is not installed'
      : null;
  if (reason) {
    console.log(`accuracy suite "${title}" skipped: ${reason}`);
    describe.skip(title, () => {
      it('needs the fixtures and gerbv', () => {});
    });
    return;
  }
  const layers = layerFiles().filter(select);
  describe(title, () => {
    it.each(layers.map((layer) => [`${layer.board}/${layer.name}`, layer] as const))(
      '%s',
      (_label, layer) => {
        const measurement = measureLayer(layer);
        const known = knownDifference(layer);
        if (measurement.type === 'empty') return;
        if (measurement.type === 'gerbv-failed') {
          expect(known?.percent, `gerbv cannot draw it: ${measurement.reason}`).toBeNull();
          return;
        }
        expect(measurement.type, measurement.type === 'failed' ? measurement.reason : '').toBe(
          'compared',
        );
        if (measurement.type !== 'compared') return;
        const { percent } = measurement.comparison;
        if (known?.percent === null) throw new Error('listed as a file gerbv cannot draw');
        if (known) {
          // Still different from gerbv (else the entry is stale), and not by more than recorded.
          expect(percent).toBeGreaterThan(THRESHOLD_PERCENT);
          expect(percent).toBeLessThanOrEqual(known.percent + KNOWN_SLACK);
        } else {
          expect(percent).toBeLessThanOrEqual(THRESHOLD_PERCENT);
        }
      },
      120_000,
    );
  });
}
