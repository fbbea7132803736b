import {
  type AuxiliaryKind,
  type CadFlavour,
  EAGLE_FLAVOURS,
  type LayerSide,
  type LayerType,
} from './layer-types.ts';

/** What a file name alone says about a file. */
export interface NameIdentity {
  type: LayerType | null;
  side: LayerSide | null;
  auxiliary?: AuxiliaryKind;
  rout?: true;
  /**
   * The name denotes a drill drawing. Without content the identity above stands (it is what the
   * CAD tool's users expect); a Gerber file with this name is a drawing.
   */
  drillDrawing?: true;
  /**
   * A drawing that also carries the board outline (OrCAD fabrication and drill drawings): the
   * outline of an upload that has no dedicated outline file, a drawing beside one.
   */
  outlineDrawing?: true;
  /** Only says which tool wrote the file (any Allegro film is `.art`): words of the name outrank it. */
  fallback?: true;
}

/**
 * How much a match says: a marker of a non-layer file beats a layer named in the file name, which
 * beats an extension, which beats a generic fallback (any Gerber is at least a drawing).
 */
export type RuleStrength = 0 | 1 | 2 | 3;

export interface NameRule {
  /** null: applies to every CAD tool and casts no vote for one. */
  cad: CadFlavour | null;
  strength: RuleStrength;
  /** Tested against the lower-cased base name. */
  pattern: RegExp;
  identity: NameIdentity;
  /**
   * The extensions a name must end in for `pattern` to match it, when the pattern ends in literal
   * ones: a set lookup spares running most patterns on most names.
   */
  extensions: ReadonlySet<string> | null;
  /**
   * Inner copper numbered by capture group 1: `position` means the number is the position in the
   * stack (1 = top); any other value names a series whose numbers only give the order.
   */
  copperIndex?: string;
  /**
   * The name gives only a side (DipTrace's `board_Top.gbr`), the type being the tool's default:
   * weaker than a name that says the layer, and a rule that says the layer wins a tie with it.
   */
  sideOnly?: true;
  /** The naming convention, in words, when it is not one CAD tool's (Protel extensions). */
  convention?: string;
}

const TOP_COPPER: NameIdentity = { type: 'copper', side: 'top' };
const BOTTOM_COPPER: NameIdentity = { type: 'copper', side: 'bottom' };
const INNER_COPPER: NameIdentity = { type: 'copper', side: 'inner' };
const TOP_MASK: NameIdentity = { type: 'soldermask', side: 'top' };
const BOTTOM_MASK: NameIdentity = { type: 'soldermask', side: 'bottom' };
const TOP_SILK: NameIdentity = { type: 'silkscreen', side: 'top' };
const BOTTOM_SILK: NameIdentity = { type: 'silkscreen', side: 'bottom' };
const TOP_PASTE: NameIdentity = { type: 'solderpaste', side: 'top' };
const BOTTOM_PASTE: NameIdentity = { type: 'solderpaste', side: 'bottom' };
const OUTLINE: NameIdentity = { type: 'outline', side: 'all' };
const DRILL: NameIdentity = { type: 'drill', side: 'all' };
const DRAWING: NameIdentity = { type: 'drawing', side: null };
const ROUT: NameIdentity = { type: 'outline', side: 'all', rout: true };

function notALayer(auxiliary: AuxiliaryKind): NameIdentity {
  return { type: null, side: null, auxiliary };
}

type CadList = CadFlavour | readonly CadFlavour[] | null;
type RuleOptions = Pick<NameRule, 'copperIndex' | 'sideOnly' | 'convention'>;

function rules(
  cads: CadList,
  strength: RuleStrength,
  pattern: RegExp,
  identity: NameIdentity,
  options: RuleOptions = {},
): NameRule[] {
  const list = cads === null ? [null] : typeof cads === 'string' ? [cads] : cads;
  const extensions = requiredExtensions(pattern);
  return list.map((cad) => ({ cad, strength, pattern, extensions, identity, ...options }));
}

// A pattern source ending in `\.ext$` or `\.(?:ext1|ext2)$` with literal extensions.
const LITERAL_ENDING = /\\\.(?:\(\?:([a-z0-9_|]+)\)|([a-z0-9_]+))\$$/;

/** Whether a pattern source has a `|` outside every group (so its ending is not required). */
function hasTopLevelAlternative(source: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let index = 0; index < source.length; index++) {
    const c = source[index];
    if (c === '\\') index++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return true;
  }
  return false;
}

