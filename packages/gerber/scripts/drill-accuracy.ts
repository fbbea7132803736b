// Accuracy of the drill layers against gerbv: every drill and rout file of the shared fixtures
// rendered by us (SVG through resvg) and by gerbv (`gerbv -x png -B 0 -D 300 -O x,y -W w,h`) over
// the same window, compared pixel by pixel. The metric: dark pixels of either image with no dark
// pixel of the other within 1 px, over the union of dark pixels.
//   npm exec -- node packages/gerber/scripts/drill-accuracy.ts [--only name] [--pictures dir]
// gerbv reads the format of most files itself; where it cannot (no header, no zero suppression
// it understands) it gets the format through a project file, as its users would set it.

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import {
  allDrillFiles,
  type FixtureDrillFile,
} from '../src/drill/test-support/fixture-drill-files.ts';
import { exists, fixturesDir } from '../src/identify/test-support/fixture-files.ts';
import {
  type LayerImage,
  MM_PER_INCH,
  parseDrill,
  plotDrill,
  type RenderedLayer,
  renderLayer,
} from '../src/index.ts';

const DPI = 300;

interface Mask {
  width: number;
  height: number;
  bits: Uint8Array;
}

type DrillFile = FixtureDrillFile & { label: string };

/** How gerbv must be told the format: [units, zeros omitted, digits] (its project attributes). */
type GerbvFormat = { units: 'inch' | 'mm'; zeros: 'none' | 'leading' | 'trailing'; digits: number };

interface GerbvHelp {
  /** Format set through a project file (autodetect off). */
  format?: GerbvFormat;
  /** Give gerbv a copy of the file without its ;FILE_FORMAT comment. */
  withoutFileFormat?: true;
  /** Give gerbv the tool sizes of the Allegro Holesize comments as a tools file (-t). */
  holesizeTools?: true;
  why: string;
}

// Given a ;FILE_FORMAT comment, gerbv 2.9.6 reads the digits from the right (as if leading zeros
// were omitted) even where LZ says trailing zeros are omitted: with `;FILE_FORMAT=2:4` and
// `INCH,LZ`, `Y02815` lands at 0.2815 in instead of 2.815 in.
const FILE_FORMAT_WITH_LZ = 'as is, gerbv reads ;FILE_FORMAT + LZ digits from the right;';

/** Files whose format gerbv cannot read from the file itself, with why. */
const GERBV_HELP: Record<string, GerbvHelp> = {
  'MinnowMax_RevA1_NCDRILL.drl': {
    format: { units: 'inch', zeros: 'none', digits: 5 },
    holesizeTools: true,
    why: 'no header: told nc_param.txt format (3.5 inch) and Holesize tools',
  },
  'MinnowMax_RevA1_NCROUTE.rou': {
    format: { units: 'inch', zeros: 'none', digits: 5 },
    why: 'no header: told nc_param.txt format (3.5 inch)',
  },
  'test-drill-trailing-zero-suppression.exc': {
    format: { units: 'mm', zeros: 'trailing', digits: 3 },
    why: 'no zero suppression stated: told trailing, 3 integer digits, mm',
  },
  'pic18f14k50.txt': {
    withoutFileFormat: true,
    why: `${FILE_FORMAT_WITH_LZ} given the file without that comment`,
  },
  'LimeSDR-QPCIe_1v2-RoundHoles.TXT': {
    format: { units: 'mm', zeros: 'trailing', digits: 4 },
    why: `${FILE_FORMAT_WITH_LZ} told mm, trailing zeros omitted, 4 integer digits`,
  },
  'LimeSDR-QPCIe_1v2-SlotHoles.TXT': {
    format: { units: 'mm', zeros: 'trailing', digits: 4 },
    why: `${FILE_FORMAT_WITH_LZ} told mm, trailing zeros omitted, 4 integer digits`,
  },
};

/** gerbv's tools file: one `Tnn diameter-in-inches` line per Allegro Holesize comment. */
function holesizeTools(text: string): string {
  const tools = [...text.matchAll(/^;T(\d+)\s+Holesize\s+\S+\s*=\s*([\d.]+)/gm)];
  return tools.map(([, code, mils]) => `T${code} ${Number(mils) / 1000}`).join('\n');
}

/**
 * The window in whole pixels at DPI around the image, with a margin of 5% (at least 0.05 in)
 * unless `tight`.
 */
