import fs from 'node:fs';
import {
  guessTableKind,
  HEADER_SEARCH_ROWS,
  headRowsOfText,
  PRODUCT_FILE_TYPE_IDS,
  type ProductFileTypeId,
  type TableKindGuess,
} from '@circuits/domain';
import {
  detectFiletype,
  FILETYPE_SCAN_LIMIT,
  identifyLayers,
  type LayerFile,
  type LayerIdentity,
} from '@circuits/gerber';
import { decodeText, sniffSpreadsheet } from '@circuits/readers';
import { extensionOf } from '../storage/content-types.ts';
import type { SpreadsheetHeads } from './spreadsheet-head.ts';

/** A file to classify: its (sanitised) name and where its bytes are. */
export type FileToDetect = { fileName: string; path: string };

export type Detection = {
  typeId: ProductFileTypeId;
  reason: string;
  /** Whether the content is text (served as such when the extension says nothing). */
  isText: boolean;
  /** For Gerber and Excellon files: the identified layer, to put the file on the board. */
  layer: LayerIdentity | null;
};

// Files that are plainly documentation, models, images or CAD sources: nothing to choose.
const OTHER_EXTENSIONS = new Set([
  'pdf',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'svg',
  'bmp',
  'tif',
  'tiff',
  'doc',
  'docx',
  'odt',
  'rtf',
  'md',
  'txt',
  'htm',
  'html',
  'step',
  'stp',
  'iges',
  'igs',
  'wrl',
  'stl',
  'dxf',
  'dwg',
  'zip',
  'rar',
  '7z',
  'gz',
  'tgz',
  'brd',
  'sch',
  'kicad_pcb',
  'kicad_sch',
  'kicad_pro',
  'pcbdoc',
  'schdoc',
  'prjpcb',
  'json',
  'xml',
]);

const TABLE_TYPE: Readonly<Record<TableKindGuess['kind'], ProductFileTypeId>> = {
  bom: PRODUCT_FILE_TYPE_IDS.bom,
  placement: PRODUCT_FILE_TYPE_IDS.pickAndPlace,
};

const NON_LAYER_AUXILIARIES = new Set(['job', 'drill-parameters', 'report']);

async function readHead(filePath: string): Promise<Buffer> {
  const handle = await fs.promises.open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(FILETYPE_SCAN_LIMIT);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Where the head stops looking like text: NUL characters or many other control characters. */
function looksLikeText(text: string): boolean {
  if (text.length === 0) return false;
  let control = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 0) return false;
    if (code < 32 && code !== 9 && code !== 10 && code !== 13 && code !== 12) control += 1;
  }
  return control <= text.length * 0.05;
}

/**
 * The head of a file as text, decoded as the table readers decode it (UTF-8, UTF-16 with or
 * without a mark, Windows-1252), or null when it is not text. EasyEDA writes its BOM and
 * pick-and-place as UTF-16: read as bytes they are full of NULs and would pass for binary.
 */
function textOfHead(head: Buffer): string | null {
  if (head.length === 0) return null;
  const { text } = decodeText(head);
  return looksLikeText(text) ? text : null;
}

const isTextHead = (head: Buffer) => textOfHead(head) !== null;

function fromTable(guess: TableKindGuess, isText: boolean): Detection {
  return { typeId: TABLE_TYPE[guess.kind], reason: guess.reason, isText, layer: null };
}

const SPREADSHEET_NAMES: Readonly<Record<string, string>> = {
  xlsx: 'XLSX',
  xls: 'XLS',
  ods: 'ODS',
};

/** Why a table was neither a BOM nor a placement file: what was looked for and where. */
const NO_TABLE_HEADER = `no row of its first ${HEADER_SEARCH_ROWS} names a designator column with part columns (quantity, value, part number, footprint) or with X and Y positions, and its name does not say BOM or pick-and-place`;

async function detectBinary(
  file: FileToDetect,
  head: Buffer,
  heads: SpreadsheetHeads,
): Promise<Detection> {
  const extension = extensionOf(file.fileName);
  // A workbook is known by its bytes (a zip or an OLE2 file), not by its name: its first rows
  // are read in the table workers. Zipped documents (.docx, .odt) and archives are left alone.
  const format = sniffSpreadsheet(head);
  if (format !== null && !OTHER_EXTENSIONS.has(extension)) {
    const rows = await heads(file);
    const guess = guessTableKind(file.fileName, rows);
    if (guess) return fromTable(guess, false);
    if (rows !== null)
      return {
        typeId: PRODUCT_FILE_TYPE_IDS.initial,
        reason: `not recognised: an ${SPREADSHEET_NAMES[format]} spreadsheet, but ${NO_TABLE_HEADER}`,
        isText: false,
        layer: null,
      };
  }
  if (OTHER_EXTENSIONS.has(extension)) {
    return {
      typeId: PRODUCT_FILE_TYPE_IDS.other,
      reason: `a .${extension} file`,
      isText: false,
      layer: null,
    };
  }
  return {
    typeId: PRODUCT_FILE_TYPE_IDS.initial,
    reason:
      format === null
        ? 'not recognised: it is neither text (Gerber, drill, CSV, TSV) nor a spreadsheet (XLSX, XLS, ODS)'
        : `not recognised: it looks like an ${SPREADSHEET_NAMES[format]} spreadsheet, but its first rows could not be read`,
    isText: false,
    layer: null,
  };
}