/** The extensions every match of `pattern` ends in; null when the source does not say. */
export function requiredExtensions(pattern: RegExp): ReadonlySet<string> | null {
  const ending = LITERAL_ENDING.exec(pattern.source);
  if (!ending || hasTopLevelAlternative(pattern.source)) return null;
  return new Set((ending[1] ?? ending[2] ?? '').split('|'));
}

/** A file name extension (a regular expression source without the dot). */
function byExtension(
  cads: CadList,
  extension: string,
  identity: NameIdentity,
  options?: RuleOptions,
): NameRule[] {
  return rules(cads, 1, new RegExp(`\\.(?:${extension})$`), identity, options);
}

/** A layer named in the file name itself. */
function byName(
  cads: CadList,
  pattern: RegExp,
  identity: NameIdentity,
  options?: RuleOptions,
): NameRule[] {
  return rules(cads, 2, pattern, identity, options);
}

function byMarker(cads: CadList, pattern: RegExp, auxiliary: AuxiliaryKind): NameRule[] {
  return rules(cads, 3, pattern, notALayer(auxiliary));
}

/** KiCad: `<board>-F_Cu.gbr` (v5+) or `<board>-F.Cu.gbr` (older), optionally Protel extensions. */
function kicad(layer: string): RegExp {
  return new RegExp(`(?:^|[-_.])(?:${layer})\\.[a-z0-9]+$`);
}

const KICAD: NameRule[] = [
  ...byName('kicad', kicad('f[._]cu'), TOP_COPPER),
  ...byName('kicad', kicad('b[._]cu'), BOTTOM_COPPER),
  ...byName('kicad', kicad('in(?:ner)?(\\d+)[._]cu'), INNER_COPPER, { copperIndex: 'kicad' }),
  ...byName('kicad', kicad('f[._]mask'), TOP_MASK),
  ...byName('kicad', kicad('b[._]mask'), BOTTOM_MASK),
  ...byName('kicad', kicad('f[._]silks(?:creen)?'), TOP_SILK),
  ...byName('kicad', kicad('b[._]silks(?:creen)?'), BOTTOM_SILK),
  ...byName('kicad', kicad('f[._]paste'), TOP_PASTE),
  ...byName('kicad', kicad('b[._]paste'), BOTTOM_PASTE),
  ...byName('kicad', kicad('edge[._]cuts'), OUTLINE),
  ...byName('kicad', /[-_.]n?pth\.drl$/, DRILL),
  ...byName('kicad', /[-_.]n?pth-drl\.gbr$/, DRILL),
  ...byName('kicad', /-drl_map\.[a-z0-9]+$/, DRAWING),
  ...byName('kicad', kicad('[fb][._](?:fab|crtyd|courtyard|adhes|adhesive)'), DRAWING),
  ...byName(
    'kicad',
    kicad('(?:dwgs|cmts|eco[12])[._]user|user[._](?:drawings|comments|eco[12]|\\d+)|margin'),
    DRAWING,
  ),
  ...byExtension('kicad', 'drl', DRILL),
  ...byExtension('kicad', 'pos', DRAWING),
  ...byMarker('kicad', /-(?:all|top|bottom|both)-pos\.csv$/, 'placement'),
];

// Protel extensions, written by Altium and by KiCad ("use Protel filename extensions").
const PROTEL_NAMING: RuleOptions = { convention: 'Protel (KiCad, Altium and others)' };
const PROTEL: NameRule[] = [
  ...byExtension(['kicad', 'altium'], 'gtl', TOP_COPPER, PROTEL_NAMING),
  ...byExtension(['kicad', 'altium'], 'gbl', BOTTOM_COPPER, PROTEL_NAMING),
  ...byExtension(['kicad', 'altium'], 'gts', TOP_MASK, PROTEL_NAMING),
  ...byExtension(['kicad', 'altium'], 'gbs', BOTTOM_MASK, PROTEL_NAMING),
  ...byExtension(['kicad', 'altium'], 'gto', TOP_SILK, PROTEL_NAMING),
  ...byExtension(['kicad', 'altium'], 'gbo', BOTTOM_SILK, PROTEL_NAMING),
  ...byExtension(['kicad', 'altium'], 'gtp', TOP_PASTE, PROTEL_NAMING),
  ...byExtension(['kicad', 'altium'], 'gbp', BOTTOM_PASTE, PROTEL_NAMING),
  ...byExtension(['kicad', 'altium'], 'gm\\d+', OUTLINE, PROTEL_NAMING),
  ...byExtension('kicad', 'g(\\d+)', INNER_COPPER, { copperIndex: 'protel-g' }),
];

