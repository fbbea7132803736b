import { DEFAULT_BOARD_COLORS } from '@circuits/gerber/colors';
import type { ColorOption } from './board-settings-options.ts';

// The SPEC §3 default viewer colours belong to the renderer; the settings pick among them here.
export { type BoardColors, DEFAULT_BOARD_COLORS } from '@circuits/gerber/colors';

export type CopperFinishTone = 'gold' | 'silver' | 'copper';

/** What each tone looks like on exposed pads in the viewer. */
export const COPPER_FINISH_COLORS: Readonly<Record<CopperFinishTone, string>> = {
  gold: '#d4af37',
  silver: '#c0c0c0',
  copper: '#b87333',
};

// SPEC §9 names the gold and silver finishes; every other finishing shows copper. Names compare
// without case and surrounding spaces because admins type the option lists.
const TONE_BY_FINISHING: ReadonlyMap<string, CopperFinishTone> = new Map([
  ['enig', 'gold'],
  ['gold plating', 'gold'],
  ['enepig', 'gold'],
  ['hasl lead free', 'silver'],
  ['hasl with lead', 'silver'],
  ['immersion tin', 'silver'],
]);

/** SPEC §9 board fill by finishing: gold, silver, or copper tone for everything else. */
export function copperFinishTone(finishing: string | null): CopperFinishTone {
  return TONE_BY_FINISHING.get((finishing ?? '').trim().toLowerCase()) ?? 'copper';
}

/** The colour exposed copper is drawn in for a finishing. */
export function copperFinishColor(finishing: string | null): string {
  return COPPER_FINISH_COLORS[copperFinishTone(finishing)];
}

/** Opacity of the solder mask over the board, as in the SPEC default (0xbf ≈ 75 %). */
const SOLDER_MASK_ALPHA_HEX = 'bf';

/**
 * The viewer colour (#rrggbbaa) of a mask colour name from the options. An unknown or unset
 * name, or a malformed hex, gives the default green mask.
 */
export function solderMaskColor(
  maskColor: string | null,
  maskColors: readonly ColorOption[],
): string {
  const hex = findColorHex(maskColor, maskColors);
  return hex === null ? DEFAULT_BOARD_COLORS.mask : `${hex}${SOLDER_MASK_ALPHA_HEX}`;
}

/** The viewer colour (#rrggbb) of a silkscreen colour name; white when unknown or unset. */
export function silkscreenColor(
  silkColor: string | null,
  silkColors: readonly ColorOption[],
): string {
  return findColorHex(silkColor, silkColors) ?? DEFAULT_BOARD_COLORS.silk;
}

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

function findColorHex(name: string | null, colors: readonly ColorOption[]): string | null {
  if (name === null) return null;
  const hex = colors.find((color) => color.name === name)?.hex;
  return hex !== undefined && HEX_COLOR.test(hex) ? hex.toLowerCase() : null;
}
