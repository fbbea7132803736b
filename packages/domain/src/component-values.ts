// The value of a BOM line as a whole: `100nF, 16V`, `0201, 1uF, 10V, X5R, 20%`, `4k7 1%`,
// `100n 10V+`, `22uF/25V`, `4,7k`, `330E`. The passive's value is the first resistance,
// capacitance or inductance written (or a bare number when the designator says what it measures,
// `10` on R5); voltage, tolerance and dielectric are what the part must also have. The words left
// (`0201`, `R0402`) may name the package. One reading, shared by the BOM matcher and the parts
// search: a line's `keyword` is search text that the search reads back to the same values.

import {
  type EngineeringValue,
  formatValue,
  parseEngineeringValue,
  type Quantity,
  tokenizeValues,
  type ValueToken,
} from './engineering-values.ts';
import { valueWord } from './value-text.ts';

const PASSIVE: ReadonlySet<Quantity> = new Set(['resistance', 'capacitance', 'inductance']);

export type ComponentValue = {
  /** The passive's value (resistance, capacitance or inductance). */
  value: EngineeringValue;
  /** What else the line requires of the part, as search text: ratings, tolerance, dielectric. */
  requirements: string[];
  /** Words that are not values (maybe a package: `0201`, `R0402`). */
  words: string[];
  /** Search text with the same meaning: the value, then the requirements. */
  keyword: string;
};

function requirementOf(token: ValueToken, main: ValueToken | null): string | null {
  if (token === main) return null;
  if (token.type === 'dielectric') return token.dielectric;
  if (token.type !== 'value') return null;
  const quantity = token.value.quantity;
  // A second passive value on one line (`10k 4k7`) is not a requirement the line can state.
  if (quantity === null || PASSIVE.has(quantity)) return null;
  return token.text;
}

/**
 * Reads a BOM line's value text; undefined when it names no passive value (an IC's name, a
 * connector, `M3`). `quantity` is what the designator says the part measures (R, C, L).
 */
export function parseComponentValue(
  input: string,
  quantity?: Quantity,
): ComponentValue | undefined {
  if (input.length > 200) return undefined;
  const tokens = tokenizeValues(input);
  let main =
    tokens.find(
      (token) =>
        token.type === 'value' &&
        token.value.quantity !== null &&
        PASSIVE.has(token.value.quantity) &&
        (quantity === undefined || token.value.quantity === quantity),
    ) ?? null;
  let value = main?.type === 'value' ? main.value : undefined;
  if (value === undefined && quantity !== undefined) {
    // `10` on a resistor, `4.7` on a capacitor's line: the designator says what it measures.
    for (const token of tokens) {
      if (token.type !== 'word' || !/^\d/.test(token.text)) continue;
      const read = valueWord(token.text);
      const parsed: EngineeringValue | undefined = read
        ? parseEngineeringValue(read.text, { quantity })
        : undefined;
      if (parsed && parsed.quantity === quantity && parsed.kind === 'value') {
        // A bare whole number of four digits is a package (`0603`), not a value.
        if (/^0\d{3}$|^\d{4}$/.test(token.text)) continue;
        main = token;
        value = parsed;
        break;
      }
    }
  }
  if (value === undefined || main === null) return undefined;
  const requirements = tokens
    .map((token) => requirementOf(token, main))
    .filter((text): text is string => text !== null);
  const words = tokens
    .filter((token) => token.type === 'word' && token !== main)
    .map((token) => token.text);
  return {
    value,
    requirements,
    words,
    keyword: [formatValue(value), ...requirements].join(' '),
  };
}
