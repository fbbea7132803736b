import type {
  AuxiliaryKind,
  CadFlavour,
  Confidence,
  DrillPlating,
  LayerSide,
  LayerType,
} from './layer-types.ts';
import { readNameWords } from './name-words.ts';

/** A layer identity read from a file's own header (X2 attributes or a CAD tool's comments). */
export interface ContentLayer {
  type: LayerType | null;
  /** null with type copper: the header gives the position but not the side (Altium). */
  side: LayerSide | null;
  layerNumber?: number;
  plating?: DrillPlating;
  rout?: true;
  auxiliary?: AuxiliaryKind;
  /** How sure the header is; high unless said otherwise. */
  confidence?: Confidence;
  /**
   * How the header says it: `words` for a layer name read as words (any tool's %LN), `weak` for a
   * rule that only hints (gEDA layer group numbers, which pcb-rnd gives every layer); absent for
   * a CAD tool's own layer records.
   */
  strength?: 'words' | 'weak';
  reason: string;
}

function topOrBottom(field: string | undefined): 'top' | 'bottom' | null {
  const value = field?.toLowerCase();
  return value === 'top' ? 'top' : value === 'bot' ? 'bottom' : null;
}

function sidedLayer(type: LayerType, field: string | undefined, reason: string): ContentLayer {
  return { type, side: topOrBottom(field), reason };
}

// X2 drawing-like functions: they describe the board but are not part of the stack image.
const X2_DRAWINGS = new Set([
  'assemblydrawing',
  'arraydrawing',
  'carbonmask',
  'component',
  'depthrout',
  'drillmap',
  'fabricationdrawing',
  'glue',
  'goldmask',
  'heatsinkmask',
  'keep-out',
  'other',
  'otherdrawing',
  'pads',
  'peelablemask',
  'silvermask',
  'tinmask',
  'vcut',
  'viafill',
]);

function copperLayer(fields: readonly string[], reason: string): ContentLayer {
  const position = /^L(\d+)$/i.exec(fields[0] ?? '');
  const where = (fields[1] ?? '').toLowerCase();
  const side: LayerSide = where === 'top' ? 'top' : where === 'bot' ? 'bottom' : 'inner';
  const layer: ContentLayer = { type: 'copper', side, reason };
  if (position) layer.layerNumber = Number(position[1]);
  return layer;
}

function drillLayer(plating: DrillPlating, fields: readonly string[], reason: string) {
  const layer: ContentLayer = { type: 'drill', side: 'all', plating, reason };
  if (fields.some((field) => field.toLowerCase() === 'rout')) layer.rout = true;
  return layer;
}

/** The layer an X2 `.FileFunction` value names, or null for a function we do not know. */
export function fileFunctionLayer(value: string): ContentLayer | null {
  const [name = '', ...fields] = value.split(',').map((field) => field.trim());
  const reason = `X2 FileFunction ${value}`;
  const fn = name.toLowerCase();
  if (fn === 'copper') return copperLayer(fields, reason);
  if (fn === 'soldermask') return sidedLayer('soldermask', fields[0], reason);
  if (fn === 'legend') return sidedLayer('silkscreen', fields[0], reason);
  if (fn === 'paste') return sidedLayer('solderpaste', fields[0], reason);
  if (fn === 'profile') return { type: 'outline', side: 'all', reason };
  if (fn === 'plated') return drillLayer('plated', fields, reason);
  if (fn === 'nonplated') return drillLayer('non-plated', fields, reason);
  if (fn === 'mixedplating') return drillLayer('mixed', fields, reason);
  if (fn === 'jobinfo') return { type: null, side: null, auxiliary: 'job', reason };
  if (X2_DRAWINGS.has(fn)) return { type: 'drawing', side: null, reason };
  return null;
}

/** The CAD flavour an X2 `.GenerationSoftware` value (vendor, application, version) names. */
export function cadFromGenerationSoftware(value: string): CadFlavour | null {
  const software = value.toLowerCase();
  if (/kicad|pcbnew/.test(software)) return 'kicad';
  if (/eagle|autodesk/.test(software)) return 'eagle';
  if (/altium/.test(software)) return 'altium';
  if (/diptrace|novarm/.test(software)) return 'diptrace';
  if (/cadence|allegro|orcad/.test(software)) return 'allegro';
  if (/geda|pcb-rnd/.test(software)) return 'geda-pcb';
  return null;
}

const ALLEGRO_IGNORED = /^(?:DRAWING FORMAT\/|BOARD GEOMETRY\/(?:TOOLING_CORNERS|PLATING_BAR)$)/;

function allegroSided(
  subclasses: readonly string[],
  type: LayerType,
  marker: string,
): ContentLayer | null {
  const found = subclasses.find((subclass) => subclass.includes(marker));
  if (!found) return null;
  const side = found.includes(`${marker}_TOP`)
    ? 'top'
    : found.includes(`${marker}_BOTTOM`)
      ? 'bottom'
      : null;
  return side ? { type, side, reason: `Allegro film layer ${found}` } : null;
}

/**
 * The layer of an Allegro film from its `G04 Layer: CLASS/SUBCLASS` records. Films also carry
 * decoration (title block, tooling corners, often the outline), so the most specific class wins:
 * etch, then mask, paste, silkscreen, assembly/fabrication drawings, then the outline.
 */
