// Tells a bill of materials from a pick-and-place (centroid) file by its header columns, its rows
// and its name. Pure: the caller reads the file's head (text, or the first rows of a spreadsheet).

export type TableKind = 'bom' | 'placement';

export type TableKindGuess = { kind: TableKind; reason: string };

/** How many rows from the top are searched for a header (title blocks and banners come first). */
export const HEADER_SEARCH_ROWS = 60;

// Header words, after splitting a cell on anything that is not a letter or digit and lower-casing
// ("Center-X(mm)" gives center, x, mm; "PosX" gives posx).
const DESIGNATOR = new Set([
  'designator',
  'designators',
  'ref',
  'refs',
  'reference',
  'references',
  'refdes',
  'parts',
  // Contract manufacturers' BOMs ("Location" of the part on the board).
  'location',
  'locations',
]);
const PLACEMENT_NAME = new Set([...DESIGNATOR, 'part', 'name', 'component']);
const X = new Set([
  'x',
  'posx',
  'midx',
  'centerx',
  'centrex',
  'locationx',
  'locx',
  'xpos',
  'coordx',
]);
const Y = new Set([
  'y',
  'posy',
  'midy',
  'centery',
  'centrey',
  'locationy',
  'locy',
  'ypos',
  'coordy',
]);
const ROTATION = new Set(['rotation', 'rot', 'angle', 'orientation', 'rotate']);
const SIDE = new Set(['layer', 'side', 'tb', 'mirror']);
const QUANTITY = new Set(['qty', 'quantity', 'count', 'pcs', 'qnty']);
const VALUE = new Set(['value', 'val', 'comment', 'values']);
const PART_NUMBER = new Set(['mpn', 'pn', 'manf', 'mfr', 'mfg', 'manufacturer', 'lcsc', 'sku']);
const FOOTPRINT = new Set(['footprint', 'package', 'pkg', 'device']);

function wordsOf(row: readonly string[]): Set<string> {
  const words = new Set<string>();
  // Rows read from a spreadsheet may have holes (an empty cell before a filled one).
  for (const cell of row) {
    if (typeof cell !== 'string') continue;
    for (const word of cell.toLowerCase().split(/[^a-z0-9]+/)) if (word) words.add(word);
  }
  return words;
}

const hasAny = (words: Set<string>, set: Set<string>) => [...set].some((word) => words.has(word));

function namedColumns(words: Set<string>, sets: Record<string, Set<string>>): string {
  return Object.entries(sets)
    .filter(([, set]) => hasAny(words, set))
    .map(([name]) => name)
    .join(', ');
}

/** The kind a header row announces, if it is one. */
function headerKind(row: readonly string[]): TableKind | null {
  const words = wordsOf(row);
  const hasXY = hasAny(words, X) && hasAny(words, Y);
  if (hasXY && hasAny(words, PLACEMENT_NAME) && (hasAny(words, ROTATION) || hasAny(words, SIDE))) {
    return 'placement';
  }
  const describesParts =
    hasAny(words, QUANTITY) ||
    hasAny(words, VALUE) ||
    hasAny(words, PART_NUMBER) ||
    hasAny(words, FOOTPRINT);
  if (!hasXY && hasAny(words, DESIGNATOR) && describesParts) return 'bom';
  return null;
}

// A header-less placement row: a reference, then x, y and rotation (Eagle mountsmd .mnt/.mnb,
// Allegro "BODY CENTER" text), or x, y, side and rotation (Eagle centroid ULPs: `BT1, 250,
// 1300,Top, 90`). (`\d\S*`, not `\d+\S*`: two quantifiers over the same digits would try every
// split of them.)
const PLACEMENT_ROW =
  /^[A-Za-z][A-Za-z_]*\d\S*\s+[-+]?\d+(?:\.\d+)?\s+[-+]?\d+(?:\.\d+)?\s+(?:(?:top|bot|bottom|t|b)\s+)?[-+]?\d+(?:\.\d+)?(?:\s|$)/i;

/** Lines before the rows that may be a preamble (Allegro's `UUNITS = MILS`). */
const PLACEMENT_PREAMBLE_LINES = 5;

