import {
  allegroFilmLayer,
  altiumCopperLayer,
  type ContentLayer,
  cadFromGenerationSoftware,
  diptraceLayer,
  fileFunctionLayer,
  gedaLayer,
  namedLayer,
} from './content-layer.ts';
import type { CadFlavour, DrillPlating, Filetype } from './layer-types.ts';
import { FILETYPE_SCAN_LIMIT, FiletypeError, sniffFiletype } from './sniff-filetype.ts';
import { headLinesStartingWith } from './text-lines.ts';

/** What the head of a file says about it. */
export interface ContentHints {
  /** null: neither Gerber nor Excellon ('unable to determine filetype'). */
  filetype: Filetype | null;
  /** The CAD tool that wrote the file, from X2 or its header comments. */
  cad: CadFlavour | null;
  /** From X2 .FileFunction, which outranks any other evidence. */
  x2Layer: ContentLayer | null;
  /**
   * From the header, strongest first: a CAD tool's own records (Allegro film records, gEDA and
   * DipTrace layer names, Altium's physical order), a layer name read as words, a weak hint.
   */
  headerLayers: ContentLayer[];
  /** Excellon content with drill hits (coordinates) in the head, not only tool definitions. */
  holes?: boolean;
  /** Allegro `Film Name`, which follows the same naming as the film's file name. */
  filmName?: string;
  /** From Excellon comments (`;TYPE=PLATED`, Allegro tool comments, X2 TA.AperFunction). */
  plating?: DrillPlating;
  polarity?: 'positive' | 'negative';
}

