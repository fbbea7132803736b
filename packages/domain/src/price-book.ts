import type { CurrencyCode } from './currency.ts';

// The price book: every number the pricing engine uses, as data. The server keeps versions of it
// in the database (administrators add new versions, a quote records the version it used); this
// file holds its shape and the default the first version is seeded with.
//
// Money is in minor units (cents) of the book's base currency, USD. Area prices are cents per
// square centimetre and may be fractional: the engine rounds once per board, never per cm².

/** A surcharge a choice adds: a fixed fee per order line and a percentage of the board price. */
export type Surcharge = {
  /** Cents, charged once per order line (tooling, set-up). */
  fixed: number;
  /** Percent of the board's area price, charged on every board (or panel). */
  percent: number;
};

export type LayerBand = {
  /** The band prices boards of up to this many copper layers. */
  maxLayers: number;
  /** Cents, once per order line: films, drilling programs, electrical test fixture. */
  setupFee: number;
  /** Cents per cm² of board (or panel) area. */
  perCm2: number;
};

/** A volume discount: from this much board area ordered on one line, the area price drops. */
export type QuantityBreak = { fromM2: number; discountPercent: number };

/** A stricter minimum hole: holes below `belowMm` cost `percent` more on the board price. */
export type HoleBand = { belowMm: number; percent: number };

export type LeadTime = {
  id: string;
  label: string;
  workingDays: number;
  /** Percent on the board price (fixed fees are not rushed): a surcharge, or a discount below 0. */
  percent: number;
};

export type PriceBook = {
  /** Everything above is in cents of this currency. */
  baseCurrency: 'USD';
  /** Units of each currency per one unit of the base currency (USD is 1). */
  rates: Record<CurrencyCode, number>;
  /** Ordered by `maxLayers`; a board is priced by the first band that covers its layer count. */
  layerBands: LayerBand[];
  /** Ordered by `fromM2`; the last break reached applies. */
  quantityBreaks: QuantityBreak[];
  /** By base material name (board settings options). A material missing here is not priced. */
  materials: Record<string, Surcharge>;
  /** Thicknesses (mm) made at no extra cost; others cost `otherThickness`. */
  standardThicknessesMm: number[];
  otherThickness: Surcharge;
  /** By finishing name. A finishing missing here is not priced. */
  finishings: Record<string, Surcharge>;
  /** By colour name; a colour missing here is free. */
  maskColors: Record<string, Surcharge>;
  silkColors: Record<string, Surcharge>;
  /** Copper weights in oz made at no extra cost; heavier copper costs by weight. */
  standardOuterCopperOz: number;
  /** Heavier outer copper, by weight in oz (the first entry at or above the weight applies). */
  outerCopper: { upToOz: number; percent: number }[];
  standardInnerCopperOz: number;
  innerCopper: { upToOz: number; percent: number }[];
  /** By via process name; a process missing here is free. */
  viaProcesses: Record<string, Surcharge>;
  /** Panelization: a fee per order line for the panel drawing. */
  panelFee: number;
  /** By panel cutting name; charged when there is something to cut apart. */
  panelCuttings: Record<string, Surcharge>;
  /** Percent off the board price when the customer accepts X-out panels. */
  xOutDiscountPercent: number;
  /** The minimum hole made at no extra cost, in mm. */
  standardMinHoleMm: number;
  /** Ordered from the largest `belowMm`; the smallest band the hole falls below applies. */
  holeBands: HoleBand[];
  /** The smallest hole made at all, in mm. */
  minHoleMm: number;
  /** The first is the default. */
  leadTimes: LeadTime[];
};

/**
 * The default book, calibrated on published prices (docs/pricing.md "Reference points", pinned
 * by apps/server/src/modules/pricing/price-references.test.ts): 2 and 4 layers priced like the volume prototype fabs (5 pieces of
 * 100 × 100 mm, 2 layers, cost a few USD; three boards never more than OSH Park's 5 USD and
 * 10 USD a square inch), 6 layers between JLCPCB and PCBWay, 12 layers in the hundreds of USD
 * for ten boards. Layer counts to 32; FR4 in three Tg grades.
 */
