import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANY_BOARD_MADE } from './board.test-support.ts';
import type { BoardSettings } from './board-settings.ts';
import { DEFAULT_BOARD_SETTINGS } from './board-settings.ts';
import { DEFAULT_BOARD_SETTINGS_OPTIONS } from './board-settings-options.ts';
import type { BoardFacts } from './measured-board.ts';
import { CURRENCY_CODES, convertMinor } from './money.ts';
import { DEFAULT_PRICE_BOOK, type PriceBook } from './price-book.ts';
import {
  PRICING_MESSAGES,
  type PriceInput,
  type PriceRule,
  panelizationText,
  priceBoard,
  type Quote,
} from './pricing.ts';

const book = DEFAULT_PRICE_BOOK;

/** A 100 × 100 mm, 2-layer, FR4 1.6 mm, HASL board: the budget fabs' headline quote. */
function settings(overrides: Partial<BoardSettings> = {}): BoardSettings {
  return {
    ...DEFAULT_BOARD_SETTINGS,
    unitsIn: 'mm',
    boardWidth: 100,
    boardLength: 100,
    numberLayers: 2,
    edge_rail_width: 5,
    ...overrides,
  };
}

function quote(input: Partial<PriceInput> & { settings?: BoardSettings } = {}): Quote {
  const result = priceBoard({ settings: settings(), facts: null, quantity: 5, book, ...input });
  if (result.type !== 'priced') throw new Error(`Not priced: ${result.message}`);
  return result.quote;
}

function lineOf(priced: Quote, rule: PriceRule) {
  return priced.lines.filter((line) => line.rule === rule);
}

const SQUARE_INCH_MM = 25.4;

describe('priceBoard: golden quotes of the default book', () => {
  it('5 pieces of 100 × 100 mm, 2 layers, FR4 1.6 mm, HASL cost a few USD, like the budget fabs', () => {
    const priced = quote();
    // 3.00 set-up + 5 × 0.60 (100 cm² at 0.6 ¢/cm²).
    expect(priced.total.USD).toBe(600);
    // JLCPCB asks 2 USD and PCBWay 5 USD for this board; "a few USD" is the sanity range.
    expect(priced.total.USD).toBeGreaterThanOrEqual(200);
    expect(priced.total.USD).toBeLessThanOrEqual(1000);
    expect(
      priced.lines.map((line) => [line.rule, line.reason, line.quantity, line.unit.USD]),
    ).toEqual([
      ['setup', 'Set-up for 2 layers', 1, 300],
      ['area', '2 layers, 100 × 100 mm (100 cm²)', 5, 60],
      // In CAD the set-up (4.14) and 5 × 0.83 make 8.29, 1.658 a board: 1.66 a board, 8.30.
      ['rounding', 'Price per board rounded to a whole cent (× 5)', 1, 0],
    ]);
    expect(priced.perUnit).toEqual({ USD: 120, CAD: 166, EUR: priced.perUnit.EUR });
    expect(priced.total.CAD).toBe(830);
    expect(lineOf(priced, 'rounding')[0]!.amount.CAD).toBe(1);
  });

  it('never charges more than OSH Park (5 USD per square inch for three 2-layer boards)', () => {
    for (const squareInches of [1, 2, 4, 9, 16, 25, 50]) {
      const side = Math.sqrt(squareInches) * SQUARE_INCH_MM;
      const priced = quote({
        settings: settings({ boardWidth: side, boardLength: side }),
        quantity: 3,
      });
      expect(priced.total.USD, `${squareInches} sq in`).toBeLessThanOrEqual(500 * squareInches);
    }
  });

  it('never charges more than OSH Park (10 USD per square inch for three 4-layer boards)', () => {
    for (const squareInches of [1, 2, 4, 9, 16, 25, 50]) {
      const side = Math.sqrt(squareInches) * SQUARE_INCH_MM;
      const priced = quote({
        settings: settings({ boardWidth: side, boardLength: side, numberLayers: 4 }),
        quantity: 3,
      });
      expect(priced.total.USD, `${squareInches} sq in`).toBeLessThanOrEqual(1000 * squareInches);
    }
  });

  it('prices 4 layers above 2 layers, the same board otherwise', () => {
    const four = quote({ settings: settings({ numberLayers: 4 }) });
    expect(four.total.USD).toBe(800 + 5 * 120);
    expect(lineOf(four, 'setup')[0]!.reason).toBe('Set-up for 4 layers');
    expect(lineOf(four, 'area')[0]!.reason).toBe('4 layers, 100 × 100 mm (100 cm²)');
  });
});

