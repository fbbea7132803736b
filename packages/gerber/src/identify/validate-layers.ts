import { isValidSideType, type LayerSide, type LayerType } from './layer-types.ts';

/** One layer handed to the board renderer (SPEC §3 viewer board layer). */
export interface ViewerLayer {
  /** Identifies the layer when side/type are not given. */
  filename?: string;
  side?: LayerSide | null;
  type?: LayerType | null;
  /** The Gerber or Excellon source. */
  gerber?: string | Uint8Array;
  /** The cached converter result of an earlier render, used instead of the source. */
  converter?: object;
  /**
   * The side and type are a guess nobody has confirmed: the layer is drawn as that, but the
   * board's measures (size, shape, copper layers) do not count it.
   */
  guessed?: boolean;
}

// SPEC §5 messages, word for word.
export const LAYERS_NOT_AN_ARRAY = 'layers must be an array';
export const MISSING_SOURCE = 'is missing gerber source or cached converter';
export const MISSING_IDENTITY = 'is missing filename or side/type';
export const INVALID_SIDE_TYPE = 'has invalid side/type';

export interface LayerProblem {
  /** Position in the list, counted from 0 (`layers[index]`). */
  index: number;
  filename?: string;
  /** One of the SPEC messages; an invalid side/type is followed by ` (side/type)`. */
  problem: string;
}

export class LayerListError extends Error {
  readonly code = 'INVALID_LAYER_LIST';
  override readonly name = 'LayerListError';
  readonly problems: readonly LayerProblem[];

  constructor(message: string, problems: readonly LayerProblem[] = []) {
    super(message);
    this.problems = problems;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasSource(layer: Record<string, unknown>): boolean {
  const { gerber, converter } = layer;
  const source = typeof gerber === 'string' || gerber instanceof Uint8Array;
  return source || isRecord(converter);
}

function given(value: unknown): boolean {
  return value !== undefined && value !== null;
}

function problemOf(layer: unknown, filename: string | undefined): string | null {
  if (!isRecord(layer) || !hasSource(layer)) return MISSING_SOURCE;
  if (filename === undefined && !given(layer.type)) return MISSING_IDENTITY;
  const { side, type } = layer;
  if ((given(side) || given(type)) && !isValidSideType(side ?? null, type ?? null)) {
    return `${INVALID_SIDE_TYPE} (${String(side ?? null)}/${String(type ?? null)})`;
  }
  return null;
}

function filenameOf(layer: unknown): string | undefined {
  if (!isRecord(layer)) return undefined;
  const { filename } = layer;
  return typeof filename === 'string' && filename.trim() !== '' ? filename : undefined;
}

export function describeProblem({ index, filename, problem }: LayerProblem): string {
  return filename === undefined
    ? `layer ${index} ${problem}`
    : `layer ${index} (${filename}) ${problem}`;
}

/**
 * Checks the renderer's layer list (SPEC §5): it must be an array, and each layer needs a source
 * (Gerber text or bytes, or a cached converter result), a filename or a side/type, and a side/type
 * pair that names a real layer when one is given. Throws LayerListError naming every bad layer,
 * e.g. `layer 2 (board.gtl) is missing gerber source or cached converter`.
 */
export function validateLayers(layers: unknown): ViewerLayer[] {
  if (!Array.isArray(layers)) throw new LayerListError(LAYERS_NOT_AN_ARRAY);
  const problems: LayerProblem[] = [];
  layers.forEach((layer: unknown, index) => {
    const filename = filenameOf(layer);
    const problem = problemOf(layer, filename);
    if (problem === null) return;
    problems.push(filename === undefined ? { index, problem } : { index, filename, problem });
  });
  if (problems.length > 0) {
    throw new LayerListError(problems.map(describeProblem).join('; '), problems);
  }
  return layers as ViewerLayer[];
}
