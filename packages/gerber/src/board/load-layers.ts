// The first half of the board render: from the caller's layer list to one plotted image per
// layer. Layers are checked (SPEC §5), identified where the caller did not say what they are,
// parsed and plotted; a layer that fails keeps its error and the others go on.

import { LIMITS, OUTPUT_BUDGET } from '../constants.ts';
import { parseDrillParams } from '../drill/drill-params.ts';
import { engineInputKind } from '../identify/engine-inputs.ts';
import { identifyLayers } from '../identify/identify-layers.ts';
import type { Filetype, LayerIdentity, LayerSide, LayerType } from '../identify/layer-types.ts';
import { detectFiletype } from '../identify/sniff-filetype.ts';
import { type ViewerLayer, validateLayers } from '../identify/validate-layers.ts';
import { heldElements } from '../image/repeats.ts';
import type { Graphic, LayerImage, PolarityRun } from '../image/types.ts';
import type { ParseOptions } from '../options.ts';
import { parseAndPlot } from '../parse.ts';

export interface LoadedLayer {
  index: number;
  filename: string | null;
  side: LayerSide | null;
  type: LayerType | null;
  /** An NC rout program drawing the board edge. */
  rout: boolean;
  /** A file of the upload that is not a layer (job file, drill parameters, report). */
  auxiliary: boolean;
  /** Drawn as a guess nobody confirmed: not counted in the board's measures. */
  guessed: boolean;
  image: LayerImage | null;
  error?: string;
  /**
   * Elements of the image, and whether its drawing was cut short: 'layer' at the per-layer limit
   * (LIMITS.maxImageElements), 'board' when the board's budget (OUTPUT_BUDGET) ran out.
   */
  elements: number;
  cut?: 'layer' | 'board';
}

export interface LoadTimings {
  parseMs: number;
}

/** Milliseconds from the high-resolution clock where the runtime has one. */
export const now: () => number = (() => {
  const performance = (globalThis as { performance?: { now?: () => number } }).performance;
  const precise = performance?.now?.bind(performance);
  return precise ?? (() => Date.now());
})();

const CHUNK = 0x8000;

/** Bytes read as Latin-1: Gerber and Excellon are ASCII, and every byte stays one character. */
function latin1(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += CHUNK) {
    text += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  }
  return text;
}

/** Whether a cached converter result is a layer image this version can draw. */
export function isLayerImage(value: unknown): value is LayerImage {
  if (typeof value !== 'object' || value === null) return false;
  const image = value as Partial<Record<keyof LayerImage, unknown>>;
  return (
    (image.filetype === 'gerber' || image.filetype === 'drill') &&
    (image.units === 'mm' || image.units === 'in') &&
    Array.isArray(image.runs) &&
    Array.isArray(image.warnings) &&
    (image.box === null || (typeof image.box === 'object' && image.box !== undefined))
  );
}

/**
 * Graphic elements an image holds: flash positions, segments and region edges (a step and
 * repeat's block once, however many copies it draws).
 */
export function imageElements(image: LayerImage): number {
  let count = 0;
  for (const run of image.runs as PolarityRun[]) count += heldElements(run.graphics as Graphic[]);
  return count;
}

/** What loading takes from a file's identity. */
type LoadIdentity = Pick<LayerIdentity, 'side' | 'type' | 'filetype' | 'rout' | 'auxiliary'>;

const isStated = (layer: ViewerLayer) => layer.type !== undefined && layer.type !== null;

/**
 * The identities of the named files, by layer index. Identification reads every name and head
 * and weighs the set as a whole, for files whose type the caller does not state. A stated layer
 * needs only its content's filetype, and an Excellon file stated as something other than a drill
 * is a rout program: when every file is stated (with content of a known filetype) or one the
 * engine reads beside the layers (nc_param.txt, a job file), only those others are identified.
 * The app states every layer it renders, so its renders skip the rest.
 */
