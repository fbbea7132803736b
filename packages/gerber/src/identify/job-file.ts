import { type ContentLayer, fileFunctionLayer } from './content-layer.ts';

/**
 * The layers a Gerber job file (`.gbrjob`, X2 JobInfo) states, by lower-cased file name: its
 * `FilesAttributes` list each file of the set with its X2 FileFunction. An empty map when the
 * text is not such a job file.
 */
export function jobFileLayers(text: string): Map<string, ContentLayer> {
  const layers = new Map<string, ContentLayer>();
  let job: unknown;
  try {
    job = JSON.parse(text);
  } catch {
    return layers;
  }
  const files = (job as { FilesAttributes?: unknown } | null)?.FilesAttributes;
  if (!Array.isArray(files)) return layers;
  for (const entry of files) {
    const { Path: path, FileFunction: fn } = (entry ?? {}) as {
      Path?: unknown;
      FileFunction?: unknown;
    };
    if (typeof path !== 'string' || typeof fn !== 'string') continue;
    const layer = fileFunctionLayer(fn);
    if (!layer) continue;
    const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
    layers.set(name.toLowerCase(), { ...layer, reason: `job file: FileFunction ${fn}` });
  }
  return layers;
}
