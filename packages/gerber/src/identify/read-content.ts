import {
  allegroFilmLayer,
  altiumCopperLayer,
  type ContentLayer,
  cadFromGenerationSoftware,
  diptraceLayer,
  fileFunctionLayer,
  gedaLayer,
} from './content-layer.ts';
import type { CadFlavour, DrillPlating, Filetype } from './layer-types.ts';
import { FILETYPE_SCAN_LIMIT, FiletypeError, sniffFiletype } from './sniff-filetype.ts';
import { headLines } from './text-lines.ts';

/** What the head of a file says about it. */
export interface ContentHints {
  /** null: neither Gerber nor Excellon ('unable to determine filetype'). */
  filetype: Filetype | null;
  /** The CAD tool that wrote the file, from X2 or its header comments. */
  cad: CadFlavour | null;
  /** From X2 .FileFunction, which outranks any other evidence. */
  x2Layer: ContentLayer | null;
  /** From a CAD tool's own header (Allegro film records, gEDA/DipTrace layer names, Altium). */
  headerLayer: ContentLayer | null;
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
  layerName?: string;
  gedaGroup?: number;
  physicalOrder?: number;
}

function headerLayerFor(cad: CadFlavour | null, found: HeaderFindings): ContentLayer | null {
  if (cad === 'allegro' && found.allegroRecords.length > 0) {
    return allegroFilmLayer(found.allegroRecords);
  }
  if (cad === 'geda-pcb') return gedaLayer(found.layerName, found.gedaGroup);
  if (cad === 'diptrace') return diptraceLayer(found.layerName);
  if (found.physicalOrder !== undefined) return altiumCopperLayer(found.physicalOrder);
  return null;
}

/**
 * Reads the head of a file (the same FILETYPE_SCAN_LIMIT characters the filetype is sniffed in)
 * for everything that identifies it. Only comment and parameter lines are examined, so the cost
 * stays a single pass over the head.
 */
export function readContent(content: string): ContentHints {
  const filetype = sniffOrNull(content);
  const hints: ContentHints = { filetype, cad: null, x2Layer: null, headerLayer: null };
  if (filetype === null) return hints;

  const found: HeaderFindings = { allegroRecords: [] };
  const plating = new PlatingTally();
  let platingSection: string | undefined;
  let commentCad: CadFlavour | null = null;
  let x2Cad: CadFlavour | null = null;

  for (const line of headLines(content, FILETYPE_SCAN_LIMIT)) {
    const first = line[0];
    if (first === 'T' && platingSection && EXCELLON_TOOL_DEFINITION.test(line)) {
      plating.add(platingSection);
      continue;
    }
    if (first !== 'G' && first !== '%' && first !== ';') continue;

    const attribute = X2_FILE_ATTRIBUTE.exec(line);
    if (attribute) {
      const [, name = '', value = ''] = attribute;
      if (name === 'FileFunction') hints.x2Layer ??= fileFunctionLayer(value);
      else if (name === 'FilePolarity') {
        const polarity = value.trim().toLowerCase();
        if (polarity === 'positive' || polarity === 'negative') hints.polarity = polarity;
      } else if (name === 'GenerationSoftware') x2Cad ??= cadFromGenerationSoftware(value);
      continue;
    }
    const eagleDrill = EAGLE_DRILL_SOFTWARE.exec(line);
    if (eagleDrill) x2Cad ??= cadFromGenerationSoftware(eagleDrill[1] ?? '');

    commentCad ??= CAD_COMMENTS.find(([pattern]) => pattern.test(line))?.[1] ?? null;

    const record = commentValue(ALLEGRO_LAYER_RECORD.exec(line));
    if (record) found.allegroRecords.push(record);
    const film = commentValue(ALLEGRO_FILM_NAME.exec(line));
    if (film) hints.filmName = film;
    const order = ALTIUM_PHYSICAL_ORDER.exec(line);
    if (order) found.physicalOrder = Number(order[1]);
    const group = GEDA_PAGE_GROUP.exec(line);
    if (group) found.gedaGroup = Number(group[1]);
    const layerName = LAYER_NAME.exec(line);
    if (layerName && found.layerName === undefined) found.layerName = layerName[1]?.trim();

    const section = EXCELLON_PLATING_SECTION.exec(line);
    if (section) platingSection = section[1];
    const toolPlating = ALLEGRO_TOOL_PLATING.exec(line) ?? X2_TOOL_PLATING.exec(line);
    if (toolPlating?.[1]) plating.add(toolPlating[1]);
  }

  hints.cad = x2Cad ?? commentCad;
  hints.headerLayer = headerLayerFor(hints.cad, found);
  const tallied = plating.result;
  if (tallied) hints.plating = tallied;
  return hints;
}
