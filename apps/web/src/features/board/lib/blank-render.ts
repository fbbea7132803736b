import type { RenderedSvg } from './board-picture.ts';
import type { BoardRender } from './board-render.ts';

// A render can succeed and still draw nothing: files on the board that hold no Gerber or drill
// data, or Gerber files with no graphics. The viewer then says why, in place of the board.

const NOT_GERBER = 'unable to determine filetype';

const isEmptyPicture = (side: RenderedSvg | null | undefined) =>
  !side || !(side.viewBox[2] > 0 && side.viewBox[3] > 0);

/** Whether nothing of the board was drawn: both sides are empty pictures. */
export function isBlankRender(render: Pick<BoardRender, 'top' | 'bottom'>): boolean {
  return isEmptyPicture(render.top) && isEmptyPicture(render.bottom);
}

/** Why each file of a blank render drew nothing, in the order of the board's layers. */
export function blankRenderReasons(
  render: Pick<BoardRender, 'layers' | 'warnings'>,
): { filename: string; reason: string }[] {
  return render.layers.map(({ filename }) => {
    const messages = [
      ...new Set(
        render.warnings
          .filter((warning) => warning.filename === filename)
          .map((warning) => warning.message),
      ),
    ];
    if (messages.includes(NOT_GERBER)) {
      return { filename, reason: `not a Gerber or drill file (${NOT_GERBER})` };
    }
    if (messages.length === 0) return { filename, reason: 'holds nothing to draw' };
    return { filename, reason: `nothing drawn: ${messages.join('; ')}` };
  });
}
