// Rasterises one layer two ways over the same window: our SVG through resvg, and the file
// through gerbv's PNG export (`gerbv -x png -B 0 -D 300 -O x,y -W w,h`, black on white).

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { MM_PER_INCH, type RenderedLayer } from '../src/index.ts';
import { darkMask, type Mask } from './compare.ts';
import { type GerbvHelp, gerbvProject, holesizeTools } from './drill-gerbv.ts';
import { decodePng } from './png.ts';

export const DPI = 300;

/** A window in whole pixels at DPI, its lower-left corner at (x0, y0) pixels from the origin. */
export interface RasterWindow {
  x0: number;
  y0: number;
  width: number;
  height: number;
}

/** A window around a layer's viewBox with a margin of 5% (at least 0.05 in) on each side. */
export function windowAround(layer: RenderedLayer): RasterWindow | null {
  const [x, y, w, h] = layer.viewBox;
  if (w === 0 && h === 0) return null;
  const inches = layer.units === 'in' ? 1 / 1000 : 1 / 1000 / MM_PER_INCH;
  const minX = x * inches;
  const maxX = (x + w) * inches;
  const maxY = -y * inches;
  const minY = -(y + h) * inches;
  const margin = Math.max(0.05, 0.05 * Math.max(maxX - minX, maxY - minY));
  const x0 = Math.floor((minX - margin) * DPI);
  const y0 = Math.floor((minY - margin) * DPI);
  return {
    x0,
    y0,
    width: Math.ceil((maxX + margin) * DPI) - x0,
    height: Math.ceil((maxY + margin) * DPI) - y0,
  };
}

/** Our SVG drawn black on white into the window. */
export function rasterizeOurs(layer: RenderedLayer, window: RasterWindow): Mask {
  const perInch = layer.units === 'in' ? 1000 : 1000 * MM_PER_INCH;
  const toUnits = (pixels: number): number => (pixels / DPI) * perInch;
  const x = toUnits(window.x0);
  const top = -toUnits(window.y0 + window.height);
  const w = toUnits(window.width);
  const h = toUnits(window.height);
  const [vx, vy, vw, vh] = layer.viewBox;
  // gerbv draws hairlines and lines thinner than a pixel one pixel wide, without anti-aliasing;
  // resvg ignores vector-effect and would leave thin lines pale grey. Draw them the same way:
  // a little over one pixel, so that a line on a pixel border still covers a row.
  const pixel = perInch / DPI;
  const thinLine = `stroke-width="${(1.2 * pixel).toFixed(3)}" shape-rendering="crispEdges"`;
  const inner = layer.svg
    .replaceAll("stroke-width='1' vector-effect='non-scaling-stroke'", thinLine)
    .replace(/stroke-width='([0-9.]+)'/g, (attribute, width: string) =>
      Number(width) > 0 && Number(width) < pixel ? thinLine : attribute,
    )
    .replace(
      /^<svg ([^>]*?)width='[^']*' height='[^']*'/,
      `<svg $1x="${vx}" y="${vy}" width="${vw}" height="${vh}" preserveAspectRatio="none" overflow="visible"`,
    );
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${window.width}" height="${window.height}" ` +
    `viewBox="${x} ${top} ${w} ${h}" preserveAspectRatio="none">` +
    `<rect x="${x}" y="${top}" width="${w}" height="${h}" fill="#fff"/>` +
    `<g color="#000">${inner}</g></svg>`;
  // Without anti-aliasing, like gerbv's PNG export: a pixel is dark when its centre is inside.
  const rendered = new Resvg(svg, { fitTo: { mode: 'original' }, shapeRendering: 0 }).render();
  const image = { width: rendered.width, height: rendered.height, data: rendered.pixels };
  return darkMask(image);
}

export class GerbvError extends Error {}

/** gerbv's input for a file: the file, or a project and tools file telling it the format. */
function gerbvInput(file: string, folder: string, help: GerbvHelp | null): string[] {
  let path = file;
  if (help?.withoutFileFormat) {
    path = join(folder, 'layer.drl');
    writeFileSync(path, readFileSync(file, 'latin1').replace(/^;FILE_FORMAT=.*$/m, ';'), 'latin1');
  }
  const input = [path];
  if (help?.format) {
    writeFileSync(join(folder, 'layer.gvp'), gerbvProject(path, help.format));
    input.splice(0, 1, '-p', join(folder, 'layer.gvp'));
  }
  if (help?.holesizeTools) {
    writeFileSync(join(folder, 'tools.txt'), holesizeTools(readFileSync(file, 'latin1')));
    input.unshift('-t', join(folder, 'tools.txt'));
  }
  return input;
}

/** gerbv's picture of the file over the window, told the format where `help` says. */
export function rasterizeGerbv(
  file: string,
  window: RasterWindow,
  help: GerbvHelp | null = null,
): Mask {
  const folder = mkdtempSync(join(tmpdir(), 'gerbv-'));
  const output = join(folder, 'out.png');
  try {
    const result = spawnSync(
      'gerbv',
      [
        '-x',
        'png',
        '-B',
        '0',
        '-D',
        String(DPI),
        `--origin=${(window.x0 / DPI).toFixed(6)}x${(window.y0 / DPI).toFixed(6)}`,
        `--window_inch=${(window.width / DPI).toFixed(6)}x${(window.height / DPI).toFixed(6)}`,
        '-f',
        '#000000',
        '-b',
        '#FFFFFF',
        '-o',
        output,
        ...gerbvInput(file, folder, help),
      ],
      { encoding: 'utf8', timeout: 300_000 },
    );
    if (result.error) throw new GerbvError(`gerbv failed: ${result.error.message}`);
    let png: Buffer;
    try {
      png = readFileSync(output);
    } catch {
      throw new GerbvError(`gerbv wrote no picture: ${(result.stderr ?? '').trim().slice(0, 200)}`);
    }
    const mask = darkMask(decodePng(png));
    if (mask.width !== window.width || mask.height !== window.height) {
      return fitMask(mask, window.width, window.height);
    }
    return mask;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Pads or crops a mask (anchored at the lower left, as gerbv's window is) to a size. */
function fitMask(mask: Mask, width: number, height: number): Mask {
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

export function gerbvAvailable(): boolean {
  const result = spawnSync('gerbv', ['--version'], { encoding: 'utf8' });
  return !result.error && result.status === 0;
}

/** The installed gerbv, as its Debian package names it. */
export function gerbvVersion(): string {
  // dpkg-query's own field syntax, not a template literal.
  const format = ['-f=$', '{Version}'].join('');
  const result = spawnSync('dpkg-query', ['-W', format, 'gerbv'], { encoding: 'utf8' });
  return result.status === 0 && result.stdout ? `Debian package gerbv ${result.stdout}` : 'gerbv';
}
