// Reads the expected layer identities out of the fixtures' SOURCE.md files, so the suites check
// what the fixture authors wrote rather than a hand-made copy of it.
import {
  type DrillPlating,
  isLayerSide,
  isLayerType,
  type LayerSide,
  type LayerType,
} from '../layer-types.ts';

export interface ExpectedIdentity {
  file: string;
  type: LayerType | null;
  side: LayerSide | null;
  plating?: DrillPlating;
  rout?: true;
  /** The SOURCE.md wording, for messages. */
  text: string;
}

function platingIn(text: string): DrillPlating | undefined {
  const nonPlated = /non-plated/.test(text);
  const plated = /plated/.test(text.replace(/non-plated/g, ''));
  if (plated && nonPlated) return 'mixed';
  if (plated) return 'plated';
  return nonPlated ? 'non-plated' : undefined;
}

/** `drill (plated + non-plated)`, `rout (board outline ...)`, `(job file - not a layer)`. */
function parseTypeCell(cell: string): Pick<ExpectedIdentity, 'type' | 'plating' | 'rout'> {
  if (cell.startsWith('(')) return { type: null };
  const word = /^[a-z]+/.exec(cell)?.[0] ?? '';
  if (word === 'rout') return { type: 'outline', rout: true };
  if (!isLayerType(word)) throw new Error(`SOURCE.md: unknown layer type "${cell}"`);
  const plating = word === 'drill' ? platingIn(cell.slice(word.length)) : undefined;
  return plating ? { type: word, plating } : { type: word };
}

/** `top`, `all`, `inner?` (the author's doubt does not change the side), `-` for none. */
function parseSideCell(cell: string): LayerSide | null {
  const side = cell.replace(/\?$/, '');
  if (side === '-') return null;
  if (!isLayerSide(side)) throw new Error(`SOURCE.md: unknown layer side "${cell}"`);
  return side;
}

/** The rows of the `| file | type | side |` table. */
export function parseIdentityTable(markdown: string): ExpectedIdentity[] {
  const lines = markdown.split('\n');
  const header = lines.findIndex((line) => /^\|\s*file\s*\|\s*type\s*\|\s*side\s*\|/.test(line));
  if (header === -1) return [];
  const rows: ExpectedIdentity[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const [file = '', typeCell = '', sideCell = ''] = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    rows.push({ file, ...parseTypeCell(typeCell), side: parseSideCell(sideCell), text: line });
  }
  return rows;
}

function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (depth === 0 && text.startsWith(separator, i)) {
      parts.push(text.slice(start, i));
      start = i + separator.length;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** `-In1_Cu`..`-In4_Cu` -> -In1_Cu, -In2_Cu, -In3_Cu, -In4_Cu. */
function expandRange(first: string, last: string): string[] {
  const from = /^(.*?)(\d+)(\D*)$/.exec(first);
  const to = /^(.*?)(\d+)(\D*)$/.exec(last);
  if (!from || !to || from[1] !== to[1] || from[3] !== to[3]) {
    throw new Error(`SOURCE.md: cannot expand ${first}..${last}`);
  }
  const names: string[] = [];
  for (let n = Number(from[2]); n <= Number(to[2]); n++) names.push(`${from[1]}${n}${from[3]}`);
  return names;
}

function typeInDescription(description: string): LayerType {
  if (/copper/.test(description)) return 'copper';
  if (/solder mask|soldermask/.test(description)) return 'soldermask';
  if (/silk/.test(description)) return 'silkscreen';
  if (/paste/.test(description)) return 'solderpaste';
  if (/outline/.test(description)) return 'outline';
  if (/drill/.test(description)) return 'drill';
  throw new Error(`SOURCE.md: no layer type in "${description}"`);
}

function stem(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(0, dot) : filename;
}

function fileFor(token: string, filenames: readonly string[]): string {
  const lower = token.toLowerCase();
  const found = filenames.filter(
    (name) => name.toLowerCase().endsWith(lower) || stem(name).toLowerCase().endsWith(lower),
  );
  if (found.length !== 1) {
    throw new Error(`SOURCE.md: "${token}" names ${found.length} files, expected exactly one`);
  }
  return found[0]!;
}

function parseClause(clause: string, filenames: readonly string[]): ExpectedIdentity[] {
  const tokens = [...clause.matchAll(/`([^`]+)`/g)].map((found) => found[1] ?? '');
  const description = clause
    .slice(clause.lastIndexOf('`') + 1)
    .trim()
    .toLowerCase();
  const type = typeInDescription(description);
  const isRange = /`\s*\.\.\s*`/.test(clause);
  const isPair = tokens.length === 2 && /`\s*\/\s*`/.test(clause);
  const names = isRange ? expandRange(tokens[0]!, tokens[1]!) : tokens;
  const plating = type === 'drill' ? platingIn(description) : undefined;
  return names.map((token, index) => {
    const stated = /\btop\b/.test(description)
      ? 'top'
      : /\bbottom\b/.test(description)
        ? 'bottom'
        : /\binner\b/.test(description)
          ? 'inner'
          : null;
    const side: LayerSide | null =
      type === 'outline' || type === 'drill'
        ? 'all'
        : (stated ?? (isPair ? (index === 0 ? 'top' : 'bottom') : null));
    const expected: ExpectedIdentity = {
      file: fileFor(token, filenames),
      type,
      side,
      text: clause.trim(),
    };
    if (plating) expected.plating = plating;
    return expected;
  });
}

/**
 * The prose form used by the large boards: "Layer identity follows the KiCad names: `-F_Cu` top
 * copper, `-In1_Cu`..`-In4_Cu` inner copper, `-F_Mask`/`-B_Mask` solder mask, ...". A pair joined
 * by `/` is top then bottom; outline and drill files are on all sides.
 */
export function parseIdentityProse(
  markdown: string,
  filenames: readonly string[],
): ExpectedIdentity[] {
  const start = markdown.indexOf('- Layer identity follows');
  if (start === -1) return [];
  const end = markdown.indexOf('\n- ', start + 1);
  const bullet = markdown.slice(start, end === -1 ? undefined : end).replace(/\s*\n\s*/g, ' ');
  const body = bullet.slice(bullet.indexOf(':') + 1).replace(/\.\s*$/, '');
  return splitTopLevel(body, ', ')
    .filter((clause) => clause.includes('`'))
    .flatMap((clause) => parseClause(clause, filenames));
}
