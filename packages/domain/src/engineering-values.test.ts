import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type EngineeringValue,
  eSeries,
  formatEngineeringValue,
  formatRkm,
  formatValue,
  guessQuantity,
  parseDielectric,
  parseEngineeringValue,
  type Quantity,
  tokenizeValues,
} from './engineering-values.ts';

const close = (actual: number | undefined, expected: number) => {
  expect(actual).toBeDefined();
  expect(Math.abs(actual! - expected)).toBeLessThanOrEqual(Math.abs(expected) * 1e-12);
};

function parsedValue(text: string, quantity?: Quantity): EngineeringValue {
  const parsed = parseEngineeringValue(text, { quantity });
  if (!parsed) throw new Error(`"${text}" did not parse`);
  return parsed;
}

describe('engineering values: resistances', () => {
  it.each([
    ['4k7', 4700],
    ['4K7', 4700],
    ['4.7k', 4700],
    ['4.7kΩ', 4700],
    ['4.7 kOhm', 4700],
    ['4700', 4700],
    ['4700R', 4700],
    ['1R2', 1.2],
    ['0R', 0],
    ['0R5', 0.5],
    ['R47', 0.47],
    ['10R', 10],
    ['100R', 100],
    ['1M', 1e6],
    ['1M5', 1.5e6],
    ['2.2MEG', 2.2e6],
    ['2.2meg', 2.2e6],
    ['1MOhm', 1e6],
    ['1MΩ', 1e6],
    ['10mΩ', 0.01],
    ['10mR', 0.01],
    ['10 mOhm', 0.01],
    ['1m', 1e6],
  ])('%s is %d Ω', (text, ohms) => {
    const parsed = parsedValue(text, 'resistance');
    close(parsed.value, ohms);
    expect(parsed.unit).toBe('Ω');
    expect(parsed.quantity).toBe('resistance');
  });

  it('reads 10R as ten ohms, not 10 × 10^27 (InvenTree #12063)', () => {
    const parsed = parsedValue('10R');
    expect(parsed.value).toBe(10);
    expect(parsed.unit).toBe('Ω');
  });

  it('accepts RKM notation without context (InvenTree #12814)', () => {
    expect(parsedValue('4k7').value).toBe(4700);
    expect(parsedValue('1R2')).toMatchObject({ value: 1.2, unit: 'Ω', quantity: 'resistance' });
    expect(parsedValue('0R')).toMatchObject({ value: 0, unit: 'Ω' });
  });

  it('keeps MOhm mega and mOhm milli: prefixes are never lower-cased (InvenTree #5135)', () => {
    expect(parsedValue('1MOhm').value).toBe(1e6);
    expect(parsedValue('1MOHM').value).toBe(1e6);
    expect(parsedValue('1mOhm').value).toBe(0.001);
  });

  it('gives exact decimal numbers, without binary noise', () => {
    expect(parsedValue('4.7k').value).toBe(4700);
    expect(parsedValue('0.1uF').value).toBe(1e-7);
    expect(parsedValue('8.2k').value).toBe(8200);
  });
});

describe('engineering values: capacitances and inductances', () => {
  it.each([
    ['100n', 1e-7],
    ['100nF', 1e-7],
    ['100 nF', 1e-7],
    ['0.1uF', 1e-7],
    ['0.1µF', 1e-7],
    ['0.1μF', 1e-7],
    ['100N', 1e-7],
    ['2p2', 2.2e-12],
    ['2.2pF', 2.2e-12],
    ['4n7', 4.7e-9],
    ['10U', 1e-5],
    ['1m', 1e-3],
    ['1mF', 1e-3],
  ])('%s is %d F', (text, farads) => {
    const parsed = parsedValue(text, 'capacitance');
    close(parsed.value, farads);
    expect(parsed.unit).toBe('F');
  });

  it('reads 1m as milli on capacitors and inductors, 1M as mega everywhere', () => {
    expect(parsedValue('1m', 'capacitance').value).toBe(0.001);
    expect(parsedValue('1m', 'inductance')).toMatchObject({ value: 0.001, unit: 'H' });
    expect(parsedValue('1M', 'capacitance').value).toBe(1e6);
    expect(parsedValue('1m', 'resistance').value).toBe(1e6);
    expect(parsedValue('10uH')).toMatchObject({ value: 1e-5, unit: 'H', quantity: 'inductance' });
  });

  it('takes the unit from the text before the context', () => {
    expect(parsedValue('25V', 'capacitance')).toMatchObject({ value: 25, unit: 'V' });
  });
});