const ALTIUM: NameRule[] = [
  ...byExtension('altium', 'g(\\d+)', INNER_COPPER, { copperIndex: 'altium-mid' }),
  ...byExtension('altium', 'gp(\\d+)', INNER_COPPER, { copperIndex: 'altium-plane' }),
  ...byExtension('altium', 'gko', OUTLINE),
  ...byExtension('altium', 'gd\\d+|gg\\d+|gpt|gpb', DRAWING),
  ...byExtension(['altium', 'eagle-legacy'], 'txt', DRILL),
  ...byName('altium', /-(?:roundholes|slotholes|plated|nonplated|non-plated)\.txt$/, DRILL),
  ...byMarker('altium', /\.(?:drr|ldp|apr|apr_lib|extrep|rep|rul)$/, 'report'),
];

const EAGLE: NameRule[] = [
  ...byName('eagle', /(?:^|[-_.])copper_top\.[a-z0-9]+$/, TOP_COPPER),
  ...byName('eagle', /(?:^|[-_.])copper_bottom\.[a-z0-9]+$/, BOTTOM_COPPER),
  ...byName('eagle', /(?:^|[-_.])copper_(?:inner_)?l(\d+)\.[a-z0-9]+$/, INNER_COPPER, {
    copperIndex: 'eagle',
  }),
  ...byName('eagle', /(?:^|[-_.])soldermask_top\.[a-z0-9]+$/, TOP_MASK),
  ...byName('eagle', /(?:^|[-_.])soldermask_bottom\.[a-z0-9]+$/, BOTTOM_MASK),
  ...byName('eagle', /(?:^|[-_.])silkscreen_top\.[a-z0-9]+$/, TOP_SILK),
  ...byName('eagle', /(?:^|[-_.])silkscreen_bottom\.[a-z0-9]+$/, BOTTOM_SILK),
  ...byName('eagle', /(?:^|[-_.])solderpaste_top\.[a-z0-9]+$/, TOP_PASTE),
  ...byName('eagle', /(?:^|[-_.])solderpaste_bottom\.[a-z0-9]+$/, BOTTOM_PASTE),
  ...byName('eagle', /(?:^|[-_.])profile\.[a-z0-9]+$/, OUTLINE),
  ...byName('eagle', /(?:^|[-_.])drills?(?:_\d+_\d+)?\.xln$/, DRILL),
  ...byExtension(['eagle', 'eagle-legacy', 'eagle-oshpark'], 'xln', DRILL),
  ...byMarker(EAGLE_FLAVOURS, /\.(?:gpi|dri)$/, 'report'),
];

// The Eagle CAM processor's classic extensions.
const EAGLE_LEGACY: NameRule[] = [
  ...byExtension('eagle-legacy', 'cmp', TOP_COPPER),
  ...byExtension(['eagle-legacy', 'orcad'], 'top', TOP_COPPER),
  ...byExtension('eagle-legacy', 'sol', BOTTOM_COPPER),
  ...byExtension(['eagle-legacy', 'orcad'], 'bot', BOTTOM_COPPER),
  ...byExtension('eagle-legacy', 'stc|tsm', TOP_MASK),
  ...byExtension('eagle-legacy', 'sts|bsm', BOTTOM_MASK),
  ...byExtension('eagle-legacy', 'plc|tsk', TOP_SILK),
  ...byExtension('eagle-legacy', 'pls|bsk', BOTTOM_SILK),
  ...byExtension('eagle-legacy', 'crc|tsp', TOP_PASTE),
  ...byExtension('eagle-legacy', 'crs|bsp', BOTTOM_PASTE),
  ...byExtension('eagle-legacy', 'ly(\\d+)', INNER_COPPER, { copperIndex: 'eagle' }),
  ...byExtension('eagle-legacy', 'dim|mil|gml', OUTLINE),
  ...byExtension('eagle-legacy', 'exc|drd|drl', DRILL),
];

function oshpark(layer: string): RegExp {
  return new RegExp(`\\.(?:${layer})\\.ger$`);
}

