import type { BoardSettings, BoardSettingsField } from './board-settings.ts';
import { isLengthUnit, MM_PER_INCH } from './units.ts';
import type { FieldError } from './validation-result.ts';

// What the fab can make, as data: which layer counts each board thickness takes, which layer
// counts each base material takes, the smallest and largest board (or panel), the finishes each
// material takes and the copper weights each layer count takes. The Board tab, the instant quote,
// the cart and the pricing engine all check settings against the one table, so a board that is
// offered a price is a board the fab would build. Staff change the table like the option lists;
// tests pin these defaults.
//
// The design rules a fab holds a layout to (track, space, drill, annular ring by class, copper
// weight and layer count) live with their check, in packages/dfm/src/fab-classes.ts.

export type LayerRange = { minLayers: number; maxLayers: number };

export type ManufacturingCapabilities = {
  /** By finished thickness (mm): the layer counts built at that thickness. */
  layersByThickness: { thicknessMm: number; maxLayers: number }[];
  /**
   * By base material name: the layer counts built on it. A material missing here (one staff
   * added to the options since) is held to no layer count here; the price book still prices it.
   */
  layersByMaterial: Record<string, LayerRange>;
  /** A board, or a panel with its rails, in mm: the shorter side and the longer side. */
  sizeMm: { minSide: number; maxShortSide: number; maxLongSide: number };
  /** By base material: the finishes it takes. A material missing here takes every finish. */
  finishesByMaterial: Record<string, string[]>;
  /** Copper weights (oz) by layer count: the first band covering the count applies. */
  copperByLayers: { maxLayers: number; outerOz: number[]; innerOz: number[] }[];
};

/**
 * The default table, a volume prototype fab's published line-up (JLCPCB and PCBWay capability
 * pages: 0.4 mm boards of 1–2 layers, 4 layers from 0.6 mm, 6 from 0.8 mm, 12 from 1.2 mm;
 * aluminium single-sided; flex polyimide up to 4 layers; 2 oz copper up to 8 layers).
 */
export const DEFAULT_MANUFACTURING_CAPABILITIES: ManufacturingCapabilities = {
  layersByThickness: [
    { thicknessMm: 0.4, maxLayers: 2 },
    { thicknessMm: 0.6, maxLayers: 4 },
    { thicknessMm: 0.8, maxLayers: 6 },
    { thicknessMm: 1.0, maxLayers: 8 },
    { thicknessMm: 1.2, maxLayers: 12 },
    { thicknessMm: 1.6, maxLayers: 16 },
    { thicknessMm: 2.0, maxLayers: 20 },
    { thicknessMm: 2.4, maxLayers: 24 },
    { thicknessMm: 3.2, maxLayers: 32 },
  ],
  layersByMaterial: {
    FR4: { minLayers: 1, maxLayers: 32 },
    'FR4 Mid Tg': { minLayers: 2, maxLayers: 32 },
    'FR4 High Tg': { minLayers: 2, maxLayers: 32 },
    Aluminum: { minLayers: 1, maxLayers: 1 },
    Rogers: { minLayers: 2, maxLayers: 8 },
    Polyimide: { minLayers: 1, maxLayers: 4 },
  },
  sizeMm: { minSide: 5, maxShortSide: 500, maxLongSide: 600 },
  finishesByMaterial: {
    Aluminum: ['HASL Lead Free', 'HASL with lead', 'ENIG', 'OSP'],
    Rogers: ['ENIG', 'ENEPIG', 'Immersion Silver', 'Immersion Tin', 'OSP', 'Bare Copper'],
    Polyimide: ['ENIG', 'Immersion Silver', 'OSP'],
  },
  copperByLayers: [
    { maxLayers: 2, outerOz: [0.5, 1, 2, 3], innerOz: [] },
    { maxLayers: 8, outerOz: [0.5, 1, 2], innerOz: [0.5, 1, 2] },
    { maxLayers: 32, outerOz: [0.5, 1], innerOz: [0.5, 1] },
  ],
};

const text = (value: number) => String(Number(value.toFixed(3)));
const layersText = (count: number) => `${count} layer${count === 1 ? '' : 's'}`;

/** The most layers built at a thickness: the band of the largest thickness not above it. */
export function maxLayersAtThickness(
  capabilities: ManufacturingCapabilities,
  thicknessMm: number,
): number {
  const bands = [...capabilities.layersByThickness].sort((a, b) => a.thicknessMm - b.thicknessMm);
  let best = 0;
  for (const band of bands) if (band.thicknessMm <= thicknessMm + 1e-9) best = band.maxLayers;
  return best;
}

/** The thinnest board built with `layers` layers, or null when no thickness takes that many. */
export function minThicknessForLayers(
  capabilities: ManufacturingCapabilities,
  layers: number,
): number | null {
  const bands = [...capabilities.layersByThickness].sort((a, b) => a.thicknessMm - b.thicknessMm);
  return bands.find((band) => band.maxLayers >= layers)?.thicknessMm ?? null;
}

export function copperBandFor(capabilities: ManufacturingCapabilities, layers: number) {
  return capabilities.copperByLayers.find((band) => layers <= band.maxLayers) ?? null;
}

/** The board (or panel) sides to check, in mm, with the settings field each is typed in. */
export type SidesMm = { widthMm: number; lengthMm: number; panel: boolean };