describe('engineering values: other quantities, tolerances, ranges and conditions', () => {
  it('reads voltages, currents, powers and frequencies', () => {
    expect(parsedValue('25V')).toMatchObject({ value: 25, unit: 'V', quantity: 'voltage' });
    expect(parsedValue('50VDC')).toMatchObject({ value: 50, unit: 'V' });
    close(parsedValue('100mA').value, 0.1);
    expect(parsedValue('100mA').unit).toBe('A');
    expect(parsedValue('1/4W')).toMatchObject({ value: 0.25, unit: 'W', quantity: 'power' });
    close(parsedValue('250mW').value, 0.25);
    expect(parsedValue('16MHz')).toMatchObject({ value: 16e6, unit: 'Hz' });
    expect(parsedValue('32.768kHz').value).toBe(32768);
  });

  it('reads ±5% as a tolerance around zero', () => {
    expect(parsedValue('±5%')).toEqual({
      kind: 'tolerance',
      value: 5,
      min: -5,
      max: 5,
      unit: '%',
      quantity: 'ratio',
    });
    expect(parsedValue('+/-1%')).toMatchObject({ kind: 'tolerance', value: 1 });
    expect(parsedValue('± 0.25pF')).toMatchObject({ kind: 'tolerance', value: 2.5e-13, unit: 'F' });
    expect(parsedValue('+80/-20%')).toMatchObject({ kind: 'tolerance', min: -20, max: 80 });
    expect(parsedValue('1%')).toMatchObject({ kind: 'value', value: 1, unit: '%' });
  });

  it('reads temperature ranges however the ends are written', () => {
    const expected = { kind: 'range', min: -40, max: 85, unit: '°C', quantity: 'temperature' };
    expect(parsedValue('-40°C ~ +85°C')).toMatchObject(expected);
    expect(parsedValue('-40℃~+85℃')).toMatchObject(expected);
    expect(parsedValue('-40 to 85°C')).toMatchObject(expected);
    expect(parsedValue('−40°C – +85°C')).toMatchObject({ min: -40, max: 85 });
  });

  it('shares one written unit across a range', () => {
    expect(parsedValue('4.5~5.5V')).toMatchObject({ kind: 'range', min: 4.5, max: 5.5, unit: 'V' });
    expect(parsedValue('4.5V~5.5V')).toMatchObject({ min: 4.5, max: 5.5, unit: 'V' });
    expect(parseEngineeringValue('4.5V~5.5A')).toBeUndefined();
  });

  it('reads a value at a condition', () => {
    const parsed = parsedValue('100mA@5V');
    close(parsed.value, 0.1);
    expect(parsed.unit).toBe('A');
    expect(parsed.at).toMatchObject({ value: 5, unit: 'V' });
    expect(parsedValue('100nA@10.5V').at?.value).toBe(10.5);
  });

  it('refuses what is not a value', () => {
    for (const text of ['', 'GRM188R71H104KA93D', 'X7R', '0603 1%', 'abc', '4k7k', '1..', '@5V']) {
      expect(parseEngineeringValue(text), text).toBeUndefined();
    }
  });
});