describe('priceBoard: each rule', () => {
  it('takes the size in inches from the settings', () => {
    const priced = quote({ settings: settings({ unitsIn: 'in', boardWidth: 2, boardLength: 1 }) });
    expect(priced.unitSizeMm).toEqual({ width: 50.8, length: 25.4 });
    expect(lineOf(priced, 'area')[0]!.reason).toBe('2 layers, 50.8 × 25.4 mm (12.9 cm²)');
  });

  it('takes size and layers from the Gerber analysis when the settings have none', () => {
    const facts: BoardFacts = { widthMm: 80, lengthMm: 50, copperLayers: 4 };
    const priced = quote({
      settings: settings({ boardWidth: null, boardLength: null, numberLayers: null }),
      facts,
    });
    expect(priced.unitSizeMm).toEqual({ width: 80, length: 50 });
    expect(priced.layers).toBe(4);
  });

  it('prices the size and layers the files measure when they are more than declared, and says so', () => {
    // 10,000 boards of 100 × 80 mm, declared as 0.01 × 0.01 mm and one layer.
    const facts: BoardFacts = { widthMm: 100, lengthMm: 80, copperLayers: 2 };
    const honest = quote({
      settings: settings({ boardWidth: 100, boardLength: 80, numberLayers: 2 }),
      facts,
      quantity: 10_000,
    });
    const declaredTiny = quote({
      settings: settings({ boardWidth: 0.01, boardLength: 0.01, numberLayers: 1 }),
      facts,
      quantity: 10_000,
    });
    expect(declaredTiny.total).toEqual(honest.total);
    expect(declaredTiny.unitSizeMm).toEqual({ width: 100, length: 80 });
    expect(declaredTiny.layers).toBe(2);
    expect(lineOf(declaredTiny, 'setup')[0]!.reason).toBe(
      'Set-up for 2 layers (the board files hold 2 copper layers; 1 entered)',
    );
    expect(lineOf(declaredTiny, 'area')[0]!.reason).toBe(
      '2 layers, 100 × 80 mm (80 cm²); board measured from the files at 100 × 80 mm (0.01 × 0.01 mm entered)',
    );
    // Declared turned a quarter: the same board, the same price, nothing to explain.
    const turned = quote({
      settings: settings({ boardWidth: 80, boardLength: 100, numberLayers: 2 }),
      facts,
      quantity: 10_000,
    });
    expect(turned.total).toEqual(honest.total);
    expect(lineOf(turned, 'area')[0]!.reason).toBe('2 layers, 80 × 100 mm (80 cm²)');
    // Declared larger than measured: the declared board is made, and priced.
    const larger = quote({
      settings: settings({ boardWidth: 120, boardLength: 80, numberLayers: 4 }),
      facts,
      quantity: 10_000,
    });
    expect(larger.unitSizeMm).toEqual({ width: 120, length: 80 });
    expect(larger.layers).toBe(4);
    expect(larger.total.USD).toBeGreaterThan(honest.total.USD);
  });

  it('refuses to price a board or panel longer than a metre a side (settings saved before the bound)', () => {
    expect(
      priceBoard({
        settings: settings({ boardWidth: 1e308, boardLength: 1e308 }),
        facts: null,
        quantity: 1,
        book,
      }),
    ).toEqual({ type: 'unpriceable', message: PRICING_MESSAGES.tooLarge });
  });

  it('says what is missing when neither settings nor analysis give a size or layers', () => {
    const noSize = priceBoard({
      settings: settings({ boardWidth: null }),
      facts: { widthMm: null, lengthMm: 50, copperLayers: 2 },
      quantity: 1,
      book,
    });
    expect(noSize).toEqual({ type: 'unpriceable', message: PRICING_MESSAGES.size });
    const noLayers = priceBoard({
      settings: settings({ numberLayers: null }),
      facts: null,
      quantity: 1,
      book,
    });
    expect(noLayers).toEqual({
      type: 'unpriceable',
      message: 'Number of layers should be selected',
    });
  });

  it('refuses a quantity that is not a whole number of at least 1', () => {
    for (const quantity of [0, -1, 1.5, Number.NaN]) {
      expect(priceBoard({ settings: settings(), facts: null, quantity, book })).toEqual({
        type: 'unpriceable',
        message: 'Amount should be a whole number of at least 1',
      });
    }
  });

  it('refuses layer counts, materials and finishings the book has no price for', () => {
    const unpriced = (overrides: Partial<BoardSettings>, material?: string) =>
      priceBoard({ settings: settings(overrides), facts: null, quantity: 1, book, material });
    const upTo16 = { ...book, layerBands: book.layerBands.filter((band) => band.maxLayers <= 16) };
    expect(
      priceBoard({
        settings: settings({ numberLayers: 20, boardThickness: 2 }),
        facts: null,
        quantity: 1,
        book: upTo16,
      }),
    ).toEqual({ type: 'unpriceable', message: 'There is no price for boards of 20 layers' });
    expect(unpriced({}, 'Unobtainium')).toEqual({
      type: 'unpriceable',
      message: 'There is no price for the material Unobtainium',
    });
    expect(unpriced({ finishing: 'Chocolate' })).toEqual({
      type: 'unpriceable',
      message: 'There is no price for the finishing Chocolate',
    });
    expect(unpriced({ min_hole_size: 0.1 })).toEqual({
      type: 'unpriceable',
      message: 'Holes below 0.15 mm cannot be made; the minimum hole is 0.1 mm',
    });
  });

  it('charges the material of the order, which may differ from the board settings', () => {
    const highTg = quote({ material: 'FR4 High Tg' });
    expect(highTg.material).toBe('FR4 High Tg');
    expect(lineOf(highTg, 'material').map((line) => [line.reason, line.unit.USD])).toEqual([
      ['FR4 High Tg material (+20 %)', 12],
    ]);
    const fromSettings = quote({
      settings: settings({ boardMaterial: 'Rogers', finishing: 'ENIG' }),
    });
    expect(
      lineOf(fromSettings, 'material').map((line) => [line.reason, line.quantity, line.unit.USD]),
    ).toEqual([
      ['Rogers material: set-up', 1, 5000],
      ['Rogers material (+250 %)', 5, 150],
    ]);
  });

  it('charges the finish: ENIG has a set-up and a share of the board price', () => {
    const enig = quote({ settings: settings({ finishing: 'ENIG' }) });
    expect(lineOf(enig, 'finishing').map((line) => [line.reason, line.unit.USD])).toEqual([
      ['ENIG finish: set-up', 1200],
      ['ENIG finish (+15 %)', 9],
    ]);
    expect(lineOf(quote(), 'finishing')).toEqual([]);
  });

  it('charges a thickness outside the standard ones', () => {
    expect(lineOf(quote(), 'thickness')).toEqual([]);
    const thick = quote({ settings: settings({ boardThickness: 2.4 }) });
    expect(lineOf(thick, 'thickness').map((line) => line.reason)).toEqual([
      '2.4 mm thick board: set-up',
      '2.4 mm thick board (+15 %)',
    ]);
  });

  it('charges mask and silk colours other than green and white', () => {
    const red = quote({ settings: settings({ maskColor: 'Red', silkColor: 'Black' }) });
    expect(lineOf(red, 'mask-color').map((line) => [line.reason, line.unit.USD])).toEqual([
      ['Red solder mask: set-up', 200],
    ]);
    expect(lineOf(red, 'silk-color').map((line) => line.reason)).toEqual([
      'Black silkscreen: set-up',
    ]);
  });

  it('charges heavy copper; inner copper only on boards with inner layers', () => {
    const heavy = quote({ settings: settings({ outerCooper: 2, innerCooper: 2 }) });
    expect(lineOf(heavy, 'outer-copper').map((line) => [line.reason, line.unit.USD])).toEqual([
      ['2 oz outer copper (+30 %)', 18],
    ]);
    expect(lineOf(heavy, 'inner-copper')).toEqual([]);
    const four = quote({ settings: settings({ numberLayers: 4, innerCooper: 2 }) });
    expect(lineOf(four, 'inner-copper').map((line) => line.reason)).toEqual([
      '2 oz inner copper (+25 %)',
    ]);
  });

  it('charges the via process', () => {
    const plugged = quote({ settings: settings({ via_process: 'Plugged vias' }) });
    expect(lineOf(plugged, 'via-process').map((line) => line.reason)).toEqual([
      'Plugged vias: set-up',
      'Plugged vias (+5 %)',
    ]);
  });

  it('prices a panel: its area with rails, the panel fee and the cutting', () => {
    const panel = quote({
      settings: settings({
        boardWidth: 30,
        boardLength: 20,
        panelization: true,
        panelization_x: 2,
        panelization_y: 3,
        edge_rail: 'Top and Bottom Side',
        edge_rail_width: 5,
        panel_cutting: 'V-Scoring',
      }),
      quantity: 10,
    });
    expect(panel.unitName).toBe('panel');
    expect(panel.boardsPerUnit).toBe(6);
    expect(panel.unitSizeMm).toEqual({ width: 60, length: 70 });
    expect(
      panel.lines.filter((line) => line.rule !== 'rounding').map((line) => line.reason),
    ).toEqual([
      'Set-up for 2 layers',
      '2 layers, panel of 60 × 70 mm (42 cm²)',
      'Panel of 2 × 3, 2 edge rails (top and bottom) (6 boards a panel)',
      'V-scoring: set-up',
    ]);
  });

  it('adds the rout gaps of tab-routing to the panel', () => {
    const routed = quote({
      settings: settings({
        boardWidth: 30,
        boardLength: 20,
        panelization: true,
        panelization_x: 2,
        panelization_y: 2,
        edge_rail: 'None',
        panel_cutting: 'Tab-routing',
        rout_width_horizontal: 2,
        rout_width_vertical: 3,
      }),
    });
    expect(routed.unitSizeMm).toEqual({ width: 62, length: 43 });
    expect(lineOf(routed, 'panel-cutting')[0]!.reason).toBe('Tab-routing: set-up');
  });

  it('does not charge cutting for a single board without rails', () => {
    expect(lineOf(quote(), 'panel-cutting')).toEqual([]);
    expect(lineOf(quote(), 'panel')).toEqual([]);
  });

  it('takes X-out acceptance off panels only', () => {
    const panelSettings = settings({ panelization: true, panelization_x: 2, panelization_y: 2 });
    const xOut = quote({ settings: { ...panelSettings, x_out_panel: true } });
    const area = lineOf(xOut, 'area')[0]!.unit.USD;
    expect(lineOf(xOut, 'x-out').map((line) => [line.reason, line.unit.USD])).toEqual([
      ['X-out panels accepted (−5 %)', -Math.round(area * 0.05)],
    ]);
    expect(lineOf(quote({ settings: settings({ x_out_panel: true }) }), 'x-out')).toEqual([]);
  });

  it('charges holes below the standard minimum by band', () => {
    expect(lineOf(quote(), 'min-hole')).toEqual([]);
    const small = quote({ settings: settings({ min_hole_size: 0.2 }) });
    expect(lineOf(small, 'min-hole').map((line) => [line.reason, line.unit.USD])).toEqual([
      ['min. hole 0.2 mm below the standard 0.3 mm (+10 %)', 6],
    ]);
    const smaller = quote({ settings: settings({ min_hole_size: 0.15 }) });
    expect(lineOf(smaller, 'min-hole')[0]!.reason).toBe(
      'min. hole 0.15 mm below the standard 0.3 mm (+25 %)',
    );
  });

  it('gives a volume discount by the board area ordered', () => {
    expect(lineOf(quote({ quantity: 49 }), 'volume')).toEqual([]);
    const half = quote({ quantity: 50 });
    expect(lineOf(half, 'volume').map((line) => [line.reason, line.unit.USD])).toEqual([
      ['Volume discount: 0.5 m² ordered, from 0.5 m² (−10 %)', -6],
    ]);
    expect(lineOf(quote({ quantity: 600 }), 'volume')[0]!.reason).toBe(
      'Volume discount: 6 m² ordered, from 5 m² (−30 %)',
    );
  });

  it('charges a faster build on the board price, not on the fees; takes off for economy', () => {
    const faster = quote({ leadTime: 'faster' });
    expect(faster.leadTime).toEqual({ id: 'faster', label: 'Faster build', workingDays: 3 });
    expect(lineOf(faster, 'lead-time').map((line) => [line.reason, line.unit.USD])).toEqual([
      ['Faster build in 3 working days (+30 %)', 18],
    ]);
    const economy = quote({ leadTime: 'economy' });
    expect(lineOf(economy, 'lead-time').map((line) => [line.reason, line.unit.USD])).toEqual([
      ['Economy build in 10 working days (−10 %)', -6],
    ]);
    expect(economy.total.USD).toBe(quote().total.USD - 5 * 6);
    expect(quote().leadTime.id).toBe('standard');
    expect(
      priceBoard({ settings: settings(), facts: null, quantity: 1, book, leadTime: 'now' }),
    ).toEqual({
      type: 'unpriceable',
      message: 'There is no lead time now',
    });
  });

  it('charges nothing for fabrication when the customer supplies the bare boards', () => {
    const supplied = quote({ settings: settings({ customerWillSupplyBareBoard: true }) });
    expect(supplied.lines.map((line) => line.rule)).toEqual(['customer-boards']);
    expect(supplied.total).toEqual({ USD: 0, CAD: 0, EUR: 0 });
  });

  it('is deterministic and records the rates it used', () => {
    expect(quote()).toEqual(quote());
    expect(quote().rates).toEqual({ USD: 1, CAD: 1.38, EUR: 0.92 });
  });

  it('follows the book it is given', () => {
    const dearer: PriceBook = {
      ...book,
      layerBands: book.layerBands.map((band) => ({ ...band, setupFee: band.setupFee * 2 })),
    };
    expect(quote({ book: dearer }).total.USD).toBe(quote().total.USD + 300);
  });
});

