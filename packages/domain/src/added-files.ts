import {
  BOARD_FILE_TYPE_LABELS,
  type BoardFileType,
  INITIAL_BOARD_FILE_TYPE,
} from './board-file-types.ts';
import { PRODUCT_FILE_TYPE_IDS } from './product-files.ts';

// What an upload added, file by file, in the words the uploader reads: which files are board
// layers, drills, BOM or placement files, and which are of no use to the board. The server
// answers it with every upload; the web app shows the same sentence.

export const ADDED_FILE_KINDS = [
  'gerber',
  'drill',
  'bom',
  'placement',
  'other',
  'unknown',
  'notDetected',
] as const;

/**
 * gerber: a Gerber layer (its layer may still be unknown); drill: an Excellon drill or rout
 * program; bom, placement: tables for the BOM and Placement tabs; other: a document, image, job
 * file or CAD source, kept but not used for the board; unknown: content and name tell nothing;
 * notDetected: the uploader turned detection off.
 */
export type AddedFileKind = (typeof ADDED_FILE_KINDS)[number];

export type AddedFileForSummary = {
  name: string;
  kind: AddedFileKind;
  /** The board layer the file was put on; null for files not on the board. */
  layer: BoardFileType | null;
};

const DRILL_LAYERS: ReadonlySet<BoardFileType> = new Set([
  'platedDrill',
  'nonPlatedDrill',
  'routing',
]);

/** The kind of an added file from its detected product file type and the layer it was put on. */
export function addedFileKind(
  detected: { typeId: number; layer: BoardFileType | null } | null,
): AddedFileKind {
  if (detected === null) return 'notDetected';
  switch (detected.typeId) {
    case PRODUCT_FILE_TYPE_IDS.gerber:
      return detected.layer !== null && DRILL_LAYERS.has(detected.layer) ? 'drill' : 'gerber';
    case PRODUCT_FILE_TYPE_IDS.bom:
      return 'bom';
    case PRODUCT_FILE_TYPE_IDS.pickAndPlace:
      return 'placement';
    case PRODUCT_FILE_TYPE_IDS.other:
      return 'other';
    default:
      return 'unknown';
  }
}

/** What one added file was recognised as, for a list of the upload's files. */
export function describeAddedFile(file: AddedFileForSummary): string {
  switch (file.kind) {
    case 'gerber':
      return file.layer === null || file.layer === INITIAL_BOARD_FILE_TYPE
        ? 'Gerber, layer not recognised: choose it in Board files'
        : `Gerber: ${BOARD_FILE_TYPE_LABELS[file.layer]}`;
    case 'drill':
      return file.layer ? BOARD_FILE_TYPE_LABELS[file.layer] : 'Drill';
    case 'bom':
      return 'BOM';
    case 'placement':
      return 'Pick & Place';
    case 'other':
      return 'Other: not used for the board';
    case 'unknown':
      return 'Not recognised: choose its type';
    case 'notDetected':
      return 'Type not detected (detection was off)';
  }
}

/** Names listed in a summary before the rest are counted. */
const NAMES_LISTED = 3;

function names(files: readonly AddedFileForSummary[]): string {
  const listed = files.slice(0, NAMES_LISTED).map((file) => file.name);
  const more = files.length - listed.length;
  return more > 0 ? `${listed.join(', ')} and ${more} more` : listed.join(', ');
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * One sentence for an upload, e.g. "7 files added: 5 Gerber layers, 1 drill file, 1 not
 * recognised: notes.txt". Files the user has to look at (no layer, not recognised, of no use to
 * the board) are named.
 */
export function summarizeAddedFiles(files: readonly AddedFileForSummary[]): string {
  const of = (kind: AddedFileKind) => files.filter((file) => file.kind === kind);
  const gerbers = of('gerber');
  const placed = gerbers.filter(
    (file) => file.layer !== null && file.layer !== INITIAL_BOARD_FILE_TYPE,
  );
  const unplaced = gerbers.filter((file) => !placed.includes(file));
  const parts: string[] = [];
  if (placed.length > 0) parts.push(plural(placed.length, 'Gerber layer', 'Gerber layers'));
  if (unplaced.length > 0) {
    parts.push(
      `${plural(unplaced.length, 'Gerber file', 'Gerber files')} without a layer: ${names(unplaced)}`,
    );
  }
  const drills = of('drill').length;
  if (drills > 0) parts.push(plural(drills, 'drill file', 'drill files'));
  const boms = of('bom').length;
  if (boms > 0) parts.push(plural(boms, 'BOM', 'BOMs'));
  const placements = of('placement').length;
  if (placements > 0) parts.push(plural(placements, 'pick-and-place file', 'pick-and-place files'));
  const others = of('other');
  if (others.length > 0) {
    parts.push(
      `${plural(others.length, 'other file', 'other files')}, not for the board: ${names(others)}`,
    );
  }
  const unknown = of('unknown');
  if (unknown.length > 0) parts.push(`${unknown.length} not recognised: ${names(unknown)}`);
  const undetected = of('notDetected').length;
  if (undetected > 0) parts.push(`${undetected} with types not detected`);
  if (files.length === 0) return 'No files added';
  const added = plural(files.length, 'file added', 'files added');
  return parts.length > 0 ? `${added}: ${parts.join(', ')}` : added;
}

/** Whether an upload brought anything the product uses: a board layer, drill, BOM or placement. */
export function addsUsableFiles(files: readonly AddedFileForSummary[]): boolean {
  return files.some(
    (file) =>
      file.kind === 'gerber' ||
      file.kind === 'drill' ||
      file.kind === 'bom' ||
      file.kind === 'placement',
  );
}