function detectText(file: FileToDetect, text: string, layer: LayerIdentity): Detection {
  if (layer.auxiliary && NON_LAYER_AUXILIARIES.has(layer.auxiliary)) {
    return { typeId: PRODUCT_FILE_TYPE_IDS.other, reason: layer.reason, isText: true, layer: null };
  }
  // Recognised as not a layer (a netlist, a read-me, a viewer project): never on the board.
  const notALayer = layer.auxiliary !== undefined && layer.type === null && layer.source === 'name';
  if (layer.filetype !== null && layer.type !== null) {
    const format = layer.filetype === 'drill' ? 'Excellon drill' : 'Gerber';
    return {
      typeId: PRODUCT_FILE_TYPE_IDS.gerber,
      reason: `${format} content`,
      isText: true,
      layer,
    };
  }
  const table = guessTableKind(file.fileName, headRowsOfText(text));
  if (table) return fromTable(table, true);
  const extension = extensionOf(file.fileName);
  if (notALayer) {
    return { typeId: PRODUCT_FILE_TYPE_IDS.other, reason: layer.reason, isText: true, layer: null };
  }
  if (OTHER_EXTENSIONS.has(extension)) {
    return {
      typeId: PRODUCT_FILE_TYPE_IDS.other,
      reason: `a .${extension} file`,
      isText: true,
      layer: null,
    };
  }
  return {
    typeId: PRODUCT_FILE_TYPE_IDS.initial,
    reason: `not recognised: text that is not Gerber or Excellon, and ${NO_TABLE_HEADER}`,
    isText: true,
    layer: null,
  };
}

/**
 * Identifies an upload's layer files: names and heads in, one identity per file out. The server
 * runs it in its worker pool (a file's head can ask for much plotting when nothing names it), so
 * it is handed in.
 */
export type IdentifyUpload = (files: LayerFile[]) => Promise<LayerIdentity[]>;

/** Identification in this thread: for tools and tests, and for names alone. */
export const identifyHere: IdentifyUpload = async (files) => identifyLayers(files);

/** Said of files identified by name alone because their contents could not be read in time. */
export const CONTENT_NOT_READ =
  'the contents could not be read within the limits of identification, so the names alone decided';

/**
 * The set identified by `identify`; when that fails (a worker past its time or memory limit),
 * by the names alone, which costs nothing, with the reason saying so.
 */
export async function identifySet(
  files: LayerFile[],
  identify: IdentifyUpload,
): Promise<LayerIdentity[]> {
  if (files.length === 0) return [];
  try {
    return await identify(files);
  } catch {
    // Telling Gerber from Excellon reads the head once, in linear time: that much still runs.
    return identifyLayers(files.map(({ filename }) => ({ filename }))).map((identity, index) => ({
      ...identity,
      filetype: detectFiletype(files[index]?.content ?? ''),
      reason: `${identity.reason}; ${CONTENT_NOT_READ}`,
    }));
  }
}

/**
 * Classifies the files of one upload (SPEC §3 type_id) from name and content: Gerber and
 * Excellon files (identified together as one layer set) are Gerber with their layer; tables are
 * BOM or Pick & Place by their header columns (or rows, or name when the content says nothing);
 * job files, reports, documents and CAD sources are Other; the rest stays Unknown for the user.
 */
export async function detectFiles(
  files: readonly FileToDetect[],
  identify: IdentifyUpload,
  /** The first rows of spreadsheets (read in the table workers); without it, names decide. */
  heads: SpreadsheetHeads = async () => null,
): Promise<Detection[]> {
  const fileHeads = await Promise.all(files.map((file) => readHead(file.path)));
  const texts = fileHeads.map(textOfHead);
  const textIndexes = files.map((_, index) => index).filter((index) => texts[index] !== null);
  const layers = await identifySet(
    textIndexes.map((index) => ({
      filename: files[index]!.fileName,
      content: texts[index]!,
    })),
    identify,
  );
  const layerOf = new Map(textIndexes.map((fileIndex, position) => [fileIndex, layers[position]!]));
  return Promise.all(
    files.map((file, index) => {
      const layer = layerOf.get(index);
      return layer
        ? detectText(file, texts[index]!, layer)
        : detectBinary(file, fileHeads[index]!, heads);
    }),
  );
}

/** Content type detection when types are not detected: only whether the file is text. */
export async function isTextFile(filePath: string): Promise<boolean> {
  return isTextHead(await readHead(filePath));
}