describe('panelizationText', () => {
  it('says how boards are grouped in a panel', () => {
    expect(panelizationText(settings())).toBeNull();
    expect(
      panelizationText(settings({ panelization: true, panelization_x: 2, panelization_y: 3 })),
    ).toBe('2 × 3');
  });
});

// ---- Properties -----------------------------------------------------------------------------

const { materials, finishings, viaProcesses, panelCuttings, edgeRails } =
  DEFAULT_BOARD_SETTINGS_OPTIONS;

const anySettings: fc.Arbitrary<BoardSettings> = fc
  .record({
    // Up to 6 × 150 mm and two 10 mm rails: within the largest panel (a metre a side).
    boardWidth: fc.double({ min: 5, max: 150, noNaN: true }),
    boardLength: fc.double({ min: 5, max: 150, noNaN: true }),
    numberLayers: fc.constantFrom(...DEFAULT_BOARD_SETTINGS_OPTIONS.numberLayers),
    boardThickness: fc.constantFrom(...DEFAULT_BOARD_SETTINGS_OPTIONS.boardThicknessesMm),
    boardMaterial: fc.constantFrom(...materials),
    finishing: fc.constantFrom(...finishings),
    via_process: fc.constantFrom(...viaProcesses),
    maskColor: fc.constantFrom(...DEFAULT_BOARD_SETTINGS_OPTIONS.maskColors.map((c) => c.name)),
    silkColor: fc.constantFrom(...DEFAULT_BOARD_SETTINGS_OPTIONS.silkColors.map((c) => c.name)),
    outerCooper: fc.constantFrom(...DEFAULT_BOARD_SETTINGS_OPTIONS.outerCopperWeightsOz),
    innerCooper: fc.constantFrom(...DEFAULT_BOARD_SETTINGS_OPTIONS.innerCopperWeightsOz),
    panelization: fc.boolean(),
    panelization_x: fc.integer({ min: 1, max: 6 }),
    panelization_y: fc.integer({ min: 1, max: 6 }),
    edge_rail: fc.constantFrom(...edgeRails),
    edge_rail_width: fc.double({ min: 4, max: 10, noNaN: true }),
    panel_cutting: fc.constantFrom(...panelCuttings),
    rout_width_horizontal: fc.double({ min: 2, max: 10, noNaN: true }),
    rout_width_vertical: fc.double({ min: 2, max: 10, noNaN: true }),
    x_out_panel: fc.boolean(),
    min_hole_size: fc.constantFrom(0.15, 0.2, 0.25, 0.3, 0.4),
    customerWillSupplyBareBoard: fc.boolean(),
  })
  .map((fields) => settings(fields));

