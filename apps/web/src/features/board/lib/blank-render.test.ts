import { describe, expect, it } from 'vitest';
import { blankRenderReasons, isBlankRender } from './blank-render.ts';
import type { RenderedSvg } from './board-picture.ts';

const side = (viewBox: [number, number, number, number]): RenderedSvg => ({
  svg: '<svg/>',
  viewBox,
  width: viewBox[2] / 1000,
  height: viewBox[3] / 1000,
  units: 'mm',
});

describe('blank renders', () => {
  it('is blank only when neither side drew anything', () => {
    expect(isBlankRender({ top: side([0, 0, 0, 0]), bottom: side([0, 0, 0, 0]) })).toBe(true);
    expect(isBlankRender({ top: side([0, 0, 5000, 4000]), bottom: side([0, 0, 0, 0]) })).toBe(
      false,
    );
  });

  it('says per file why it drew nothing', () => {
    expect(
      blankRenderReasons({
        layers: [
          { filename: 'photo.png', side: 'top', type: 'copper', rendered: null },
          { filename: 'empty.gtl', side: 'top', type: 'copper', rendered: side([0, 0, 0, 0]) },
          { filename: 'odd.gbl', side: 'bottom', type: 'copper', rendered: side([0, 0, 0, 0]) },
        ],
        warnings: [
          { filename: 'photo.png', line: null, message: 'unable to determine filetype' },
          { filename: 'odd.gbl', line: 3, message: 'tool 10 is not defined' },
          { filename: 'odd.gbl', line: 4, message: 'tool 10 is not defined' },
          { filename: null, line: null, message: 'no board outline and no copper' },
        ],
      }),
    ).toEqual([
      {
        filename: 'photo.png',
        reason: 'not a Gerber or drill file (unable to determine filetype)',
      },
      { filename: 'empty.gtl', reason: 'holds nothing to draw' },
      { filename: 'odd.gbl', reason: 'nothing drawn: tool 10 is not defined' },
    ]);
  });
});
