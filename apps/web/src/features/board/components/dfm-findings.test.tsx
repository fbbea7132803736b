import type { DfmFinding, DfmResult } from '@circuits/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../testing/render.tsx';
import { DfmResultView } from './dfm-findings.tsx';

const thin: DfmFinding = {
  check: 'track-width',
  layer: 'gen-F_Cu.gbr',
  value: 0.05,
  x: 15,
  y: 20,
  shapes: [
    {
      kind: 'track',
      layer: 'gen-F_Cu.gbr',
      box: { minX: 5, minY: 19.975, maxX: 25, maxY: 20.025 },
      width: 0.05,
    },
  ],
};

const result: DfmResult = {
  hash: 'abc',
  status: 'checked',
  build: { layers: 2, copperOz: 1, thicknessMm: 1.6 },
  verdict: 'cannot-be-made',
  reasons: [
    {
      check: 'track-width',
      value: 0.05,
      fabClass: null,
      text: '0.05 mm track: beyond the advanced class',
    },
  ],
  checks: [
    { check: 'track-width', worst: 0.05, limit: 0.127, count: 3, findings: [thin] },
    { check: 'clearance', worst: 0.2, limit: 0.127, count: 0, findings: [] },
  ],
  notes: [],
};

describe('DfmResultView', () => {
  it('shows the verdict, the reasons and the failing checks with their counts; a click picks a finding', async () => {
    const picked: DfmFinding[] = [];
    renderInApp(
      <DfmResultView result={result} picked={null} onPick={(finding) => picked.push(finding)} />,
    );
    expect(screen.getByTestId('dfm-verdict').textContent).toContain('Cannot be made as drawn');
    expect(screen.getByText('0.05 mm track: beyond the advanced class')).not.toBeNull();
    expect(screen.getByTestId('dfm-count-track-width').textContent).toContain('3');
    expect(screen.queryByTestId('dfm-count-clearance')).toBeNull();
    await userEvent.click(screen.getByText('Track width'));
    await userEvent.click(await screen.findByRole('button', { name: /Show Track width 0.05 mm/ }));
    expect(picked).toEqual([thin]);
    expect(screen.getByText('and 2 more like these')).not.toBeNull();
  });

  it('says so when nothing is found', () => {
    renderInApp(
      <DfmResultView
        result={{ ...result, verdict: 'standard', reasons: [], checks: [{ ...result.checks[1]! }] }}
        picked={null}
        onPick={() => undefined}
      />,
    );
    expect(screen.getByTestId('dfm-verdict').textContent).toContain('Within the standard class');
    expect(screen.getByTestId('dfm-empty')).not.toBeNull();
  });
});