const leadTimes = fc.constantFrom(...book.leadTimes.map((leadTime) => leadTime.id));

describe('priceBoard: properties', () => {
  it('never costs more per unit for a larger quantity, in any currency', () => {
    fc.assert(
      fc.property(
        anySettings,
        fc.integer({ min: 1, max: 20_000 }),
        fc.integer({ min: 1, max: 20_000 }),
        leadTimes,
        (board, a, b, leadTime) => {
          const [small, large] = a <= b ? [a, b] : [b, a];
          const one = quote({
            capabilities: ANY_BOARD_MADE,
            settings: board,
            quantity: small,
            leadTime,
          });
          const more = quote({
            capabilities: ANY_BOARD_MADE,
            settings: board,
            quantity: large,
            leadTime,
          });
          for (const code of CURRENCY_CODES) {
            // more.total / large ≤ one.total / small, without dividing.
            expect(more.total[code] * small).toBeLessThanOrEqual(one.total[code] * large);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('agrees in the three currencies at the book rates, to the cent, line by line', () => {
    fc.assert(
      fc.property(anySettings, fc.integer({ min: 1, max: 5000 }), (board, quantity) => {
        const priced = quote({ capabilities: ANY_BOARD_MADE, settings: board, quantity });
        let usd = 0;
        for (const line of priced.lines) {
          for (const code of CURRENCY_CODES) {
            // The rounding line is each currency's own: the cents its unit price rounded off.
            if (line.rule !== 'rounding') {
              expect(line.unit[code]).toBe(convertMinor(line.unit.USD, book.rates[code]));
            }
            expect(line.amount[code]).toBe(line.unit[code] * line.quantity);
            expect(Number.isInteger(line.amount[code])).toBe(true);
          }
          usd += line.amount.USD;
        }
        expect(priced.total.USD).toBe(usd);
        for (const code of CURRENCY_CODES) {
          // Each converted unit price is within half a cent of the exact conversion, and the
          // price per unit within half a cent of the exact one, in this currency and in USD.
          const rate = book.rates[code];
          const slack =
            priced.lines
              .filter((line) => line.rule !== 'rounding')
              .reduce((sum, line) => sum + line.quantity / 2, 0) +
            (quantity * (1 + rate)) / 2;
          expect(Math.abs(priced.total[code] - priced.total.USD * rate)).toBeLessThanOrEqual(slack);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('prices a unit in whole cents that make the total: unit × quantity = total = the lines', () => {
    fc.assert(
      fc.property(
        anySettings,
        fc.integer({ min: 1, max: 20_000 }),
        leadTimes,
        (board, quantity, leadTime) => {
          const priced = quote({
            capabilities: ANY_BOARD_MADE,
            settings: board,
            quantity,
            leadTime,
          });
          for (const code of CURRENCY_CODES) {
            expect(Number.isInteger(priced.perUnit[code])).toBe(true);
            expect(priced.perUnit[code] * quantity).toBe(priced.total[code]);
            const lines = priced.lines.reduce((sum, line) => sum + line.amount[code], 0);
            expect(lines).toBe(priced.total[code]);
          }
          // The rounding moves each unit price by at most half a cent.
          const rounding = lineOf(priced, 'rounding')[0];
          for (const code of CURRENCY_CODES) {
            expect(Math.abs(rounding?.amount[code] ?? 0)).toBeLessThanOrEqual(quantity / 2);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never gives a negative total', () => {
    fc.assert(
      fc.property(
        anySettings,
        fc.integer({ min: 1, max: 100_000 }),
        leadTimes,
        (board, quantity, leadTime) => {
          expect(
            quote({ capabilities: ANY_BOARD_MADE, settings: board, quantity, leadTime }).total.USD,
          ).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
