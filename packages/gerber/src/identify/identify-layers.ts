import { readContentEvidence } from './content-evidence.ts';
import type { Evidence } from './evidence.ts';
import { settle, unrecognised, type Working } from './file-decision.ts';
import type { LayerIdentity } from './layer-types.ts';
import { baseName, matchFilename, type NameMatch } from './match-filename.ts';
import { chooseUploadCad, readName } from './name-evidence.ts';
import { readNameWords, type WordReading } from './name-words.ts';
import { type ContentHints, readContent } from './read-content.ts';
import { applyJobFiles, readImages } from './set-evidence.ts';
import {
  demoteOutlineDrawings,
  inferPlatedDrill,
  markAllegroBottom,
  numberCopperStack,
  placeSidelessLayers,
} from './stack-order.ts';

export interface LayerFile {
  filename: string;
  /** The file's text; only its head is read. Without it the name alone decides. */
  content?: string;
}

interface Candidate {
  file: LayerFile;
  matches: NameMatch[];
  words: WordReading | null;
  hints: ContentHints | null;
}

/**
 * Identifies an upload's files as one set. Every clue is evidence with a weight (evidence.ts):
 * the file name by the naming rules of each CAD tool (ties broken by the tool most of the set's
 * names and headers point to) or by its words, the X2 attributes and CAD header comments of its
 * head, a layer name written in it, its content (Gerber or Excellon), then the upload as a whole:
 * a job file, and what files nothing names draw. Returns one identity per file, in input order.
 */
export function identifyLayers(files: readonly LayerFile[]): LayerIdentity[] {
  const candidates: Candidate[] = files.map((file) => ({
    file,
    matches: matchFilename(file.filename),
    words: readNameWords(baseName(file.filename).slice(-255)),
    hints: file.content === undefined ? null : readContent(file.content),
  }));
  const uploadCad = chooseUploadCad(candidates);
  const layers = candidates.map((candidate): Working => {
    const reading = readName(candidate, uploadCad);
    const evidence: Evidence[] = [
      ...reading.evidence,
      ...(candidate.hints ? readContentEvidence(candidate.hints, reading) : []),
    ];
    const working: Working = {
      file: candidate.file,
      hints: candidate.hints,
      reading,
      evidence,
      identity: unrecognised(candidate.file.filename, candidate.hints),
      positionFromName: false,
    };
    settle(working);
    return working;
  });
  applyJobFiles(layers);
  markAllegroBottom(layers);
  readImages(layers);
  placeSidelessLayers(layers);
  demoteOutlineDrawings(layers);
  inferPlatedDrill(layers);
  numberCopperStack(layers);
  return layers.map((layer) => layer.identity);
}
