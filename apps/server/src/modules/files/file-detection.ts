import fs from 'node:fs';
import {
  guessTableKind,
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

const isTextHead = (head: Buffer) => head.length > 0 && !head.includes(0);

function fromTable(guess: TableKindGuess, isText: boolean): Detection {
  return { typeId: TABLE_TYPE[guess.kind], reason: guess.reason, isText, layer: null };
}

async function detectBinary(file: FileToDetect, heads: SpreadsheetHeads): Promise<Detection> {
  const extension = extensionOf(file.fileName);
  if (extension === 'xlsx' || extension === 'xlsm' || extension === 'xls') {
    const guess = guessTableKind(file.fileName, await heads(file));
    if (guess) return fromTable(guess, false);
  } else if (extension === 'ods') {
    const guess = guessTableKind(file.fileName, null);
    if (guess) return fromTable(guess, false);
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
    reason: 'not recognised',
    isText: false,
    layer: null,
  };
}

function detectText(file: FileToDetect, head: Buffer, layer: LayerIdentity): Detection {
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
  const table = guessTableKind(file.fileName, headRowsOfText(head.toString('latin1')));
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
    reason: 'not recognised',
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
  const textIndexes = files
    .map((_, index) => index)
    .filter((index) => isTextHead(fileHeads[index]!));
  const layers = await identifySet(
    textIndexes.map((index) => ({
      filename: files[index]!.fileName,
      content: fileHeads[index]!.toString('latin1'),
    })),
    identify,
  );
  const layerOf = new Map(textIndexes.map((fileIndex, position) => [fileIndex, layers[position]!]));
  return Promise.all(
    files.map((file, index) => {
      const layer = layerOf.get(index);
      return layer ? detectText(file, fileHeads[index]!, layer) : detectBinary(file, heads);
    }),
  );
}

/** Content type detection when types are not detected: only whether the file is text. */
export async function isTextFile(filePath: string): Promise<boolean> {
  return isTextHead(await readHead(filePath));
}