const EAGLE_OSHPARK: NameRule[] = [
  ...byName('eagle-oshpark', oshpark('toplayer'), TOP_COPPER),
  ...byName('eagle-oshpark', oshpark('bottomlayer'), BOTTOM_COPPER),
  ...byName('eagle-oshpark', oshpark('internalplane(\\d+)'), INNER_COPPER, {
    copperIndex: 'oshpark',
  }),
  ...byName('eagle-oshpark', oshpark('topsoldermask'), TOP_MASK),
  ...byName('eagle-oshpark', oshpark('bottomsoldermask'), BOTTOM_MASK),
  ...byName('eagle-oshpark', oshpark('topsilkscreen'), TOP_SILK),
  ...byName('eagle-oshpark', oshpark('bottomsilkscreen'), BOTTOM_SILK),
  ...byName('eagle-oshpark', oshpark('tcream'), TOP_PASTE),
  ...byName('eagle-oshpark', oshpark('bcream'), BOTTOM_PASTE),
  ...byName('eagle-oshpark', oshpark('boardoutline'), OUTLINE),
  ...byName('eagle-oshpark', /\.drills\.xln$/, DRILL),
];

function pcbng(layer: string): RegExp {
  return new RegExp(`[-_.](?:${layer})\\.gbr$`);
}

const EAGLE_PCBNG: NameRule[] = [
  ...byName('eagle-pcbng', pcbng('top_copper'), TOP_COPPER),
  ...byName('eagle-pcbng', pcbng('bottom_copper'), BOTTOM_COPPER),
  ...byName('eagle-pcbng', pcbng('top_mask'), TOP_MASK),
  ...byName('eagle-pcbng', pcbng('bottom_mask'), BOTTOM_MASK),
  ...byName('eagle-pcbng', pcbng('top_silk'), TOP_SILK),
  ...byName('eagle-pcbng', pcbng('bottom_silk'), BOTTOM_SILK),
  ...byName('eagle-pcbng', pcbng('top_paste'), TOP_PASTE),
  ...byName('eagle-pcbng', pcbng('bottom_paste'), BOTTOM_PASTE),
  ...byName('eagle-pcbng', pcbng('outline'), OUTLINE),
  ...byName('eagle-pcbng', /[-_.]drill\.(?:txt|xln|drl)$/, DRILL),
  ...byMarker('eagle-pcbng', /pnp_bom/, 'placement'),
];

function geda(layer: string): RegExp {
  return new RegExp(`\\.(?:${layer})\\.gbr$`);
}

const GEDA_PCB: NameRule[] = [
  ...byName('geda-pcb', geda('top'), TOP_COPPER),
  ...byName('geda-pcb', geda('bottom'), BOTTOM_COPPER),
  ...byName('geda-pcb', geda('group\\d+'), INNER_COPPER),
  ...byName('geda-pcb', geda('topmask'), TOP_MASK),
  ...byName('geda-pcb', geda('bottommask'), BOTTOM_MASK),
  ...byName('geda-pcb', geda('topsilk'), TOP_SILK),
  ...byName('geda-pcb', geda('bottomsilk'), BOTTOM_SILK),
  ...byName('geda-pcb', geda('toppaste'), TOP_PASTE),
  ...byName('geda-pcb', geda('bottompaste'), BOTTOM_PASTE),
  ...byName('geda-pcb', geda('outline'), OUTLINE),
  ...byName('geda-pcb', geda('topassembly|bottomassembly'), DRAWING),
  // gEDA's fab layer is the drill drawing (drill symbols and the hole table).
  ...byName('geda-pcb', geda('fab'), { ...DRILL, drillDrawing: true }),
  ...byName('geda-pcb', /\.(?:un)?plated-drill\.cnc$/, DRILL),
];

const ORCAD: NameRule[] = [
  ...byExtension('orcad', 'smt', TOP_MASK),
  ...byExtension('orcad', 'smb', BOTTOM_MASK),
  ...byExtension('orcad', 'sst', TOP_SILK),
  ...byExtension('orcad', 'ssb', BOTTOM_SILK),
  ...byExtension('orcad', 'spt', TOP_PASTE),
  ...byExtension('orcad', 'spb', BOTTOM_PASTE),
  ...byExtension('orcad', 'in(\\d+)', INNER_COPPER, { copperIndex: 'orcad' }),
  // The fabrication and drill drawings carry the board outline.
  ...byExtension('orcad', 'fab', { ...OUTLINE, outlineDrawing: true }),
  ...byExtension('orcad', 'drd', { ...OUTLINE, drillDrawing: true, outlineDrawing: true }),
  ...byExtension('orcad', 'ast|asb', DRAWING),
  ...byExtension('orcad', 'tap|npt', DRILL),
  ...byName('orcad', /(?:^|[-_.])thruhole\.tap$/, DRILL),
];