export const DEFAULT_PRICE_BOOK: PriceBook = {
  baseCurrency: 'USD',
  rates: { USD: 1, CAD: 1.38, EUR: 0.92 },
  layerBands: [
    { maxLayers: 1, setupFee: 250, perCm2: 0.5 },
    { maxLayers: 2, setupFee: 300, perCm2: 0.6 },
    { maxLayers: 4, setupFee: 800, perCm2: 1.2 },
    { maxLayers: 6, setupFee: 3500, perCm2: 6 },
    { maxLayers: 8, setupFee: 7000, perCm2: 12 },
    { maxLayers: 10, setupFee: 15000, perCm2: 25 },
    { maxLayers: 12, setupFee: 25000, perCm2: 40 },
    { maxLayers: 14, setupFee: 32000, perCm2: 50 },
    { maxLayers: 16, setupFee: 40000, perCm2: 60 },
    { maxLayers: 18, setupFee: 48000, perCm2: 72 },
    { maxLayers: 20, setupFee: 56000, perCm2: 85 },
    { maxLayers: 24, setupFee: 70000, perCm2: 110 },
    { maxLayers: 28, setupFee: 85000, perCm2: 140 },
    { maxLayers: 32, setupFee: 100000, perCm2: 170 },
  ],
  quantityBreaks: [
    { fromM2: 0.5, discountPercent: 10 },
    { fromM2: 1, discountPercent: 20 },
    { fromM2: 5, discountPercent: 30 },
  ],
  materials: {
    FR4: { fixed: 0, percent: 0 },
    'FR4 Mid Tg': { fixed: 0, percent: 10 },
    'FR4 High Tg': { fixed: 0, percent: 20 },
    Aluminum: { fixed: 1000, percent: 60 },
    Rogers: { fixed: 5000, percent: 250 },
    Polyimide: { fixed: 3000, percent: 150 },
  },
  standardThicknessesMm: [0.8, 1, 1.2, 1.6, 2],
  otherThickness: { fixed: 500, percent: 15 },
  finishings: {
    'HASL Lead Free': { fixed: 0, percent: 0 },
    'HASL with lead': { fixed: 0, percent: 0 },
    ENIG: { fixed: 1200, percent: 15 },
    'Gold Plating': { fixed: 2000, percent: 30 },
    ENEPIG: { fixed: 2500, percent: 35 },
    'Immersion Tin': { fixed: 800, percent: 10 },
    'Immersion Silver': { fixed: 800, percent: 10 },
    OSP: { fixed: 0, percent: 0 },
    'Bare Copper': { fixed: 0, percent: 0 },
  },
  maskColors: {
    Red: { fixed: 200, percent: 0 },
    Yellow: { fixed: 200, percent: 0 },
    Blue: { fixed: 200, percent: 0 },
    White: { fixed: 200, percent: 0 },
    Black: { fixed: 200, percent: 0 },
    Purple: { fixed: 500, percent: 0 },
    'Matte Black': { fixed: 500, percent: 0 },
    'Matte Green': { fixed: 500, percent: 0 },
  },
  silkColors: {
    Black: { fixed: 200, percent: 0 },
    Yellow: { fixed: 200, percent: 0 },
  },
  standardOuterCopperOz: 1,
  outerCopper: [
    { upToOz: 2, percent: 30 },
    { upToOz: 3, percent: 60 },
  ],
  standardInnerCopperOz: 1,
  innerCopper: [
    { upToOz: 2, percent: 25 },
    { upToOz: 3, percent: 50 },
  ],
  viaProcesses: {
    'Plugged vias': { fixed: 1000, percent: 5 },
    'Epoxy filled and capped': { fixed: 4000, percent: 20 },
  },
  panelFee: 500,
  panelCuttings: {
    'V-Scoring': { fixed: 300, percent: 0 },
    'Tab-routing': { fixed: 500, percent: 0 },
    'V-Scoring+Tab-routing': { fixed: 800, percent: 0 },
  },
  xOutDiscountPercent: 5,
  standardMinHoleMm: 0.3,
  holeBands: [
    { belowMm: 0.3, percent: 10 },
    { belowMm: 0.2, percent: 25 },
  ],
  minHoleMm: 0.15,
  leadTimes: [
    { id: 'standard', label: 'Standard build', workingDays: 5, percent: 0 },
    { id: 'faster', label: 'Faster build', workingDays: 3, percent: 30 },
    { id: 'economy', label: 'Economy build', workingDays: 10, percent: -10 },
  ],
};

/** "Faster build, 3 working days (+30 %)": how a build time choice reads. */
export function leadTimeText(
  leadTime: Pick<LeadTime, 'label' | 'workingDays' | 'percent'>,
): string {
  const change =
    leadTime.percent === 0
      ? ''
      : ` (${leadTime.percent > 0 ? '+' : '−'}${Math.abs(leadTime.percent)} %)`;
  return `${leadTime.label}, ${leadTime.workingDays} working days${change}`;
}
