import { LENGTH_UNITS, type LengthUnit } from './units.ts';

// What the board form offers (GET /api/getBoardSettingsOptions). The server seeds
// DEFAULT_BOARD_SETTINGS_OPTIONS into its database so admins can change the lists later; the
// validation accepts exactly what the options in force offer.

/** SPEC §3 edge rail values. The rules key on these names, so options may only offer a subset. */
export const EDGE_RAILS = ['None', 'Round', 'Top and Bottom Side', 'Left and Right Side'] as const;
export type EdgeRail = (typeof EDGE_RAILS)[number];

/** SPEC §5 panel cutting methods. The rules key on these names, so options may only offer a subset. */
export const PANEL_CUTTINGS = ['V-Scoring', 'Tab-routing', 'V-Scoring+Tab-routing'] as const;
export type PanelCutting = (typeof PANEL_CUTTINGS)[number];

/** Surface finishes, the SPEC §3 default first. */
export const FINISHINGS = [
  'HASL Lead Free',
  'HASL with lead',
  'ENIG',
  'Gold Plating',
  'ENEPIG',
  'Immersion Tin',
  'Immersion Silver',
  'OSP',
  'Bare Copper',
] as const;

/** A named colour; `hex` is #rrggbb. */
export type ColorOption = { name: string; hex: string };

export type BoardSettingsOptions = {
  /** Base materials; the first is the default. */
  materials: readonly string[];
  numberLayers: readonly number[];
  /** Finished board thicknesses in millimetres (always mm, whatever `unitsIn` says). */
  boardThicknessesMm: readonly number[];
  finishings: readonly string[];
  units: readonly LengthUnit[];
  viaProcesses: readonly string[];
  edgeRails: readonly EdgeRail[];
  panelCuttings: readonly PanelCutting[];
  maskColors: readonly ColorOption[];
  silkColors: readonly ColorOption[];
  /** Outer-layer copper weights in ounces per square foot. */
  outerCopperWeightsOz: readonly number[];
  /** Inner-layer copper weights in ounces per square foot. */
  innerCopperWeightsOz: readonly number[];
};

// A standard FR4 line-up as offered by prototype and small-series fabs. The green mask's hex is
// the viewer's default mask colour (SPEC §3 #004200), so the default board looks the same whether
// or not a colour was chosen.
export const DEFAULT_BOARD_SETTINGS_OPTIONS: BoardSettingsOptions = {
  materials: ['FR4', 'FR4 Mid Tg', 'FR4 High Tg', 'Aluminum', 'Rogers', 'Polyimide'],
  numberLayers: [1, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32],
  boardThicknessesMm: [0.4, 0.6, 0.8, 1.0, 1.2, 1.6, 2.0, 2.4, 3.2],
  finishings: FINISHINGS,
  units: LENGTH_UNITS,
  viaProcesses: ['Tenting vias', 'Plugged vias', 'Epoxy filled and capped', 'Untented'],
  edgeRails: EDGE_RAILS,
  panelCuttings: PANEL_CUTTINGS,
  maskColors: [
    { name: 'Green', hex: '#004200' },
    { name: 'Red', hex: '#b3121b' },
    { name: 'Yellow', hex: '#e3c100' },
    { name: 'Blue', hex: '#12408f' },
    { name: 'White', hex: '#f2f2f2' },
    { name: 'Black', hex: '#141414' },
    { name: 'Purple', hex: '#4b1c6e' },
    { name: 'Matte Black', hex: '#262626' },
    { name: 'Matte Green', hex: '#2f5e37' },
  ],
  silkColors: [
    { name: 'White', hex: '#ffffff' },
    { name: 'Black', hex: '#000000' },
    { name: 'Yellow', hex: '#ffde00' },
  ],
  outerCopperWeightsOz: [0.5, 1, 2, 3],
  innerCopperWeightsOz: [0.5, 1, 2, 3],
};
