import { identifyLayers, type LayerFile, type LayerIdentity } from '@circuits/gerber';

// Identification of an upload's layer files as a task of the board worker processes: a file's
// head can ask for much plotting when nothing names it (what it draws is then read), so it runs
// where a time and memory limit stop it without the server.

export type IdentifyTask = { identify: LayerFile[] };

export function isIdentifyTask(task: object): task is IdentifyTask {
  return 'identify' in task;
}

/** The worker's work for an identify task. */
export function identifyTask(task: IdentifyTask): LayerIdentity[] {
  return identifyLayers(task.identify);
}
