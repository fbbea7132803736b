// What an engineering value measures and the base unit it is kept in: resistance in Ω,
// capacitance in F and so on. The parser, the formatter and the parts search share these.

export const BASE_UNITS = ['Ω', 'F', 'H', 'V', 'A', 'W', 'Hz', 's', '°C', '%'] as const;
export type BaseUnit = (typeof BASE_UNITS)[number];

export type Quantity =
  | 'resistance'
  | 'capacitance'
  | 'inductance'
  | 'voltage'
  | 'current'
  | 'power'
  | 'frequency'
  | 'time'
  | 'temperature'
  | 'ratio';

export const QUANTITY_UNIT: Readonly<Record<Quantity, BaseUnit>> = {
  resistance: 'Ω',
  capacitance: 'F',
  inductance: 'H',
  voltage: 'V',
  current: 'A',
  power: 'W',
  frequency: 'Hz',
  time: 's',
  temperature: '°C',
  ratio: '%',
};

const UNIT_QUANTITY: Readonly<Record<BaseUnit, Quantity>> = {
  Ω: 'resistance',
  F: 'capacitance',
  H: 'inductance',
  V: 'voltage',
  A: 'current',
  W: 'power',
  Hz: 'frequency',
  s: 'time',
  '°C': 'temperature',
  '%': 'ratio',
};

export function quantityOfUnit(unit: BaseUnit): Quantity {
  return UNIT_QUANTITY[unit];
}

/**
 * One value: `value` is the nominal number in the base unit; `min`/`max` bound it (equal to
 * `value` for a plain value, the two ends of a range, or value ± tolerance). `quantity` is null
 * when neither a unit nor the context says what was measured (`4700`).
 */
export type EngineeringValue = {
  kind: 'value' | 'range' | 'tolerance';
  value: number;
  min: number;
  max: number;
  unit: BaseUnit | null;
  quantity: Quantity | null;
  /** The condition after `@`: `100mA@5V` is 0.1 A at 5 V. */
  at?: EngineeringValue;
};