/** Rows that are all placement-shaped (at least three of them) with no header. */
function looksLikePlacementRows(rows: readonly (readonly string[])[]): boolean {
  const lines = rows
    .map((row) =>
      row
        .filter((cell) => typeof cell === 'string')
        .join(' ')
        .trim(),
    )
    .filter((line) => line !== '');
  const first = lines.findIndex((line) => PLACEMENT_ROW.test(line));
  if (first < 0 || first > PLACEMENT_PREAMBLE_LINES) return false;
  // The last line may be cut short where the head ends.
  const sample = lines.slice(first, first + 20);
  const whole = lines.length > first + 20 ? sample : sample.slice(0, -1);
  return sample.length >= 3 && whole.every((line) => PLACEMENT_ROW.test(line));
}

/** BOM or placement from the first rows of a table (cells already split). */
export function tableKindOfRows(rows: readonly (readonly string[])[]): TableKindGuess | null {
  const searched = rows.slice(0, HEADER_SEARCH_ROWS);
  for (const [index, row] of searched.entries()) {
    const kind = headerKind(row);
    if (kind === null) continue;
    const words = wordsOf(row);
    const columns =
      kind === 'placement'
        ? namedColumns(words, {
            designator: PLACEMENT_NAME,
            x: X,
            y: Y,
            rotation: ROTATION,
            side: SIDE,
          })
        : namedColumns(words, {
            designator: DESIGNATOR,
            quantity: QUANTITY,
            value: VALUE,
            'part number': PART_NUMBER,
            footprint: FOOTPRINT,
          });
    return { kind, reason: `header row ${index + 1} has ${columns} columns` };
  }
  if (looksLikePlacementRows(searched)) {
    return { kind: 'placement', reason: 'rows of reference, x, y and rotation without a header' };
  }
  return null;
}

const BOM_NAME = /(?:^|[^a-z])(?:bom|bill[ _-]?of[ _-]?materials?)(?:[^a-z]|$)/i;
const PLACEMENT_NAME_PATTERN =
  /(?:pick[ _-]?(?:and[ _-]?|n[ _-]?|&[ _-]?)?place|(?:^|[^a-z])(?:pnp|cpl|centroid|xy|pos|insertion)(?:[^a-z]|$)|position)/i;
const PLACEMENT_EXTENSIONS = /\.(?:mnt|mnb|pos|centroid|xy)$/i;

/** BOM or placement from the file name alone. */
export function tableKindOfName(fileName: string): TableKindGuess | null {
  if (PLACEMENT_EXTENSIONS.test(fileName) || PLACEMENT_NAME_PATTERN.test(fileName)) {
    return { kind: 'placement', reason: 'the file name names a placement file' };
  }
  if (BOM_NAME.test(fileName)) return { kind: 'bom', reason: 'the file name names a BOM' };
  return null;
}

/** Splits one line of delimited text: tab, semicolon or comma (whichever occurs most outside
 * quotes), else runs of white space. Double quotes group and "" escapes a quote. */
export function splitDelimitedLine(line: string): string[] {
  const delimiter = dominantDelimiter(line);
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!;
    if (char === '"') {
      if (quoted && line[index + 1] === '"') {
        cell += '"';
        index++;
      } else {
        quoted = !quoted;
      }
    } else if (!quoted && (delimiter === null ? /\s/.test(char) : char === delimiter)) {
      if (delimiter !== null || cell !== '') cells.push(cell);
      cell = '';
    } else {
      cell += char;
    }
  }
  if (delimiter !== null || cell !== '') cells.push(cell);
  return cells.map((value) => value.trim());
}

function dominantDelimiter(line: string): string | null {
  const counts = new Map<string, number>([
    ['\t', 0],
    [';', 0],
    [',', 0],
  ]);
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best: string | null = null;
  for (const [delimiter, count] of counts) {
    if (count > 0 && (best === null || count > counts.get(best)!)) best = delimiter;
  }
  return best;
}

/** The first rows of a delimited text file (CSV, TSV, semicolon or column-aligned text). */
export function headRowsOfText(text: string, maxRows = HEADER_SEARCH_ROWS): string[][] {
  return text
    .split(/\r\n|\r|\n/, maxRows + 1)
    .slice(0, maxRows)
    .map(splitDelimitedLine);
}

/**
 * BOM or placement from name and content: a header row (or header-less placement rows) decides;
 * the name decides only when the content tells nothing (no rows given, or no header found).
 */
export function guessTableKind(
  fileName: string,
  rows: readonly (readonly string[])[] | null,
): TableKindGuess | null {
  const fromContent = rows === null ? null : tableKindOfRows(rows);
  return fromContent ?? tableKindOfName(fileName);
}