describe('free text with several values', () => {
  it('splits 10uF 25V X7R into a capacitance, a voltage and a dielectric', () => {
    const tokens = tokenizeValues('10uF 25V X7R');
    expect(tokens.map((token) => token.type)).toEqual(['value', 'value', 'dielectric']);
    expect(tokens[0]).toMatchObject({ value: { value: 1e-5, unit: 'F' } });
    expect(tokens[1]).toMatchObject({ value: { value: 25, unit: 'V' } });
    expect(tokens[2]).toMatchObject({ dielectric: 'X7R' });
  });

  it('guesses a resistance for 4k7 and keeps 0603 as a word', () => {
    const tokens = tokenizeValues('4k7 0603 1%');
    expect(tokens).toEqual([
      { type: 'value', text: '4k7', value: expect.objectContaining({ value: 4700, unit: 'Ω' }) },
      { type: 'word', text: '0603' },
      { type: 'value', text: '1%', value: expect.objectContaining({ value: 1, unit: '%' }) },
    ]);
  });

  it('guesses a capacitance for 100n', () => {
    const tokens = tokenizeValues('100n 50V np0');
    expect(tokens[0]).toMatchObject({ type: 'value', value: { value: 1e-7, unit: 'F' } });
    expect(tokens[2]).toMatchObject({ type: 'dielectric', dielectric: 'C0G' });
  });

  it('keeps a spaced range and a spaced number and unit together', () => {
    expect(tokenizeValues('-40°C ~ +85°C')).toHaveLength(1);
    expect(tokenizeValues('100 nF 0402')).toEqual([
      { type: 'value', text: '100 nF', value: expect.objectContaining({ value: 1e-7 }) },
      { type: 'word', text: '0402' },
    ]);
    expect(tokenizeValues('STM32F103 LQFP48').map((token) => token.type)).toEqual(['word', 'word']);
  });

  it('guesses quantities from prefixes', () => {
    expect(guessQuantity('4k7')).toBe('resistance');
    expect(guessQuantity('1M')).toBe('resistance');
    expect(guessQuantity('100n')).toBe('capacitance');
    expect(guessQuantity('2p2')).toBe('capacitance');
    expect(guessQuantity('4700')).toBeNull();
    expect(guessQuantity('25V')).toBe('voltage');
  });

  it('reads C0G and NP0 as one dielectric', () => {
    expect(parseDielectric('NP0')).toBe('C0G');
    expect(parseDielectric('c0g')).toBe('C0G');
    expect(parseDielectric('x5r')).toBe('X5R');
    expect(parseDielectric('X9Z')).toBeUndefined();
  });
});

describe('formatting', () => {
  it('writes engineering notation with the unit', () => {
    expect(formatEngineeringValue(4700, 'Ω')).toBe('4.7kΩ');
    expect(formatEngineeringValue(1e-7, 'F')).toBe('100nF');
    expect(formatEngineeringValue(2.2e-12, 'F')).toBe('2.2pF');
    expect(formatEngineeringValue(0, 'Ω')).toBe('0Ω');
    expect(formatEngineeringValue(1e6, 'Ω')).toBe('1MΩ');
    expect(formatEngineeringValue(-40, '°C')).toBe('-40°C');
    expect(formatRkm(4700)).toBe('4k7');
    expect(formatRkm(1.2)).toBe('1R2');
    expect(formatRkm(100)).toBe('100R');
    expect(formatRkm(0)).toBe('0R');
    expect(formatRkm(1.5e6)).toBe('1M5');
    expect(formatRkm(0.1)).toBe('0R1');
    expect(formatRkm(0.047)).toBe('0R047');
    expect(formatValue(parsedValue('-40°C ~ +85°C'))).toBe('-40°C~85°C');
    expect(formatValue(parsedValue('±5%'))).toBe('±5%');
  });

  it('has the IEC 60063 series', () => {
    expect(eSeries('E24')).toHaveLength(24);
    expect(eSeries('E96')).toHaveLength(96);
    expect(eSeries('E12')).toEqual([1, 1.2, 1.5, 1.8, 2.2, 2.7, 3.3, 3.9, 4.7, 5.6, 6.8, 8.2]);
    expect(eSeries('E96').slice(0, 4)).toEqual([1, 1.02, 1.05, 1.07]);
    expect(eSeries('E96').at(-1)).toBe(9.76);
  });
});

describe('format then parse is the identity on E-series values', () => {
  const decades = fc.integer({ min: -12, max: 8 });
  const e96 = fc.constantFrom(...eSeries('E96'), ...eSeries('E24'));
  const units = fc.constantFrom('Ω' as const, 'F' as const, 'H' as const, 'V' as const);
  const exact = (mantissa: number, decade: number) => Number(`${mantissa}e${decade}`);

  it('in engineering notation', () => {
    fc.assert(
      fc.property(e96, decades, units, (mantissa, decade, unit) => {
        const value = exact(mantissa, decade);
        const parsed = parseEngineeringValue(formatEngineeringValue(value, unit));
        expect(parsed?.unit).toBe(unit);
        expect(parsed?.value).toBe(value);
      }),
    );
  });

  it('in RKM notation for resistances', () => {
    fc.assert(
      fc.property(e96, fc.integer({ min: -1, max: 8 }), (mantissa, decade) => {
        const value = exact(mantissa, decade);
        const parsed = parseEngineeringValue(formatRkm(value), { quantity: 'resistance' });
        expect(parsed?.value).toBe(value);
      }),
    );
  });
});