function diptrace(layer: string): RegExp {
  return new RegExp(`(?:^|_)(?:${layer})\\.(?:gbr|gbx|ger)$`);
}

const DIPTRACE: NameRule[] = [
  ...byName('diptrace', diptrace('top'), TOP_COPPER, { sideOnly: true }),
  ...byName('diptrace', diptrace('bottom'), BOTTOM_COPPER, { sideOnly: true }),
  ...byName('diptrace', diptrace('inner(\\d+)'), INNER_COPPER, { copperIndex: 'diptrace' }),
  ...byName('diptrace', diptrace('topmask'), TOP_MASK),
  ...byName('diptrace', diptrace('bottommask|botmask'), BOTTOM_MASK),
  ...byName('diptrace', diptrace('topsilk'), TOP_SILK),
  ...byName('diptrace', diptrace('bottomsilk|botsilk'), BOTTOM_SILK),
  ...byName('diptrace', diptrace('toppaste'), TOP_PASTE),
  ...byName('diptrace', diptrace('bottompaste|botpaste'), BOTTOM_PASTE),
  ...byName('diptrace', diptrace('boardoutline'), OUTLINE),
  ...byName('diptrace', diptrace('topassy|bottomassy|botassy'), DRAWING),
  ...byName('diptrace', /(?:^|_)(?:through|plated|nonplated)\.drl$/, DRILL),
  ...byExtension('diptrace', 'drl', DRILL),
];

/** Allegro artwork: `.art` films whose name says the layer (`<board>_lyr2.art`, `smc.art`). */
function allegroFilm(film: string): RegExp {
  return new RegExp(`(?:^|[-_.])(?:${film})(?:[-_.][^.]*)?\\.art$`);
}

const ALLEGRO: NameRule[] = [
  ...byName('allegro', allegroFilm('(?:lyr|layer_?|l)(\\d+)'), INNER_COPPER, {
    copperIndex: 'position',
  }),
  ...byName('allegro', allegroFilm('top|etch_top|toplayer'), TOP_COPPER),
  ...byName('allegro', allegroFilm('bottom|bot|etch_bottom|bottomlayer'), BOTTOM_COPPER),
  ...byName('allegro', allegroFilm('smc|smt|sm_top|soldermask_top|mask_top|topmask'), TOP_MASK),
  ...byName(
    'allegro',
    allegroFilm('sms|smb|sm_bot|sm_bottom|soldermask_bottom|mask_bottom|bottommask'),
    BOTTOM_MASK,
  ),
  ...byName('allegro', allegroFilm('spc|spt|paste_top|pastemask_top|toppaste'), TOP_PASTE),
  ...byName(
    'allegro',
    allegroFilm('sps|spb|paste_bottom|pastemask_bottom|bottompaste'),
    BOTTOM_PASTE,
  ),
  ...byName('allegro', allegroFilm('tslk|sst|silk_top|silkscreen_top|topsilk'), TOP_SILK),
  ...byName(
    'allegro',
    allegroFilm('bslk|ssb|silk_bottom|silkscreen_bottom|bottomsilk'),
    BOTTOM_SILK,
  ),
  ...byName('allegro', allegroFilm('outline|board_outline|dim'), OUTLINE),
  ...byName('allegro', allegroFilm('assy|asm|assembly|ast|asb|fab|drill|ncdrill|dwg'), DRAWING),
  ...byExtension('allegro', 'art', { ...DRAWING, fallback: true }),
  ...byName('allegro', /ncdrill[^.]*\.(?:drl|tap|txt)$/, DRILL),
  ...byExtension('allegro', 'drl', DRILL),
  ...byExtension('allegro', 'rou', ROUT),
  ...byName('allegro', /ncroute[^.]*\.[a-z0-9]+$/, ROUT),
  ...byMarker('allegro', /(?:^|[-_.])nc_(?:param|tools)[^.]*\.txt$/, 'drill-parameters'),
  ...byMarker('allegro', /(?:^|[-_.])art_param[^.]*\.txt$/, 'report'),
];

