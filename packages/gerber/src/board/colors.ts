// Board colours (SPEC §3 defaults) and how they are written into SVG attributes.

import { GerberError } from '../errors.ts';

export interface BoardColors {
  /** The bare laminate. */
  board: string;
  /** Copper under the solder mask. */
  copper: string;
  /** Copper left open by the solder mask, with its surface finish. */
  copperFinish: string;
  mask: string;
  silk: string;
  paste: string;
  /** The board edge line. */
  outline: string;
}

export const DEFAULT_BOARD_COLORS: Readonly<BoardColors> = {
  board: '#666666',
  copper: '#cccccc',
  copperFinish: '#cc9933',
  mask: '#004200bf',
  silk: '#ffffff',
  paste: '#999999',
  outline: '#000000',
};

/** A colour as SVG 1.1 understands it: an opaque colour and a separate opacity. */
export interface Paint {
  color: string;
  opacity: number;
}

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NAMED = /^[a-z]{3,30}$/i;
const FUNCTIONAL = /^rgba?\(\s*[\d.]+%?\s*,\s*[\d.]+%?\s*,\s*[\d.]+%?\s*(,\s*[\d.]+%?\s*)?\)$/i;

/**
 * Reads a colour: #rgb, #rgba, #rrggbb, #rrggbbaa (the alpha becomes the opacity), rgb()/rgba()
 * or a colour name. Anything else throws a GerberError, so nothing unchecked reaches the SVG.
 */
export function toPaint(name: keyof BoardColors, value: unknown): Paint {
  if (typeof value === 'string') {
    const hex = HEX.exec(value);
    if (hex) {
      const digits = hex[1] as string;
      const full = digits.length <= 4 ? [...digits].map((digit) => digit + digit).join('') : digits;
      const opacity = full.length === 8 ? Number.parseInt(full.slice(6), 16) / 255 : 1;
      return {
        color: `#${full.slice(0, 6).toLowerCase()}`,
        opacity: Math.round(opacity * 1000) / 1000,
      };
    }
    if (NAMED.test(value)) return { color: value, opacity: 1 };
    // Without its white space, which may hold tabs and line breaks: the engine's SVG holds no
    // character JSON must escape (svgJsonString).
    if (FUNCTIONAL.test(value)) return { color: value.replace(/\s+/g, ''), opacity: 1 };
  }
  throw new GerberError('invalid-options', `colors.${name} is not a colour: ${String(value)}`);
}

export type BoardPaints = Record<keyof BoardColors, Paint>;

/** The colours to draw with: the defaults overridden by the given ones. */
export function boardPaints(colors: unknown): BoardPaints {
  if (colors !== undefined && (typeof colors !== 'object' || colors === null)) {
    throw new GerberError('invalid-options', 'colors must be an object');
  }
  const given = (colors ?? {}) as Partial<Record<string, unknown>>;
  const paints = {} as BoardPaints;
  for (const name of Object.keys(DEFAULT_BOARD_COLORS) as (keyof BoardColors)[]) {
    paints[name] = toPaint(name, given[name] ?? DEFAULT_BOARD_COLORS[name]);
  }
  return paints;
}

/**
 * Fill, stroke and opacity attributes for an element whose content inherits its paint (layer
 * drawings set no colour of their own). Explicit colours rather than `color` + currentColor:
 * renderers differ on whether currentColor inherits as a keyword or as a value.
 */
export function paintAttributes({ color, opacity }: Paint): string {
  const paint = `fill='${color}' stroke='${color}'`;
  return opacity < 1 ? `${paint} opacity='${opacity}'` : paint;
}
