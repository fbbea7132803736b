import { MAX_BOARD_SIDE } from './board-limits.ts';
import type { BoardSettings } from './board-settings.ts';
import type { CurrencyCode } from './currency.ts';
import {
  checkCapabilities,
  DEFAULT_MANUFACTURING_CAPABILITIES,
  type ManufacturingCapabilities,
} from './manufacturing-capabilities.ts';
import { type BoardFacts, type PricedDimensions, pricedDimensions } from './measured-board.ts';
import {
  type Amounts,
  addAmounts,
  CURRENCY_CODES,
  convertAmounts,
  roundMinor,
  scaleAmounts,
  zeroAmounts,
} from './money.ts';
import type { LeadTime, PriceBook, Surcharge } from './price-book.ts';
import { isLengthUnit, MM_PER_INCH } from './units.ts';

// The pricing engine: board settings, what the Gerber analysis measured, a quantity, a material
// and a price book in; priced lines out, each with the rule that made it and a reason a customer
// reads. Pure and deterministic: the same inputs give the same quote, in the browser and on the
// server.
//
// The size and layers priced are the larger of what the settings declare and what the files
// measured (measured-board.ts): a customer cannot lower a price by declaring a smaller board.
//
// Every line is either a fee charged once per order line (quantity 1) or a price per unit
// (quantity = the amount ordered), and a unit price depends on the quantity only through the
// volume discount, which only grows. With the fees spread over more units, a larger quantity
// therefore never costs more per unit, in any currency: each unit price and fee is converted
// from the base currency at the book's rate and rounded to the cent before it is multiplied.

export type PriceRule =
  | 'customer-boards'
  | 'setup'
  | 'area'
  | 'material'
  | 'thickness'
  | 'finishing'
  | 'mask-color'
  | 'silk-color'
  | 'outer-copper'
  | 'inner-copper'
  | 'via-process'
  | 'panel'
  | 'panel-cutting'
  | 'min-hole'
  | 'x-out'
  | 'volume'
  | 'lead-time'
  | 'rounding';

export type PriceLine = {
  rule: PriceRule;
  /** What the customer reads: "4 layers", "ENIG finish", "V-scoring". */
  reason: string;
  /** 1 for a fee per order line; the amount ordered for a price per unit. */
  quantity: number;
  /** Minor units per unit (per order line for fees), in each currency. */
  unit: Amounts;
  /** unit × quantity. */
  amount: Amounts;
};

export type Quote = {
  /** Units ordered: boards, or panels when the board is panelized. */
  quantity: number;
  unitName: 'board' | 'panel';
  /** Boards in one unit: 1, or x × y for a panel. */
  boardsPerUnit: number;
  /** The size one unit is priced at, in mm (the panel, rails included, when panelized). */
  unitSizeMm: { width: number; length: number };
  layers: number;
  material: string;
  leadTime: Pick<LeadTime, 'id' | 'label' | 'workingDays'>;
  lines: PriceLine[];
  /** perUnit × quantity: what the lines add up to, their rounding line included. */
  total: Amounts;
  /** The price of one unit, a whole number of minor units: what the total is made of. */
  perUnit: Amounts;
  /** The rates the quote converted at, locked in with it. */
  rates: Record<CurrencyCode, number>;
};

export type PriceResult =
  | { type: 'priced'; quote: Quote }
  | { type: 'unpriceable'; message: string };

export type PriceInput = {
  settings: BoardSettings;
  facts: BoardFacts | null;
  /** Boards, or panels when panelized; a whole number ≥ 1. */
  quantity: number;
  /** The base material of this order; the board settings' material when null or absent. */
  material?: string | null | undefined;
  /** A lead time id of the book; its first lead time when null or absent. */
  leadTime?: string | null | undefined;
  book: PriceBook;
  /** What the fab builds; the default table when absent. */
  capabilities?: ManufacturingCapabilities | undefined;
};