function windowAround(image: LayerImage, tight = false) {
  const box = image.box;
  if (!box) return null;
  const k = image.units === 'in' ? 1 : 1 / MM_PER_INCH;
  const [minX, minY, maxX, maxY] = [box.minX * k, box.minY * k, box.maxX * k, box.maxY * k];
  const margin = tight ? 0 : Math.max(0.05, 0.05 * Math.max(maxX - minX, maxY - minY));
  const x0 = Math.floor((minX - margin) * DPI);
  const y0 = Math.floor((minY - margin) * DPI);
  return {
    x0,
    y0,
    width: Math.ceil((maxX + margin) * DPI) - x0,
    height: Math.ceil((maxY + margin) * DPI) - y0,
  };
}

type Window = NonNullable<ReturnType<typeof windowAround>>;

function darkMask(width: number, height: number, pixels: Uint8Array, channels: number): Mask {
  const bits = new Uint8Array(width * height);
  for (let pixel = 0; pixel < width * height; pixel++) {
    const at = pixel * channels;
    const luminance =
      0.299 * (pixels[at] as number) +
      0.587 * (pixels[at + 1] as number) +
      0.114 * (pixels[at + 2] as number);
    bits[pixel] = luminance < 128 ? 1 : 0;
  }
  return { width, height, bits };
}

function rasterizeOurs(rendered: RenderedLayer, window: Window): Mask {
  const perInch = rendered.units === 'in' ? 1000 : 1000 * MM_PER_INCH;
  const toUnits = (pixels: number) => (pixels / DPI) * perInch;
  const x = toUnits(window.x0);
  const top = -toUnits(window.y0 + window.height);
  const [vx, vy, vw, vh] = rendered.viewBox;
  const inner = rendered.svg.replace(
    /^<svg ([^>]*?)width="[^"]*" height="[^"]*"/,
    `<svg $1x="${vx}" y="${vy}" width="${vw}" height="${vh}" preserveAspectRatio="none"`,
  );
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${window.width}" height="${window.height}" ` +
    `viewBox="${x} ${top} ${toUnits(window.width)} ${toUnits(window.height)}" preserveAspectRatio="none">` +
    `<rect x="${x}" y="${top}" width="${toUnits(window.width)}" height="${toUnits(window.height)}" fill="#fff"/>` +
    `<g color="#000">${inner}</g></svg>`;
  const image = new Resvg(svg, { fitTo: { mode: 'original' } }).render();
  return darkMask(image.width, image.height, image.pixels, 4);
}

/** Decodes gerbv's PNG (8-bit RGB or RGBA, not interlaced). */
function decodePng(png: Buffer): {
  width: number;
  height: number;
  pixels: Uint8Array;
  channels: number;
} {
  let pos = 8;
  let width = 0;
  let height = 0;
  let channels = 3;
  const data: Buffer[] = [];
  while (pos < png.length) {
    const length = png.readUInt32BE(pos);
    const type = png.toString('latin1', pos + 4, pos + 8);
    const body = png.subarray(pos + 8, pos + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      channels = body[9] === 6 ? 4 : 3;
      if (body[8] !== 8 || (body[9] !== 2 && body[9] !== 6) || body[12] !== 0) {
        throw new Error('unexpected PNG layout from gerbv');
      }
    } else if (type === 'IDAT') data.push(body);
    pos += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)] as number;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? (pixels[y * stride + x - channels] as number) : 0;
      const b = y > 0 ? (pixels[(y - 1) * stride + x] as number) : 0;
      const c = x >= channels && y > 0 ? (pixels[(y - 1) * stride + x - channels] as number) : 0;
      const value = line[x] as number;
      let predicted = 0;
      if (filter === 1) predicted = a;
      else if (filter === 2) predicted = b;
      else if (filter === 3) predicted = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      pixels[y * stride + x] = (value + predicted) & 255;
    }
  }
  return { width, height, pixels, channels };
}

function gerbvProject(file: string, format: GerbvFormat): string {
  const zeros = { none: 0, leading: 1, trailing: 2 }[format.zeros];
  return (
    `(gerbv-file-version! "2.0A")(define-layer! 0 (cons 'filename "${file}")` +
    `(cons 'attribs (list (list 'autodetect 'Boolean 0) (list 'zero_suppression 'Enum ${zeros})` +
    ` (list 'units 'Enum ${format.units === 'inch' ? 0 : 1}) (list 'digits 'Integer ${format.digits})))` +
    `(cons 'color #(0 0 0)))`
  );
}

