import { DEFAULT_MIN_HOLE_SIZE_MM, MIN_EDGE_RAIL_WIDTH } from './board-limits.ts';
import { BOARD_SIZE_DECIMALS, convertLength, type LengthUnit, roundTo } from './units.ts';

/**
 * A product's board settings (SPEC §3), field names as the API spells them.
 *
 * Units: `unitsIn` ('in' or 'mm', i.e. imperial or metric) is the unit of the five lengths drawn
 * on the panel: boardWidth, boardLength, edge_rail_width, rout_width_horizontal and
 * rout_width_vertical. The rest have fixed units: boardThickness and min_hole_size in
 * millimetres, outerCooper and innerCooper in ounces. Fields backed by an offered option are
 * plain strings and numbers, because the options are data an admin can change and stored values
 * may no longer be offered; `null` means not chosen yet.
 */
export type BoardSettings = {
  /** Millimetres; one of `options.boardThicknessesMm`. */
  boardThickness: number | null;
  finishing: string | null;
  /** 'in' (imperial) or 'mm' (metric): the unit of the panel lengths. */
  unitsIn: string | null;
  boardMaterial: string | null;
  customerWillSupplyBareBoard: boolean;
  /** Boards are delivered in a panel of panelization_x × panelization_y. */
  panelization: boolean;
  /** Boards per panel along the width (a whole number). */
  panelization_x: number | null;
  /** Boards per panel along the length (a whole number). */
  panelization_y: number | null;
  via_process: string | null;
  edge_rail: string | null;
  /** In `unitsIn`. */
  edge_rail_width: number | null;
  /** In `unitsIn`: the gap routed between boards along the horizontal (width) direction. */
  rout_width_horizontal: number | null;
  /** In `unitsIn`: the gap routed between boards along the vertical (length) direction. */
  rout_width_vertical: number | null;
  panel_cutting: string | null;
  /** The customer accepts panels with boards marked bad (X-out). */
  x_out_panel: boolean;
  numberLayers: number | null;
  /** In `unitsIn`, the board's horizontal (X) extent. */
  boardWidth: number | null;
  /** In `unitsIn`, the board's vertical (Y) extent. */
  boardLength: number | null;
  useOutlineLayerMask: boolean;
  /** A mask colour name from `options.maskColors`. */
  maskColor: string | null;
  /** A silkscreen colour name from `options.silkColors`. */
  silkColor: string | null;
  /** Outer copper weight in ounces. */
  outerCooper: number | null;
  /** Inner copper weight in ounces. */
  innerCooper: number | null;
  /** Millimetres. */
  min_hole_size: number;
};

export type BoardSettingsField = keyof BoardSettings;

/** The settings fields whose unit is `unitsIn`. */
export const PANEL_LENGTH_FIELDS = [
  'boardWidth',
  'boardLength',
  'edge_rail_width',
  'rout_width_horizontal',
  'rout_width_vertical',
] as const satisfies readonly BoardSettingsField[];

/**
 * A new product's settings. SPEC §3 fixes finishing, material, edge rail width and minimum hole
 * size. The default edge rail width of 0.15 is the inch minimum, so new boards start in inches.
 * Thickness 1.6 mm, 1 oz outer and 0.5 oz inner copper, tented vias, green mask with white silk
 * are the industry's standard build. Layer count and board size depend on the design and stay
 * unset until the user (or the board files) gives them.
 */
export const DEFAULT_BOARD_SETTINGS: Readonly<BoardSettings> = {
  boardThickness: 1.6,
  finishing: 'HASL Lead Free',
  unitsIn: 'in',
  boardMaterial: 'FR4',
  customerWillSupplyBareBoard: false,
  panelization: false,
  panelization_x: 1,
  panelization_y: 1,
  via_process: 'Tenting vias',
  edge_rail: 'None',
  edge_rail_width: MIN_EDGE_RAIL_WIDTH.in,
  rout_width_horizontal: null,
  rout_width_vertical: null,
  panel_cutting: 'V-Scoring',
  x_out_panel: false,
  numberLayers: null,
  boardWidth: null,
  boardLength: null,
  useOutlineLayerMask: false,
  maskColor: 'Green',
  silkColor: 'White',
  outerCooper: 1,
  innerCooper: 0.5,
  min_hole_size: DEFAULT_MIN_HOLE_SIZE_MM,
};

/**
 * The same settings expressed in another unit: what the board form does when the user switches
 * between imperial and metric, so the panel keeps its physical size. Settings whose unit is not
 * set or not 'in'/'mm' are returned with only `unitsIn` changed (there is nothing to convert from).
 */
export function convertBoardSettingsUnits(settings: BoardSettings, to: LengthUnit): BoardSettings {
  const from = settings.unitsIn;
  if (from !== 'in' && from !== 'mm') return { ...settings, unitsIn: to };
  const converted: BoardSettings = { ...settings, unitsIn: to };
  for (const field of PANEL_LENGTH_FIELDS) {
    const value = settings[field];
    if (value === null) {
      converted[field] = null;
    } else if (field === 'boardWidth' || field === 'boardLength') {
      converted[field] = roundTo(convertLength(value, from, to), BOARD_SIZE_DECIMALS[to]);
    } else {
      converted[field] = convertLength(value, from, to);
    }
  }
  return converted;
}