// CAM tools (FAB 3000) export each layer under a two-letter code without an extension: side (t,
// b) and layer (l copper, s solder mask, o overlay, p paste), ko the keep-out (board outline).
const CAM_NAMING: RuleOptions = { convention: 'CAM layer code (FAB 3000)' };

const CAM_CODES: NameRule[] = [
  ...rules(null, 1, /^tl$/, TOP_COPPER, CAM_NAMING),
  ...rules(null, 1, /^bl$/, BOTTOM_COPPER, CAM_NAMING),
  ...rules(null, 1, /^ts$/, TOP_MASK, CAM_NAMING),
  ...rules(null, 1, /^bs$/, BOTTOM_MASK, CAM_NAMING),
  ...rules(null, 1, /^to$/, TOP_SILK, CAM_NAMING),
  ...rules(null, 1, /^bo$/, BOTTOM_SILK, CAM_NAMING),
  ...rules(null, 1, /^tp$/, TOP_PASTE, CAM_NAMING),
  ...rules(null, 1, /^bp$/, BOTTOM_PASTE, CAM_NAMING),
  ...rules(null, 1, /^ko$/, OUTLINE, CAM_NAMING),
  ...rules(null, 1, /^drl$/, DRILL, CAM_NAMING),
];

/** Films named by the mask, silk and paste abbreviations alone (`SMT.pho`, PADS and OrCAD). */
function abbreviated(codes: string): RegExp {
  return new RegExp(`^(?:${codes})\\.(?:pho|gbr|ger|gbx|gdo|gb|art)$`);
}

const ABBREVIATED_NAMING: RuleOptions = { convention: 'PADS and OrCAD film' };

// Names any CAD tool may produce; they never decide the upload's CAD tool.
const GENERIC: NameRule[] = [
  ...byName(null, abbreviated('smt|smc'), TOP_MASK, ABBREVIATED_NAMING),
  ...byName(null, abbreviated('smb|sms'), BOTTOM_MASK, ABBREVIATED_NAMING),
  ...byName(null, abbreviated('sst'), TOP_SILK, ABBREVIATED_NAMING),
  ...byName(null, abbreviated('ssb'), BOTTOM_SILK, ABBREVIATED_NAMING),
  ...byName(null, abbreviated('spt|spc'), TOP_PASTE, ABBREVIATED_NAMING),
  ...byName(null, abbreviated('spb|sps'), BOTTOM_PASTE, ABBREVIATED_NAMING),
  ...byMarker(null, /\.gbrjob$/, 'job'),
  ...byMarker(
    null,
    /(?:pnp|centroid|cpl|pick|place|(?:^|[^a-z])(?:pos|xy)(?=[^a-z]))[^.]*\.(?:csv|xlsx?|ods)$/,
    'placement',
  ),
  ...byMarker(null, /\.(?:csv|xlsx?|ods)$/, 'bill-of-materials'),
  ...byMarker(null, /\.(?:rpt|log|lst)$/, 'report'),
  ...byMarker(null, /(?:^|[-_.])readme[^.]*\.[a-z0-9]+$/, 'other'),
  ...byMarker(null, /\.(?:pdf|png|jpe?g|svg|dxf|step|stp|zip|rar|7z|md|html?|docx?)$/, 'other'),
  ...byMarker(null, /\.(?:brd|kicad_pcb|sch|pcbdoc|schdoc)$/, 'other'),
  // Layers named in words (top copper, bottom silk screen...) are read by name-words.ts.
  ...rules(null, 0, /\.(?:gbr|gbx|ger|grb|pho|gb|art)$/, DRAWING),
  ...rules(null, 0, /\.(?:drl|xln|exc|xnc|cnc|ncd|nc|drd|tap)$/, DRILL),
];

/** Every naming rule; the order breaks ties between rules of equal strength. */
export const NAME_RULES: readonly NameRule[] = [
  ...KICAD,
  ...PROTEL,
  ...ALTIUM,
  ...EAGLE,
  ...EAGLE_LEGACY,
  ...EAGLE_OSHPARK,
  ...EAGLE_PCBNG,
  ...GEDA_PCB,
  ...ORCAD,
  ...DIPTRACE,
  ...ALLEGRO,
  ...CAM_CODES,
  ...GENERIC,
];