function rasterizeGerbv(file: DrillFile, window: Window, help: GerbvHelp | null): Mask {
  const folder = mkdtempSync(join(tmpdir(), 'gerbv-drill-'));
  try {
    const output = join(folder, 'out.png');
    let path = file.path;
    if (help?.withoutFileFormat) {
      path = join(folder, 'layer.drl');
      writeFileSync(path, file.text.replace(/^;FILE_FORMAT=.*$/m, ';'), 'latin1');
    }
    const input = help?.format ? ['-p', join(folder, 'layer.gvp')] : [path];
    if (help?.format) writeFileSync(join(folder, 'layer.gvp'), gerbvProject(path, help.format));
    if (help?.holesizeTools) {
      writeFileSync(join(folder, 'tools.txt'), holesizeTools(file.text));
      input.unshift('-t', join(folder, 'tools.txt'));
    }
    const result = spawnSync(
      'gerbv',
      [
        '-x',
        'png',
        '-B',
        '0',
        '-D',
        String(DPI),
        '-O',
        `${(window.x0 / DPI).toFixed(6)}x${(window.y0 / DPI).toFixed(6)}`,
        '-W',
        `${(window.width / DPI).toFixed(6)}x${(window.height / DPI).toFixed(6)}`,
        '-f',
        '#000000',
        '-b',
        '#FFFFFF',
        '-o',
        output,
        ...input,
      ],
      { encoding: 'utf8', timeout: 120_000 },
    );
    if (result.error) throw result.error;
    const png = decodePng(readFileSync(output));
    const mask = darkMask(png.width, png.height, png.pixels, png.channels);
    return fit(mask, window.width, window.height);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Pads or crops to the window size, anchored at the lower left as gerbv's window is. */
function fit(mask: Mask, width: number, height: number): Mask {
  if (mask.width === width && mask.height === height) return mask;
  const bits = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const sourceY = mask.height - height + y;
    if (sourceY < 0 || sourceY >= mask.height) continue;
    for (let x = 0; x < Math.min(width, mask.width); x++) {
      bits[y * width + x] = mask.bits[sourceY * mask.width + x] as number;
    }
  }
  return { width, height, bits };
}

function near(mask: Mask): Uint8Array {
  const { width, height, bits } = mask;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!bits[y * width + x]) continue;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx >= 0 && ny >= 0 && nx < width && ny < height) out[ny * width + nx] = 1;
        }
      }
    }
  }
  return out;
}

function compare(ours: Mask, gerbv: Mask) {
  const oursNear = near(ours);
  const gerbvNear = near(gerbv);
  let oursOnly = 0;
  let gerbvOnly = 0;
  let union = 0;
  for (let pixel = 0; pixel < ours.bits.length; pixel++) {
    const a = ours.bits[pixel];
    const b = gerbv.bits[pixel];
    if (a || b) union++;
    if (a && !gerbvNear[pixel]) oursOnly++;
    if (b && !oursNear[pixel]) gerbvOnly++;
  }
  return {
    oursOnly,
    gerbvOnly,
    union,
    percent: union ? ((oursOnly + gerbvOnly) / union) * 100 : 0,
  };
}

/** ours | gerbv | differences (ours only red, gerbv only blue), as a PNG through resvg. */
function writePicture(path: string, ours: Mask, gerbv: Mask): void {
  const { width, height } = ours;
  const oursNear = near(ours);
  const gerbvNear = near(gerbv);
  const rects: string[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const pixel = y * width + x;
      const a = ours.bits[pixel];
      const b = gerbv.bits[pixel];
      if (a) rects.push(`<rect x="${x}" y="${y}" width="1" height="1"/>`);
      if (b) rects.push(`<rect x="${x + width + 10}" y="${y}" width="1" height="1"/>`);
      if (a && !gerbvNear[pixel]) {
        rects.push(`<rect x="${x + 2 * width + 20}" y="${y}" width="1" height="1" fill="red"/>`);
      } else if (b && !oursNear[pixel]) {
        rects.push(`<rect x="${x + 2 * width + 20}" y="${y}" width="1" height="1" fill="blue"/>`);
      } else if (a || b) {
        rects.push(`<rect x="${x + 2 * width + 20}" y="${y}" width="1" height="1" fill="#aaa"/>`);
      }
    }
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${3 * width + 20}" height="${height}">` +
    `<rect width="100%" height="100%" fill="#fff"/>${rects.join('')}</svg>`;
  writeFileSync(path, new Resvg(svg).render().asPng());
}