// X2 file attributes, standalone (%TF.x,...*%), in Gerber comments (G04 #@! %TF.x,...*) or in
// Excellon comments (; #@! TF.x,...).
const X2_FILE_ATTRIBUTE = /^(?:G04\s*#@!\s*|;\s*#@!\s*)?%?TF\.([A-Za-z]+),([^*%]*)/;
const EAGLE_DRILL_SOFTWARE = /^;\s*GenerationSoftware,([^*%]*)/;
const CAD_COMMENTS: readonly [RegExp, CadFlavour][] = [
  [/^(?:G04|;).*\b(?:PCBNEW|KiCad)\b/i, 'kicad'],
  [/^G04 EAGLE\b/i, 'eagle'],
  [/^G04 DipTrace\b/i, 'diptrace'],
  [/^G04 File Origin:\s*Cadence Allegro/i, 'allegro'],
  [/^;LEADER:/, 'allegro'],
  [/^G04 Creator: pcb\b/i, 'geda-pcb'],
  [/^(?:G04 |;)Layer_(?:Physical_Order|Color)=/i, 'altium'],
  [/^G04 Mass Parameters/i, 'orcad'],
];
// Values are trimmed in code: nested quantifiers over spaces would backtrack badly on long lines.
const ALLEGRO_LAYER_RECORD = /^G04 Layer:(.*)$/;
const ALLEGRO_FILM_NAME = /^G04 Film Name:(.*)$/;
const ALTIUM_PHYSICAL_ORDER = /^G04 Layer_Physical_Order=(\d+)/;
const GEDA_PAGE_GROUP = /^G04 start of page \d+ for group (-?\d+)/;
const LAYER_NAME = /^%LN([^*%]*)\*/;
const IMAGE_NAME = /^%IN([^*%]*)\*/;
// `G04 Layer: TopSolderMask`, `G04 Layer Name: Bottom Copper`, `G04 Layer_Name=...`
const LAYER_COMMENT = /^G04[\s#@!]*(?:Layer|Film)[\s_]*(?:Name)?\s*[:=]([^*]*)/i;
// Excellon comments stating plating in words (`; Plated holes`, `; NPTH drill`).
const NON_PLATED_COMMENT = /^;.*\b(?:NON[-_ ]?PLATED|UNPLATED|NPTH)\b/i;
const PLATED_COMMENT = /^;.*\b(?:PLATED|PTH)\b/i;
const EXCELLON_PLATING_SECTION = /^;\s*TYPE=(PLATED|NON_PLATED)/i;
const EXCELLON_TOOL_DEFINITION = /^T\d+(?:[A-Z][\d.]+)*C[\d.]+/;
const ALLEGRO_TOOL_PLATING = /^;T\d+\s+Holesize.*\b(NON_PLATED|PLATED)\b/i;
const X2_TOOL_PLATING = /^;\s*#@!\s*TA\.AperFunction,(Plated|NonPlated)/i;

class PlatingTally {
  plated = false;
  nonPlated = false;
  add(kind: string): void {
    if (/^non/i.test(kind)) this.nonPlated = true;
    else this.plated = true;
  }
  get result(): DrillPlating | undefined {
    if (this.plated && this.nonPlated) return 'mixed';
    if (this.plated) return 'plated';
    return this.nonPlated ? 'non-plated' : undefined;
  }
}

/** The text of a `G04 Name: value*` comment, without the block end. */
function commentValue(found: RegExpExecArray | null): string | undefined {
  const value = found?.[1]?.trim().replace(/\*$/, '').trim();
  return value === '' ? undefined : value;
}

function sniffOrNull(content: string): Filetype | null {
  try {
    return sniffFiletype(content);
  } catch (error) {
    if (error instanceof FiletypeError) return null;
    throw error;
  }
}

/** Header lines that name the layer, collected before the CAD tool that wrote them is known. */
interface HeaderFindings {
  allegroRecords: string[];
  /** Layer names of any tool: %LN, %IN, `G04 Layer: ...` comments. */
  names: string[];
  layerName?: string;
  gedaGroup?: number;
  physicalOrder?: number;
}

function headerLayersFor(cad: CadFlavour | null, found: HeaderFindings): ContentLayer[] {
  const layers: (ContentLayer | null)[] = [];
  if (cad === 'allegro' && found.allegroRecords.length > 0) {
    layers.push(allegroFilmLayer(found.allegroRecords));
  } else if (cad === 'geda-pcb') {
    // gEDA's own layer names; pcb-rnd writes others (TOP_COPPER_NONE_3) and numbers every layer's
    // group, so its names are read as words and the group only hints.
    const known = gedaLayer(found.layerName, undefined);
    if (known) layers.push(known);
    else layers.push(namedLayer(found.names), gedaLayer(undefined, found.gedaGroup));
  } else if (cad === 'diptrace') {
    layers.push(diptraceLayer(found.layerName) ?? namedLayer(found.names));
  } else if (found.physicalOrder !== undefined) {
    layers.push(altiumCopperLayer(found.physicalOrder));
  } else {
    layers.push(namedLayer(found.names));
  }
  return layers.filter((layer): layer is ContentLayer => layer !== null);
}

/** Whether Excellon text has a drill hit: a line starting with a coordinate. */
function hasDrillHit(content: string): boolean {
  const end = Math.min(content.length, FILETYPE_SCAN_LIMIT);
  for (let index = 0; index < end - 1; index++) {
    const code = content.charCodeAt(index);
    if ((code !== 88 && code !== 89) || (index > 0 && content.charCodeAt(index - 1) !== 10)) {
      continue;
    }
    const next = content.charCodeAt(index + 1);
    // X or Y followed by a digit, sign or point.
    if ((next >= 48 && next <= 57) || next === 45 || next === 43 || next === 46) return true;
  }
  return false;
}

/** What one pass over the head has gathered so far. */
interface Scan {
  hints: ContentHints;
  found: HeaderFindings;
  plating: PlatingTally;
  platingSection?: string;
  commentCad: CadFlavour | null;
  x2Cad: CadFlavour | null;
}

/** X2 file attributes; true when the line was one. */
function readX2Attribute(line: string, scan: Scan): boolean {
  const attribute = X2_FILE_ATTRIBUTE.exec(line);
  if (!attribute) return false;
  const [, name = '', value = ''] = attribute;
  if (name === 'FileFunction') scan.hints.x2Layer ??= fileFunctionLayer(value);
  if (name === 'GenerationSoftware') scan.x2Cad ??= cadFromGenerationSoftware(value);
  if (name === 'FilePolarity') {
    const polarity = value.trim().toLowerCase();
    if (polarity === 'positive' || polarity === 'negative') scan.hints.polarity = polarity;
  }
  return true;
}

/** The comments and parameters CAD tools write about themselves and the layer. */
function readHeaderComment(line: string, scan: Scan): void {
  const { found } = scan;
  const eagleDrill = EAGLE_DRILL_SOFTWARE.exec(line);
  if (eagleDrill) scan.x2Cad ??= cadFromGenerationSoftware(eagleDrill[1] ?? '');
  scan.commentCad ??= CAD_COMMENTS.find(([pattern]) => pattern.test(line))?.[1] ?? null;

  const record = commentValue(ALLEGRO_LAYER_RECORD.exec(line));
  if (record) found.allegroRecords.push(record);
  const film = commentValue(ALLEGRO_FILM_NAME.exec(line));
  if (film) scan.hints.filmName = film;
  const order = ALTIUM_PHYSICAL_ORDER.exec(line);
  if (order) found.physicalOrder = Number(order[1]);
  const group = GEDA_PAGE_GROUP.exec(line);
  if (group) found.gedaGroup = Number(group[1]);
  const layerName = LAYER_NAME.exec(line);
  if (layerName && found.layerName === undefined) found.layerName = layerName[1]?.trim();
  const named = layerName ?? IMAGE_NAME.exec(line) ?? LAYER_COMMENT.exec(line);
  if (named?.[1]?.trim() && found.names.length < 8) found.names.push(named[1].trim());
}

/** Excellon plating comments: `;TYPE=` sections, Allegro tool comments, X2 TA.AperFunction. */
function readDrillPlating(line: string, scan: Scan): void {
  const section = EXCELLON_PLATING_SECTION.exec(line);
  if (section) scan.platingSection = section[1];
  const toolPlating = ALLEGRO_TOOL_PLATING.exec(line) ?? X2_TOOL_PLATING.exec(line);
  if (toolPlating?.[1]) scan.plating.add(toolPlating[1]);
  else if (line.startsWith(';') && !section) {
    if (NON_PLATED_COMMENT.test(line)) scan.plating.add('non-plated');
    else if (PLATED_COMMENT.test(line)) scan.plating.add('plated');
  }
}

/**
 * The lines readContent looks at: tool definitions, parameters and comments. Of the G codes only
 * G04 comments can hold anything it looks for, and of the parameters only file attributes (%TF.)
 * and the layer name (%LN): the aperture definitions, most of a file's parameters, are skipped.
 */
const EXAMINED_LINES = ['G04', '%TF.', '%LN', 'T', ';'];

/**
 * Reads the head of a file (the same FILETYPE_SCAN_LIMIT characters the filetype is sniffed in)
 * for everything that identifies it. Only comment, parameter and tool lines are examined, in a
 * single pass over the head.
 */
export function readContent(content: string): ContentHints {
  const filetype = sniffOrNull(content);
  const hints: ContentHints = { filetype, cad: null, x2Layer: null, headerLayers: [] };
  if (filetype === null) return hints;

  const scan: Scan = {
    hints,
    found: { allegroRecords: [], names: [] },
    plating: new PlatingTally(),
    commentCad: null,
    x2Cad: null,
  };
  for (const line of headLinesStartingWith(content, FILETYPE_SCAN_LIMIT, EXAMINED_LINES)) {
    const first = line[0];
    if (first === 'T') {
      // A tool defined inside a `;TYPE=PLATED` or `;TYPE=NON_PLATED` section.
      if (scan.platingSection && EXCELLON_TOOL_DEFINITION.test(line)) {
        scan.plating.add(scan.platingSection);
      }
    } else if ((first === 'G' || first === '%' || first === ';') && !readX2Attribute(line, scan)) {
      readHeaderComment(line, scan);
      readDrillPlating(line, scan);
    }
  }

  hints.cad = scan.x2Cad ?? scan.commentCad;
  hints.headerLayers = headerLayersFor(hints.cad, scan.found);
  if (filetype === 'drill') hints.holes = hasDrillHit(content);
  const plating = scan.plating.result;
  if (plating) hints.plating = plating;
  return hints;
}