/**
 * Every way the settings ask for something the fab does not build, each message naming the
 * limit. `layers` and `sides` are what is built (the larger of declared and measured when the
 * caller knows the measure); values that are missing or not offered are left to the SPEC §5
 * "should be selected" rules.
 */
export function checkCapabilities(
  settings: BoardSettings,
  capabilities: ManufacturingCapabilities,
  built: { layers: number | null; sides: readonly SidesMm[] },
): FieldError<BoardSettingsField>[] {
  const errors: FieldError<BoardSettingsField>[] = [];
  const { layers, sides } = built;
  const material = settings.boardMaterial;
  const thickness = settings.boardThickness;
  if (layers !== null && thickness !== null && Number.isFinite(thickness)) {
    const most = maxLayersAtThickness(capabilities, thickness);
    if (layers > most) {
      const needed = minThicknessForLayers(capabilities, layers);
      const hint =
        needed === null
          ? `no board of ${layersText(layers)} is made`
          : `${layersText(layers)} need at least ${text(needed)} mm`;
      errors.push({
        field: 'boardThickness',
        message:
          most === 0
            ? `Boards thinner than ${text(Math.min(...capabilities.layersByThickness.map((b) => b.thicknessMm)))} mm are not made`
            : `A ${text(thickness)} mm board has at most ${layersText(most)}: ${hint}`,
      });
    }
  }
  const materialRange = material ? capabilities.layersByMaterial[material] : undefined;
  if (materialRange && layers !== null) {
    if (layers < materialRange.minLayers || layers > materialRange.maxLayers) {
      const range =
        materialRange.minLayers === materialRange.maxLayers
          ? `${layersText(materialRange.minLayers)} only`
          : `${materialRange.minLayers} to ${materialRange.maxLayers} layers`;
      errors.push({
        field: 'boardMaterial',
        message: `${material} boards are made with ${range}, not ${layersText(layers)}`,
      });
    }
  }
  const finishes = material ? capabilities.finishesByMaterial[material] : undefined;
  if (finishes && settings.finishing && !finishes.includes(settings.finishing)) {
    errors.push({
      field: 'finishing',
      message: `${settings.finishing} is not offered on ${material}: choose ${finishes.join(', ')}`,
    });
  }
  if (layers !== null) {
    const copper = copperBandFor(capabilities, layers);
    if (copper) {
      const outer = settings.outerCooper;
      if (outer !== null && !copper.outerOz.some((oz) => Math.abs(oz - outer) < 1e-9)) {
        errors.push({
          field: 'outerCooper',
          message: `${text(outer)} oz outer copper is not made on ${layersText(layers)}: at most ${text(Math.max(...copper.outerOz))} oz`,
        });
      }
      const inner = settings.innerCooper;
      if (
        layers > 2 &&
        inner !== null &&
        copper.innerOz.length > 0 &&
        !copper.innerOz.some((oz) => Math.abs(oz - inner) < 1e-9)
      ) {
        errors.push({
          field: 'innerCooper',
          message: `${text(inner)} oz inner copper is not made on ${layersText(layers)}: at most ${text(Math.max(...copper.innerOz))} oz`,
        });
      }
    }
  }
  for (const side of sides) errors.push(...checkSides(settings, capabilities, side));
  return errors;
}

function checkSides(
  settings: BoardSettings,
  capabilities: ManufacturingCapabilities,
  sides: SidesMm,
): FieldError<BoardSettingsField>[] {
  const { minSide, maxShortSide, maxLongSide } = capabilities.sizeMm;
  const inches = settings.unitsIn === 'in';
  const both = (valueMm: number) =>
    inches ? `${text(valueMm)} mm (${text(valueMm / MM_PER_INCH)} in)` : `${text(valueMm)} mm`;
  const what = sides.panel ? 'A panel' : 'A board';
  const short = Math.min(sides.widthMm, sides.lengthMm);
  const long = Math.max(sides.widthMm, sides.lengthMm);
  const longField: BoardSettingsField = sides.panel
    ? sides.widthMm >= sides.lengthMm
      ? 'panelization_x'
      : 'panelization_y'
    : sides.widthMm >= sides.lengthMm
      ? 'boardWidth'
      : 'boardLength';
  if (!sides.panel && short < minSide - 1e-9) {
    return [
      {
        field: sides.widthMm <= sides.lengthMm ? 'boardWidth' : 'boardLength',
        message: `A board is at least ${both(minSide)} a side`,
      },
    ];
  }
  if (long > maxLongSide + 1e-9 || short > maxShortSide + 1e-9) {
    return [
      {
        field: longField,
        message: `${what} is at most ${both(maxShortSide)} × ${both(maxLongSide)}`,
      },
    ];
  }
  return [];
}

/** The board's sides in mm as typed (null while a side or the unit is not usable). */
export function typedSidesMm(
  settings: BoardSettings,
): { widthMm: number; lengthMm: number } | null {
  const { boardWidth, boardLength, unitsIn } = settings;
  if (!isLengthUnit(unitsIn)) return null;
  if (!(typeof boardWidth === 'number' && boardWidth > 0)) return null;
  if (!(typeof boardLength === 'number' && boardLength > 0)) return null;
  const factor = unitsIn === 'in' ? MM_PER_INCH : 1;
  return { widthMm: boardWidth * factor, lengthMm: boardLength * factor };
}