function withoutPaths(image: LayerImage): LayerImage {
  return {
    ...image,
    runs: image.runs.map((run) => ({
      ...run,
      graphics: run.graphics.filter((graphic) => graphic.type !== 'stroke'),
    })),
  };
}

/**
 * tracespace's hand-made reference SVG of a feature file (its viewBox spans the image exactly),
 * against our render: another reference where gerbv cannot rout.
 */
function compareWithReference(file: DrillFile, image: LayerImage): string {
  const svgPath = file.path.replace(/\.drl$/, '.svg');
  if (!file.label.includes('feature-tests-tracespace') || !exists(svgPath)) return '';
  const window = windowAround(image, true);
  if (!window) return '';
  const reference = new Resvg(readFileSync(svgPath, 'utf8'), {
    fitTo: { mode: 'width', value: window.width },
  }).render();
  // The references are drawn in light colours on nothing: coverage, not darkness, counts.
  const bits = new Uint8Array(reference.width * reference.height);
  const pixels = reference.pixels; // a copy per read: read it once
  for (let pixel = 0; pixel < bits.length; pixel++) {
    bits[pixel] = (pixels[pixel * 4 + 3] as number) >= 128 ? 1 : 0;
  }
  const mask = fit(
    { width: reference.width, height: reference.height, bits },
    window.width,
    window.height,
  );
  return percent(compare(rasterizeOurs(renderLayer(image), window), mask).percent);
}

function countElements(image: LayerImage): { holes: number; paths: number } {
  let holes = 0;
  let paths = 0;
  for (const graphic of image.runs.flatMap((run) => run.graphics)) {
    if (graphic.type === 'flash') holes += graphic.positions.length / 2;
    else if (graphic.type === 'stroke') paths += graphic.segments.length;
  }
  return { holes, paths };
}

function percent(value: number): string {
  return `${value.toFixed(3)}%`;
}

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const pictures = args.includes('--pictures') ? args[args.indexOf('--pictures') + 1] : undefined;
const root = fixturesDir();
if (!root) {
  console.error('fixtures not found (set FIXTURES_DIR)');
  process.exit(1);
}
if (pictures) mkdirSync(pictures, { recursive: true });

const files: DrillFile[] = allDrillFiles(root)
  .map((file) => ({ ...file, label: `${file.folder}/${file.name}` }))
  .filter((file) => !only || file.label.includes(only));

console.log(
  '| file | holes | slots/paths | vs gerbv | ours only | gerbv only | union | holes only | gerbv as is | vs tracespace ref | gerbv told |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
for (const file of files) {
  const image = plotDrill(parseDrill(file.text, file.options));
  const { holes, paths } = countElements(image);
  const window = windowAround(image);
  const name = file.label.replace(/^gerber(-large)?\//, '');
  if (!window) {
    console.log(`| ${name} | 0 | 0 | empty | | | | | | | |`);
    continue;
  }
  const help = GERBV_HELP[file.path.slice(file.path.lastIndexOf('/') + 1)] ?? null;
  const ours = rasterizeOurs(renderLayer(image), window);
  const gerbv = rasterizeGerbv(file, window, help);
  const result = compare(ours, gerbv);
  // gerbv 2.9.6 draws no rout paths (G00-G03 with M15/M16: "Unsupported G01"), so the holes are
  // also compared alone.
  const routed = /^G0?[123](?!\d)/m.test(file.text);
  const holesOnly =
    routed && holes > 0
      ? percent(compare(rasterizeOurs(renderLayer(withoutPaths(image)), window), gerbv).percent)
      : '';
  const asIs = help ? percent(compare(ours, rasterizeGerbv(file, window, null)).percent) : '';
  console.log(
    `| ${name} | ${holes} | ${paths} | ${percent(result.percent)} | ${result.oursOnly} | ${result.gerbvOnly} | ${result.union} | ${holesOnly} | ${asIs} | ${compareWithReference(file, image)} | ${help?.why ?? ''} |`,
  );
  if (pictures && result.percent > 1) {
    writePicture(join(pictures, `${name.replace(/[^\w.-]+/g, '_')}.png`), ours, gerbv);
  }
}
