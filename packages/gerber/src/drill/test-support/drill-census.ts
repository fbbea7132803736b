// An independent count of what a drill file says it drills, for checking the parser and plotter
// on real files: a line-by-line tally of hits, G85 slots and routed segments per tool, with the
// tool sizes as written. It knows nothing of coordinate formats, so it cannot make the same
// mistakes as the parser; it only understands the plain line shapes the fixtures use.

export interface DrillCensus {
  /** Holes per tool size (sizes as written in the file, rounded to 1e-6). */
  holes: Map<number, number>;
  /** G85 slots and routed segments per tool size. */
  paths: Map<number, number>;
  /** Hits and paths of tools the file never gives a size. */
  unsizedHoles: number;
  unsizedPaths: number;
}

const ALLEGRO_HOLESIZE = /^;T0*(\d+)\s+Holesize\s+\S+\s*=\s*([\d.]+)/;

function bump(map: Map<number, number>, key: number, count: number): void {
  map.set(key, (map.get(key) ?? 0) + count);
}

/** `holesizeScale` turns Allegro Holesize values (mils) into the units of the image. */
export function drillCensus(text: string, holesizeScale = 1 / 1000): DrillCensus {
  const lines = text.split(/\r\n|\r|\n/).map((line) => line.trim());
  const sizes = new Map<number, number>();
  const usesToolDown = lines.includes('M15');
  const census: DrillCensus = {
    holes: new Map(),
    paths: new Map(),
    unsizedHoles: 0,
    unsizedPaths: 0,
  };
  let header = false;
  let tool = -1;
  let routing = false;
  let cutting = false;
  let down = false;
  const add = (kind: 'holes' | 'paths', count: number) => {
    const size = sizes.get(tool);
    if (size === undefined) {
      if (kind === 'holes') census.unsizedHoles += count;
      else census.unsizedPaths += count;
    } else bump(census[kind], Math.round(size * 1e6) / 1e6, count);
  };
  for (const line of lines) {
    if (line === 'M30' || line === 'M00') break;
    const holesize = ALLEGRO_HOLESIZE.exec(line);
    if (holesize) sizes.set(Number(holesize[1]), Number(holesize[2]) * holesizeScale);
    if (line.startsWith(';') || line === '') continue;
    if (line === 'M48') header = true;
    if (line === '%' || line === 'M95') header = false;
    const toolWord = /^T0*(\d+)/.exec(line);
    if (toolWord) {
      const size = /C([\d.]+)/.exec(line);
      if (size && !sizes.has(Number(toolWord[1]))) sizes.set(Number(toolWord[1]), Number(size[1]));
      if (!header || !size) tool = Number(toolWord[1]);
      continue;
    }
    if (/^G0?0(?!\d)/.test(line)) {
      routing = true;
      cutting = false;
    } else if (/^G0?[123](?!\d)/.test(line)) {
      routing = true;
      cutting = true;
    } else if (/^G0?5(?!\d)|^G81/.test(line)) {
      routing = false;
      down = false;
    }
    if (line === 'M15') down = true;
    if (line === 'M16' || line === 'M17') down = false;
    const repeat = /^R(\d+)/.exec(line);
    if (repeat) {
      add('holes', Number(repeat[1]));
      continue;
    }
    if (!/[XY][+-]?[\d.]/.test(line) || line.startsWith('G93')) continue;
    if (line.includes('G85')) add('paths', 1);
    else if (!routing) add('holes', 1);
    else if (cutting && (down || !usesToolDown)) add('paths', 1);
  }
  return census;
}
