// Independent measurements of the fixture boards for the figure tests: read straight from the
// files' text, or from a high-resolution raster of a layer, never through packages/dfm's
// geometry. (docs/dfm.md, "How the figures are checked".)

const MM_PER_INCH = 25.4;

/**
 * The thinnest track a Gerber file draws, from its X2 attributes: the smallest circular aperture
 * declared with `%TA.AperFunction,Conductor*%` that a D01 draw uses. null when the file has no
 * conductor apertures (no X2 attributes).
 */
export function x2ThinnestConductor(text: string): number | null {
  const inches = /%MOIN\*%/.test(text);
  const conductors = new Map<string, number>();
  let fn: string | null = null;
  let current: string | null = null;
  let thinnest: number | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const attribute = /^%TA\.AperFunction,([^,*]+)/.exec(line);
    if (attribute) fn = attribute[1] ?? null;
    else if (line.startsWith('%TD')) fn = null;
    const definition = /^%ADD(\d+)C,([\d.]+)/.exec(line);
    if (definition && fn === 'Conductor') {
      conductors.set(definition[1] as string, Number(definition[2]) * (inches ? MM_PER_INCH : 1));
    }
    const select = /^(?:G54)?D(\d+)\*$/.exec(line);
    if (select && Number(select[1]) >= 10) current = select[1] as string;
    if (/D0?1\*$/.test(line) && current !== null) {
      const width = conductors.get(current);
      if (width !== undefined && width > 0 && (thinnest === null || width < thinnest))
        thinnest = width;
    }
  }
  return thinnest;
}

/**
 * The smallest drill an Excellon file uses, from its tool table (T<n>C<diameter>, in the file's
 * INCH or METRIC units) and the tools it selects before drilling. null without tools.
 */
export function excellonSmallestDrill(text: string): number | null {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const inches = lines.some((line) => /^INCH/.test(line) || line === 'M72');
  const diameters = new Map<number, number>();
  const used = new Set<number>();
  let current: number | null = null;
  let header = true;
  for (const line of lines) {
    if (line === '%' || line === 'M95') header = false;
    const tool = /^T(\d+)(?:F[\d.]+|S[\d.]+)*C([\d.]+)/.exec(line);
    if (tool) {
      diameters.set(Number(tool[1]), Number(tool[2]) * (inches ? MM_PER_INCH : 1));
      if (!header) current = Number(tool[1]);
      continue;
    }
    const select = /^T(\d+)$/.exec(line);
    if (select) current = Number(select[1]);
    if (!header && current !== null && /^[XY]/.test(line)) used.add(current);
  }
  const sizes = [...used]
    .map((tool) => diameters.get(tool))
    .filter((size): size is number => !!size);
  return sizes.length === 0 ? null : Math.min(...sizes);
}

/** A layer drawn as a bitmap: 1 where copper is, `mmPerPixel` per pixel, origin at (x0, y0) mm, y up. */
export interface Raster {
  width: number;
  height: number;
  data: Uint8Array;
  mmPerPixel: number;
  x0: number;
  y0: number;
}

/**
 * The gap at a place, measured on the raster: the copper pixels nearest to (x, y), the nearest
 * copper pixels of another connected region (4-connected), and the smallest distance between the
 * two regions' pixels, in mm (between pixel centres, less one pixel: the edges lie half a pixel
 * out from the centres on each side).
 */
export function rasterGapAt(raster: Raster, x: number, y: number): number | null {
  const { width, height, data, mmPerPixel } = raster;
  const labels = new Int32Array(width * height).fill(-1);
  let next = 0;
  const stack: number[] = [];
  for (let start = 0; start < data.length; start++) {
    if (!data[start] || labels[start] !== -1) continue;
    labels[start] = next;
    stack.push(start);
    while (stack.length > 0) {
      const index = stack.pop() as number;
      const px = index % width;
      const neighbours = [
        index - width,
        index + width,
        px > 0 ? index - 1 : -1,
        px < width - 1 ? index + 1 : -1,
      ];
      for (const other of neighbours) {
        if (other < 0 || other >= data.length || !data[other] || labels[other] !== -1) continue;
        labels[other] = next;
        stack.push(other);
      }
    }
    next++;
  }
  const cx = (x - raster.x0) / mmPerPixel;
  const cy = (raster.y0 - y) / mmPerPixel;
  // Edge pixels of each region, and the region nearest to the place.
  const edges = new Map<number, number[]>();
  let nearest: { label: number; distance: number } | null = null;
  for (let index = 0; index < data.length; index++) {
    const label = labels[index] as number;
    if (label < 0) continue;
    const px = index % width;
    const py = (index - px) / width;
    const edge =
      px === 0 ||
      py === 0 ||
      px === width - 1 ||
      py === height - 1 ||
      !data[index - 1] ||
      !data[index + 1] ||
      !data[index - width] ||
      !data[index + width];
    if (!edge) continue;
    const list = edges.get(label);
    if (list) list.push(px, py);
    else edges.set(label, [px, py]);
    const distance = Math.hypot(px + 0.5 - cx, py + 0.5 - cy);
    if (!nearest || distance < nearest.distance) nearest = { label, distance };
  }
  if (!nearest) return null;
  const near = edges.get(nearest.label) as number[];
  // The other region: the nearest to the place among the rest.
  let other: { label: number; distance: number } | null = null;
  for (const [label, list] of edges) {
    if (label === nearest.label) continue;
    for (let i = 0; i < list.length; i += 2) {
      const distance = Math.hypot(
        (list[i] as number) + 0.5 - cx,
        (list[i + 1] as number) + 0.5 - cy,
      );
      if (!other || distance < other.distance) other = { label, distance };
    }
  }
  if (!other) return null;
  const far = edges.get(other.label) as number[];
  let best = Infinity;
  for (let i = 0; i < near.length; i += 2) {
    for (let j = 0; j < far.length; j += 2) {
      const d = Math.hypot(
        (near[i] as number) - (far[j] as number),
        (near[i + 1] as number) - (far[j + 1] as number),
      );
      if (d < best) best = d;
    }
  }
  return (best - 1) * mmPerPixel;
}