export function allegroFilmLayer(records: readonly string[]): ContentLayer | null {
  const subclasses = records
    .map((record) => record.toUpperCase())
    .filter((r) => !ALLEGRO_IGNORED.test(r));
  const etch = subclasses.find((subclass) => subclass.startsWith('ETCH/'));
  if (etch) {
    const name = etch.slice('ETCH/'.length);
    const side = name === 'TOP' ? 'top' : name === 'BOTTOM' ? 'bottom' : 'inner';
    return { type: 'copper', side, reason: `Allegro film layer ${etch}` };
  }
  const sided =
    allegroSided(subclasses, 'soldermask', 'SOLDERMASK') ??
    allegroSided(subclasses, 'solderpaste', 'PASTEMASK') ??
    allegroSided(subclasses, 'silkscreen', 'SILKSCREEN');
  if (sided) return sided;
  const drawing = subclasses.find((subclass) =>
    /ASSEMBLY|NCDRILL|DIMENSION|FABRICATION|NCLEGEND/.test(subclass),
  );
  if (drawing) return { type: 'drawing', side: null, reason: `Allegro film layer ${drawing}` };
  const outline = subclasses.find((subclass) => /\/(?:DESIGN_)?OUTLINE$/.test(subclass));
  if (outline) return { type: 'outline', side: 'all', reason: `Allegro film layer ${outline}` };
  return null;
}

const GEDA_LAYERS: Record<string, Omit<ContentLayer, 'reason'>> = {
  TOP: { type: 'copper', side: 'top' },
  BOTTOM: { type: 'copper', side: 'bottom' },
  TOPMASK: { type: 'soldermask', side: 'top' },
  BOTTOMMASK: { type: 'soldermask', side: 'bottom' },
  TOPSILK: { type: 'silkscreen', side: 'top' },
  BOTTOMSILK: { type: 'silkscreen', side: 'bottom' },
  TOPPASTE: { type: 'solderpaste', side: 'top' },
  BOTTOMPASTE: { type: 'solderpaste', side: 'bottom' },
  OUTLINE: { type: 'outline', side: 'all' },
  // The fab layer is the drill drawing: symbols and the hole table, in Gerber.
  FAB: { type: 'drawing', side: null },
  TOPASSEMBLY: { type: 'drawing', side: null },
  BOTTOMASSEMBLY: { type: 'drawing', side: null },
};

/**
 * The layer of a gEDA PCB Gerber from its `%LN...%` name and `start of page N for group G` comment:
 * copper layer groups are numbered from 0, other layers get negative group numbers.
 */
export function gedaLayer(
  layerName: string | undefined,
  group: number | undefined,
): ContentLayer | null {
  const name = layerName?.toUpperCase();
  const known = name === undefined ? undefined : GEDA_LAYERS[name];
  if (known) return { ...known, reason: `gEDA layer ${name}` };
  if (group !== undefined && group >= 0) {
    return {
      type: 'copper',
      side: 'inner',
      strength: 'weak',
      reason: `gEDA layer group ${group}, which gEDA gives copper layers`,
    };
  }
  return null;
}

const DIPTRACE_LAYERS: Record<string, Omit<ContentLayer, 'reason'>> = {
  top: { type: 'copper', side: 'top' },
  bottom: { type: 'copper', side: 'bottom' },
  topmask: { type: 'soldermask', side: 'top' },
  botmask: { type: 'soldermask', side: 'bottom' },
  bottommask: { type: 'soldermask', side: 'bottom' },
  topsilk: { type: 'silkscreen', side: 'top' },
  botsilk: { type: 'silkscreen', side: 'bottom' },
  bottomsilk: { type: 'silkscreen', side: 'bottom' },
  toppaste: { type: 'solderpaste', side: 'top' },
  botpaste: { type: 'solderpaste', side: 'bottom' },
  bottompaste: { type: 'solderpaste', side: 'bottom' },
  boardoutline: { type: 'outline', side: 'all' },
  topassy: { type: 'drawing', side: null },
  botassy: { type: 'drawing', side: null },
  bottomassy: { type: 'drawing', side: null },
};

/** The layer of a DipTrace Gerber from its `%LN...%` name. */
export function diptraceLayer(layerName: string | undefined): ContentLayer | null {
  if (layerName === undefined) return null;
  const known = DIPTRACE_LAYERS[layerName.toLowerCase().replace(/\s+/g, '')];
  return known ? { ...known, reason: `DipTrace layer ${layerName}` } : null;
}

/** Altium writes `G04 Layer_Physical_Order=N` on copper layers: the position in the stack. */
export function altiumCopperLayer(position: number): ContentLayer {
  return {
    type: 'copper',
    side: position === 1 ? 'top' : null,
    layerNumber: position,
    reason: `Altium Layer_Physical_Order=${position}`,
  };
}

/**
 * The layer a name written inside the file says, read as words like a file name: `%LN` and `%IN`
 * names and `G04 Layer: TopSolderMask` comments of any tool. Only a name with a layer word
 * counts (a project name in `%IN` says nothing).
 */
export function namedLayer(names: readonly string[]): ContentLayer | null {
  for (const name of names) {
    const reading = readNameWords(name.replace(/["']/g, ' '));
    if (!reading || reading.strength < 2 || reading.type === null) continue;
    if (reading.type !== 'drawing' && reading.type !== 'drill' && reading.side === null) continue;
    const layer: ContentLayer = {
      type: reading.type,
      side: reading.type === 'drawing' ? null : reading.side,
      confidence: 'medium',
      strength: 'words',
      reason: `layer named in the file: ${name.trim()}`,
    };
    if (reading.plating) layer.plating = reading.plating;
    return layer;
  }
  return null;
}
