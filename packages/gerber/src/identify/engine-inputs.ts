import type { AuxiliaryKind } from './layer-types.ts';
import { baseName, matchFilename } from './match-filename.ts';
import { readNameWords } from './name-words.ts';

/** Files that are not layers but that the engine reads with the layers of their upload. */
export type EngineInputKind = Extract<AuxiliaryKind, 'drill-parameters' | 'job'>;

/**
 * Whether a file of an upload is one the engine reads though it is not a layer, and which:
 * NC drill parameters (Allegro `nc_param.txt`, which gives indefinite drill and rout files their
 * format) or a Gerber job file (which states every layer's function). Decided by the name, as
 * identification decides it: such files must reach the render with the layers.
 */
export function engineInputKind(filename: string): EngineInputKind | null {
  const kinds = new Set<AuxiliaryKind | undefined>(
    matchFilename(filename)
      .filter((match) => match.rule.strength === 3)
      .map((match) => match.identity.auxiliary),
  );
  if (kinds.has('drill-parameters')) return 'drill-parameters';
  if (kinds.has('job')) return 'job';
  if (kinds.size > 0) return null;
  const words = readNameWords(baseName(filename).slice(-255));
  return words?.auxiliary === 'drill-parameters' && words.fromExtension === undefined
    ? 'drill-parameters'
    : null;
}