export const PRICING_MESSAGES = {
  quantity: 'Amount should be a whole number of at least 1',
  size: 'Board sizes should be selected',
  layers: 'Number of layers should be selected',
  tooLarge: `A board or panel is at most ${MAX_BOARD_SIDE.mm} mm (${MAX_BOARD_SIDE.in} in) a side: check its size and panelization`,
} as const;

type BaseLine = { rule: PriceRule; reason: string; perUnit: boolean; base: number };

const mm = (value: number) => String(Number(value.toFixed(2)));
const percentText = (value: number) => `${Number(value.toFixed(2))} %`;

/**
 * Why a price uses the files' measure rather than what was entered, appended to the line it
 * changes: "; board measured from the files at 100 × 80 mm (50 × 40 mm entered)".
 */
function measuredNotes(dimensions: PricedDimensions): { size: string; layers: string } {
  const { declared } = dimensions;
  const size =
    dimensions.sizeFromFiles && declared.widthMm !== null && declared.lengthMm !== null
      ? `; board measured from the files at ${mm(dimensions.widthMm!)} × ${mm(dimensions.lengthMm!)} mm (${mm(declared.widthMm)} × ${mm(declared.lengthMm)} mm entered)`
      : '';
  const layers = dimensions.layersFromFiles
    ? ` (the board files hold ${dimensions.layers} copper layers; ${declared.layers} entered)`
    : '';
  return { size, layers };
}

function toMm(value: number | null, unit: string | null): number | null {
  if (value === null || !Number.isFinite(value) || value <= 0 || !isLengthUnit(unit)) return null;
  return unit === 'in' ? value * MM_PER_INCH : value;
}

function railsText(edgeRail: string | null): string | null {
  switch (edgeRail) {
    case 'Round':
      return 'edge rails all round';
    case 'Top and Bottom Side':
      return '2 edge rails (top and bottom)';
    case 'Left and Right Side':
      return '2 edge rails (left and right)';
    default:
      return null;
  }
}

const CUTTING_TEXT: Readonly<Record<string, string>> = {
  'V-Scoring': 'V-scoring',
  'Tab-routing': 'Tab-routing',
  'V-Scoring+Tab-routing': 'V-scoring and tab-routing',
};

/** The unit a quote prices: one board, or the panel with its rails and rout gaps. */
function unitGeometry(settings: BoardSettings, widthMm: number, lengthMm: number) {
  const unit = settings.unitsIn;
  const panelized = settings.panelization;
  const countX = panelized ? Math.max(1, Math.round(settings.panelization_x ?? 1)) : 1;
  const countY = panelized ? Math.max(1, Math.round(settings.panelization_y ?? 1)) : 1;
  const rail = settings.edge_rail;
  const railMm = rail && rail !== 'None' ? (toMm(settings.edge_rail_width, unit) ?? 0) : 0;
  const railsAcrossLength = rail === 'Round' || rail === 'Top and Bottom Side' ? 2 : 0;
  const railsAcrossWidth = rail === 'Round' || rail === 'Left and Right Side' ? 2 : 0;
  const routed = settings.panel_cutting?.includes('Tab-routing') ?? false;
  const gapX = routed ? (toMm(settings.rout_width_horizontal, unit) ?? 0) : 0;
  const gapY = routed ? (toMm(settings.rout_width_vertical, unit) ?? 0) : 0;
  // The sides the settings rules bound (boards and rails, as SPEC §5 measures a panel).
  const boundedWidth = widthMm * countX + railMm * railsAcrossWidth;
  const boundedLength = lengthMm * countY + railMm * railsAcrossLength;
  const width = boundedWidth + gapX * (countX - 1);
  const length = boundedLength + gapY * (countY - 1);
  return { countX, countY, width, length, boundedWidth, boundedLength, hasRails: railMm > 0 };
}