function identitiesOf(
  layers: readonly ViewerLayer[],
  texts: readonly (string | undefined)[],
): Map<number, LoadIdentity> {
  const identities = new Map<number, LoadIdentity>();
  const named = layers.flatMap((layer, index) =>
    layer.filename ? [{ index, filename: layer.filename, content: texts[index] }] : [],
  );
  const statedFiletypes = new Map<number, Filetype>();
  const othersAreInputs = named.every(({ index, filename, content }) => {
    if (!isStated(layers[index] as ViewerLayer)) return engineInputKind(filename) !== null;
    if (content === undefined) return true;
    const filetype = detectFiletype(content);
    if (filetype) statedFiletypes.set(index, filetype);
    return filetype !== null;
  });
  const identified = othersAreInputs
    ? named.filter(({ index }) => !isStated(layers[index] as ViewerLayer))
    : named;
  identifyLayers(identified).forEach((identity, k) => {
    identities.set((identified[k] as (typeof identified)[number]).index, identity);
  });
  if (!othersAreInputs) return identities;
  for (const [index, filetype] of statedFiletypes) {
    const { side = null, type = null } = layers[index] as ViewerLayer;
    const identity: LoadIdentity = { side, type, filetype };
    if (filetype === 'drill' && type !== 'drill') identity.rout = true;
    identities.set(index, identity);
  }
  return identities;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Checks, identifies, parses and plots every layer. Throws LayerListError (SPEC §5 messages) for
 * a bad list; problems of single files end up in their layer's `error` and warnings.
 */
export function loadLayers(
  input: unknown,
  timings: LoadTimings,
  /** Elements all layers together may draw (OUTPUT_BUDGET.boardElements). */
  maxBoardElements: number = OUTPUT_BUDGET.boardElements,
): LoadedLayer[] {
  const layers = validateLayers(input);
  const start = now();
  const texts = layers.map(({ gerber }) =>
    typeof gerber === 'string' ? gerber : gerber instanceof Uint8Array ? latin1(gerber) : undefined,
  );
  const identities = identitiesOf(layers, texts);
  // Allegro's indefinite drill and rout files take their format from nc_param.txt.
  let drillOptions: ParseOptions | undefined;
  identities.forEach((identity, index) => {
    const text = texts[index];
    if (identity.auxiliary === 'drill-parameters' && text !== undefined) {
      // Several parameter files (nc_param.txt beside nc_tools.txt) add up; none undoes another.
      drillOptions = { ...drillOptions, ...parseDrillParams(text) };
    }
  });
  timings.parseMs += now() - start;

  // What the board may still draw: each layer takes what it drew from it.
  let boardElements = maxBoardElements;
  const counted = (loaded: LoadedLayer, allowance: number): LoadedLayer => {
    if (!loaded.image) return loaded;
    loaded.elements = imageElements(loaded.image);
    boardElements = Math.max(0, boardElements - loaded.elements);
    if (loaded.image.cut) loaded.cut = allowance < LIMITS.maxImageElements ? 'board' : 'layer';
    return loaded;
  };
  return layers.map((layer, index): LoadedLayer => {
    const identity = identities.get(index);
    const stated = isStated(layer);
    const loaded: LoadedLayer = {
      index,
      filename: layer.filename ?? null,
      side: stated ? (layer.side ?? null) : (identity?.side ?? null),
      type: stated ? (layer.type ?? null) : (identity?.type ?? null),
      rout: identity?.rout === true,
      auxiliary: !stated && identity?.auxiliary !== undefined,
      guessed: layer.guessed === true,
      image: null,
      elements: 0,
    };
    const allowance = Math.min(LIMITS.maxImageElements, boardElements);
    if (loaded.auxiliary) return loaded;
    try {
      // The cached result of an earlier render saves parsing; a stale one falls back to the source.
      if (isLayerImage(layer.converter)) {
        loaded.image = layer.converter;
        return counted(loaded, LIMITS.maxImageElements);
      }
      if (texts[index] === undefined) {
        loaded.error = 'cached converter is not a layer image';
        return loaded;
      }
      const drill = loaded.type === 'drill' || loaded.rout;
      // Identification already sniffed the content: parse() need not do it again.
      const filetype = identity?.filetype ?? undefined;
      const options =
        drill && drillOptions
          ? { ...drillOptions, filetype: 'drill' as const }
          : filetype
            ? { filetype }
            : {};
      // Gerber files are plotted while they are read: both count as parsing.
      const parseStart = now();
      const image = parseAndPlot(texts[index] ?? '', options, allowance);
      timings.parseMs += now() - parseStart;
      if ('type' in image) {
        loaded.error = image.error.message;
        return loaded;
      }
      loaded.image = image;
      counted(loaded, allowance);
    } catch (error) {
      // Nothing in the pipeline should throw on file content; if it does, only this layer is lost.
      loaded.error = errorMessage(error);
    }
    return loaded;
  });
}
