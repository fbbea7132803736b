// How BOMs write several values in one cell, before the values are read one by one: a decimal
// comma (`4,7k`, German and French BOMs), a slash between a value and its rating (`22uF/25V`,
// Olimex's `10k/R0402`), `E` for ohms (`330E`, Indian BOMs), a rating that is a minimum
// (`10V+`), and words that only look like values (`M3` is a screw, `R1` a designator). Pure text
// rules with no backtracking: each pattern is anchored or reads a fixed few characters.

/** Decimal commas made points, slashes after a value made spaces. */
export function separateValueText(text: string): string {
  return (
    text
      // `4,7k`, `1,5pF`: a comma between digits, one or two decimals, then a prefix or unit. A
      // thousands comma (`1,000`) has three digits after it and stays a separator.
      .replace(/(\d),(\d{1,2})(?=[A-Za-zΩΩµμ%°])/g, '$1.$2')
      // `22uF/25V`, `0.03R/1%/R1206`: a slash after a unit or prefix separates two values; after
      // a digit it is a fraction (`1/4W`) and stays.
      .replace(/([A-Za-zΩΩµμ%])\/(?=\S)/g, '$1 ')
  );
}

export type ValueWord = {
  /** The word as the value parser reads it. */
  text: string;
  /** `10V+`: at least this much. */
  atLeast: boolean;
};

/**
 * One word as the value parser should read it, or null when it is not a value whatever it looks
 * like: a letter followed by digits (`M3`, `R1`, `C12`) is a designator, a screw or a size, not
 * RKM notation (`R047`, a leading zero after R, still is).
 */
export function valueWord(word: string): ValueWord | null {
  if (/^[A-Za-z]\d+$/.test(word) && !/^[Rr]0\d+$/.test(word)) return null;
  let text = word;
  let atLeast = false;
  if (/^[^+].*[A-Za-z]\+$/.test(text)) {
    text = text.slice(0, -1);
    atLeast = true;
  }
  // `330E`, `4k7E`? No: only a number (with a prefix) then E, which no other notation uses.
  const ohms = /^(\d+(?:\.\d+)?[kKM]?)E$/.exec(text);
  if (ohms) text = `${ohms[1]}Ω`;
  return { text, atLeast };
}