function bandFor<T extends { upToOz: number; percent: number }>(
  bands: readonly T[],
  weightOz: number,
): T | undefined {
  return bands.find((band) => weightOz <= band.upToOz + 1e-9) ?? bands[bands.length - 1];
}

/** "2 × 3" for a board delivered in panels of 2 × 3, null for single boards. */
export function panelizationText(settings: BoardSettings): string | null {
  if (!settings.panelization) return null;
  const x = Math.max(1, Math.round(settings.panelization_x ?? 1));
  const y = Math.max(1, Math.round(settings.panelization_y ?? 1));
  return `${x} × ${y}`;
}

/**
 * Prices `quantity` units of a board. A board the book cannot price (no size, a layer count or
 * material it has no price for) gives `unpriceable` with the reason.
 */
export function priceBoard(input: PriceInput): PriceResult {
  const { settings, facts, quantity, book } = input;
  if (!Number.isInteger(quantity) || quantity < 1) {
    return { type: 'unpriceable', message: PRICING_MESSAGES.quantity };
  }
  const dimensions = pricedDimensions(settings, facts);
  const { widthMm, lengthMm, layers } = dimensions;
  if (widthMm === null || lengthMm === null) {
    return { type: 'unpriceable', message: PRICING_MESSAGES.size };
  }
  if (layers === null) return { type: 'unpriceable', message: PRICING_MESSAGES.layers };
  const band = book.layerBands.find((candidate) => layers <= candidate.maxLayers);
  if (!band) {
    return { type: 'unpriceable', message: `There is no price for boards of ${layers} layers` };
  }
  const material = input.material || settings.boardMaterial || '';
  const materialSurcharge = book.materials[material];
  if (!materialSurcharge) {
    return { type: 'unpriceable', message: `There is no price for the material ${material}` };
  }
  const finishing = settings.finishing ?? '';
  const finishingSurcharge = book.finishings[finishing];
  if (!finishingSurcharge) {
    return { type: 'unpriceable', message: `There is no price for the finishing ${finishing}` };
  }
  const leadTime = input.leadTime
    ? book.leadTimes.find((candidate) => candidate.id === input.leadTime)
    : book.leadTimes[0];
  if (!leadTime) {
    return { type: 'unpriceable', message: `There is no lead time ${input.leadTime}` };
  }
  const minHoleMm = settings.min_hole_size;
  if (minHoleMm < book.minHoleMm - 1e-9) {
    return {
      type: 'unpriceable',
      message: `Holes below ${book.minHoleMm} mm cannot be made; the minimum hole is ${mm(minHoleMm)} mm`,
    };
  }

  const geometry = unitGeometry(settings, widthMm, lengthMm);
  // Settings are checked against these bounds before they are saved or quoted; a board saved
  // before they existed is not priced past them.
  const longest = MAX_BOARD_SIDE.mm + 1e-6;
  if (!(geometry.boundedWidth <= longest && geometry.boundedLength <= longest)) {
    return { type: 'unpriceable', message: PRICING_MESSAGES.tooLarge };
  }
  const panelized = settings.panelization;
  // Only what the fab builds is priced, at the size and layers the files show.
  if (!settings.customerWillSupplyBareBoard) {
    const [notMade] = checkCapabilities(
      settings,
      input.capabilities ?? DEFAULT_MANUFACTURING_CAPABILITIES,
      {
        layers,
        sides: [
          { widthMm, lengthMm, panel: false },
          ...(panelized || geometry.hasRails
            ? [{ widthMm: geometry.width, lengthMm: geometry.length, panel: true }]
            : []),
        ],
      },
    );
    if (notMade) return { type: 'unpriceable', message: notMade.message };
  }
  const unitName = panelized ? 'panel' : 'board';
  const boardsPerUnit = geometry.countX * geometry.countY;
  const areaCm2 = (geometry.width * geometry.length) / 100;
  const layerText = `${layers} layer${layers === 1 ? '' : 's'}`;
  const measuredText = measuredNotes(dimensions);

  const lines: BaseLine[] = [];
  const fee = (rule: PriceRule, reason: string, base: number) => {
    if (base !== 0) lines.push({ rule, reason, perUnit: false, base: roundMinor(base) });
  };
  const perUnit = (rule: PriceRule, reason: string, base: number) => {
    if (base !== 0) lines.push({ rule, reason, perUnit: true, base });
  };

  if (settings.customerWillSupplyBareBoard) {
    lines.push({
      rule: 'customer-boards',
      reason: 'Bare boards supplied by you: no board fabrication',
      perUnit: true,
      base: 0,
    });
    return { type: 'priced', quote: finish() };
  }

  const areaUnit = roundMinor(areaCm2 * band.perCm2);
  const sizeText = `${mm(geometry.width)} × ${mm(geometry.length)} mm`;
  fee('setup', `Set-up for ${layerText}${measuredText.layers}`, band.setupFee);
  lines.push({
    rule: 'area',
    reason: panelized
      ? `${layerText}, panel of ${sizeText} (${mm(areaCm2)} cm²)${measuredText.size}`
      : `${layerText}, ${sizeText} (${mm(areaCm2)} cm²)${measuredText.size}`,
    perUnit: true,
    base: areaUnit,
  });
  const percentOfArea = (percent: number) => roundMinor((areaUnit * percent) / 100);
  const surcharge = (rule: PriceRule, reason: string, charge: Surcharge) => {
    fee(rule, `${reason}: set-up`, charge.fixed);
    perUnit(rule, `${reason} (+${percentText(charge.percent)})`, percentOfArea(charge.percent));
  };

  surcharge('material', `${material} material`, materialSurcharge);
  const thickness = settings.boardThickness;
  if (
    thickness !== null &&
    !book.standardThicknessesMm.some((standard) => Math.abs(standard - thickness) < 1e-9)
  ) {
    surcharge('thickness', `${mm(thickness)} mm thick board`, book.otherThickness);
  }
  surcharge('finishing', `${finishing} finish`, finishingSurcharge);
  const mask = settings.maskColor && book.maskColors[settings.maskColor];
  if (mask) surcharge('mask-color', `${settings.maskColor} solder mask`, mask);
  const silk = settings.silkColor && book.silkColors[settings.silkColor];
  if (silk) surcharge('silk-color', `${settings.silkColor} silkscreen`, silk);
  const outer = settings.outerCooper;
  if (outer !== null && outer > book.standardOuterCopperOz + 1e-9) {
    const copper = bandFor(book.outerCopper, outer);
    if (copper) {
      perUnit(
        'outer-copper',
        `${outer} oz outer copper (+${percentText(copper.percent)})`,
        percentOfArea(copper.percent),
      );
    }
  }
  const inner = settings.innerCooper;
  if (layers > 2 && inner !== null && inner > book.standardInnerCopperOz + 1e-9) {
    const copper = bandFor(book.innerCopper, inner);
    if (copper) {
      perUnit(
        'inner-copper',
        `${inner} oz inner copper (+${percentText(copper.percent)})`,
        percentOfArea(copper.percent),
      );
    }
  }
  const via = settings.via_process && book.viaProcesses[settings.via_process];
  if (via) surcharge('via-process', settings.via_process!, via);

  if (panelized) {
    const rails = railsText(settings.edge_rail);
    const railPart = rails && geometry.hasRails ? `, ${rails}` : '';
    fee(
      'panel',
      `Panel of ${geometry.countX} × ${geometry.countY}${railPart} (${boardsPerUnit} boards a panel)`,
      book.panelFee,
    );
  }
  const cutting = settings.panel_cutting ?? '';
  const cuttingCharge = book.panelCuttings[cutting];
  if ((panelized || geometry.hasRails) && cuttingCharge) {
    surcharge('panel-cutting', CUTTING_TEXT[cutting] ?? cutting, cuttingCharge);
  }
  if (minHoleMm < book.standardMinHoleMm - 1e-9) {
    const holeBand = [...book.holeBands]
      .filter((candidate) => minHoleMm < candidate.belowMm - 1e-9)
      .sort((a, b) => a.belowMm - b.belowMm)[0];
    if (holeBand) {
      perUnit(
        'min-hole',
        `min. hole ${mm(minHoleMm)} mm below the standard ${mm(book.standardMinHoleMm)} mm (+${percentText(holeBand.percent)})`,
        percentOfArea(holeBand.percent),
      );
    }
  }

  // Discounts and the lead time apply to the whole price of a unit.
  const unitSubtotal = lines.filter((line) => line.perUnit).reduce((sum, l) => sum + l.base, 0);
  let discounted = unitSubtotal;
  if (panelized && settings.x_out_panel && book.xOutDiscountPercent > 0) {
    const off = roundMinor((unitSubtotal * book.xOutDiscountPercent) / 100);
    perUnit('x-out', `X-out panels accepted (−${percentText(book.xOutDiscountPercent)})`, -off);
    discounted -= off;
  }
  const orderedM2 = (areaCm2 * quantity) / 10_000;
  const volume = book.quantityBreaks
    .filter((candidate) => orderedM2 >= candidate.fromM2 - 1e-12)
    .sort((a, b) => b.fromM2 - a.fromM2)[0];
  if (volume && volume.discountPercent > 0) {
    const off = roundMinor((unitSubtotal * volume.discountPercent) / 100);
    perUnit(
      'volume',
      `Volume discount: ${mm(orderedM2)} m² ordered, from ${volume.fromM2} m² (−${percentText(volume.discountPercent)})`,
      -off,
    );
    discounted -= off;
  }
  if (leadTime.percent !== 0) {
    const sign = leadTime.percent > 0 ? '+' : '−';
    perUnit(
      'lead-time',
      `${leadTime.label} in ${leadTime.workingDays} working days (${sign}${percentText(Math.abs(leadTime.percent))})`,
      roundMinor((discounted * leadTime.percent) / 100),
    );
  }
  return { type: 'priced', quote: finish() };

  function finish(): Quote {
    const priced: PriceLine[] = lines.map((line) => {
      const unit = convertAmounts(line.base, book.rates);
      const lineQuantity = line.perUnit ? quantity : 1;
      return {
        rule: line.rule,
        reason: line.reason,
        quantity: lineQuantity,
        unit,
        amount: scaleAmounts(unit, lineQuantity),
      };
    });
    // A price per unit is read as a whole cent and multiplied by the quantity (an invoice line),
    // so the unit price is rounded first and the total made from it; the cents this adds or
    // takes off the exact sum of the lines are a line of their own, so the lines still add up.
    const exact = priced.reduce((sum, line) => addAmounts(sum, line.amount), zeroAmounts());
    const perUnitAmounts = zeroAmounts();
    const total = zeroAmounts();
    const rounding = zeroAmounts();
    for (const code of CURRENCY_CODES) {
      perUnitAmounts[code] = roundMinor(exact[code] / quantity);
      total[code] = perUnitAmounts[code] * quantity;
      rounding[code] = total[code] - exact[code];
    }
    if (CURRENCY_CODES.some((code) => rounding[code] !== 0)) {
      priced.push({
        rule: 'rounding',
        reason: `Price per ${unitName} rounded to a whole cent (× ${quantity})`,
        quantity: 1,
        unit: rounding,
        amount: { ...rounding },
      });
    }
    return {
      quantity,
      unitName,
      boardsPerUnit,
      unitSizeMm: { width: geometry.width, length: geometry.length },
      layers: layers!,
      material,
      leadTime: { id: leadTime!.id, label: leadTime!.label, workingDays: leadTime!.workingDays },
      lines: priced,
      total,
      perUnit: perUnitAmounts,
      rates: { ...book.rates },
    };
  }
}
