// Pictures the viewer shows: SVG text made once per render (or per change of the layers shown),
// handed to the browser as an image so that panning and zooming never touch the SVG again.

/** A rendered side or layer: SVG text whose viewBox is in thousandths of `units`, y down. */
export type RenderedSvg = {
  svg: string;
  viewBox: [number, number, number, number];
  width: number;
  height: number;
  units: 'in' | 'mm';
};

/** A rectangle in millimetres, y down (SVG orientation). */
export type FrameMm = { x: number; y: number; width: number; height: number };

const MM_PER_UNIT = { in: 25.4, mm: 1 } as const;

/** Where a rendered picture lies, in millimetres. */
export function frameOf(rendered: RenderedSvg): FrameMm {
  const scale = MM_PER_UNIT[rendered.units] / 1000;
  const [x, y, width, height] = rendered.viewBox;
  return { x: x * scale, y: y * scale, width: width * scale, height: height * scale };
}

/** The smallest frame holding all the frames (an empty frame when there are none). */
export function unionFrame(frames: readonly FrameMm[]): FrameMm {
  const drawn = frames.filter((frame) => frame.width > 0 && frame.height > 0);
  if (drawn.length === 0) return { x: 0, y: 0, width: 0, height: 0 };
  const minX = Math.min(...drawn.map((frame) => frame.x));
  const minY = Math.min(...drawn.map((frame) => frame.y));
  const maxX = Math.max(...drawn.map((frame) => frame.x + frame.width));
  const maxY = Math.max(...drawn.map((frame) => frame.y + frame.height));
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

const ROOT_TAG = /^\s*(?:<\?xml[^>]*>\s*)?<svg\b([^>]*)>/;

/**
 * Places a rendered layer inside a larger picture: its root element gets the position and size
 * of its frame (in the outer picture's millimetres) and the colour its `currentColor` draws in.
 * The layer keeps its own viewBox, so nothing inside it is rewritten.
 */
export function placeLayer(rendered: RenderedSvg, color: string): string {
  const match = ROOT_TAG.exec(rendered.svg);
  if (!match) return '';
  const frame = frameOf(rendered);
  // The engine quotes attributes with ' (renders stored before it did, with ").
  const attributes = (match[1] ?? '')
    .replace(/\s(?:width|height|x|y|color|style)=(?:"[^"]*"|'[^']*')/g, '')
    .replace(/\sxmlns=(?:"[^"]*"|'[^']*')/, '')
    // Paint set on the element itself as well: renderers differ on inheriting currentColor.
    .replace(/=(?:"currentColor"|'currentColor')/g, `="${escapeAttribute(color)}"`);
  const opening =
    `<svg${attributes} x="${frame.x}" y="${frame.y}" width="${frame.width}" ` +
    `height="${frame.height}" color="${escapeAttribute(color)}" overflow="visible">`;
  return opening + rendered.svg.slice(match[0].length);
}

export type PictureLayer = { rendered: RenderedSvg; color: string };

/**
 * One SVG of several layers drawn bottom to top, each in its colour, over `frame` filled with
 * `background`. Seen from the bottom the picture is mirrored left to right, as the board is when
 * turned over.
 */
export function composeLayers(
  layers: readonly PictureLayer[],
  frame: FrameMm,
  { mirrored, background }: { mirrored: boolean; background: string },
): string {
  const flip = mirrored ? ` transform="translate(${2 * frame.x + frame.width} 0) scale(-1 1)"` : '';
  const body = layers.map((layer) => placeLayer(layer.rendered, layer.color)).join('');
  const { x, y, width, height } = frame;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${x} ${y} ${width} ${height}" ` +
    `width="${width}mm" height="${height}mm">` +
    `<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="${escapeAttribute(background)}"/>` +
    `<g${flip}>${body}</g></svg>`
  );
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (character) => `&#${character.charCodeAt(0)};`);
}
