// File access for the real-fixture test suites of the browser-side packages (gerber, readers).
// They have no Node types (they run in browsers and workers), so the few Node calls the tests
// need are typed here by hand and reached through process.getBuiltinModule.

interface DirectoryEntry {
  name: string;
  isFile(): boolean;
  isDirectory(): boolean;
}

interface NodeFs {
  existsSync(path: string): boolean;
  readFileSync(path: string, encoding: 'latin1' | 'utf8'): string;
  readFileSync(path: string): Uint8Array;
  readdirSync(path: string, options: { withFileTypes: true }): DirectoryEntry[];
}

interface NodeProcess {
  env: Record<string, string | undefined>;
  cwd(): string;
  getBuiltinModule(id: 'node:fs'): unknown;
}

const nodeProcess = (globalThis as unknown as { process: NodeProcess }).process;
const fs = nodeProcess.getBuiltinModule('node:fs') as NodeFs;

function parentOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/')) || '/';
}

/** The project root: the nearest folder (from the working directory up) holding packages/gerber. */
function projectRoot(): string {
  let folder = nodeProcess.cwd();
  while (!fs.existsSync(`${folder}/packages/gerber/package.json`)) {
    const parent = parentOf(folder);
    if (parent === folder) return nodeProcess.cwd();
    folder = parent;
  }
  return folder;
}

/** FIXTURES_DIR, or ../shared/fixtures beside the project root; null when absent. */
export function fixturesDir(): string | null {
  const folder = nodeProcess.env.FIXTURES_DIR ?? `${parentOf(projectRoot())}/shared/fixtures`;
  return fs.existsSync(folder) ? folder : null;
}

/**
 * The Gerber corpus of real boards (identify/corpus/content-corpus.json holds what each file
 * is): the project's corpus/gerber, or GERBER_CORPUS_DIR; null when neither is there.
 */
export function gerberCorpusDir(): string | null {
  const folder = nodeProcess.env.GERBER_CORPUS_DIR ?? `${projectRoot()}/corpus/gerber`;
  return fs.existsSync(folder) ? folder : null;
}

function listEntries(folder: string, wanted: (entry: DirectoryEntry) => boolean): string[] {
  return fs
    .readdirSync(folder, { withFileTypes: true })
    .filter(wanted)
    .map((entry) => entry.name)
    .sort();
}

export function listFiles(folder: string): string[] {
  return listEntries(folder, (entry) => entry.isFile());
}

export function listFolders(folder: string): string[] {
  return listEntries(folder, (entry) => entry.isDirectory());
}

export function exists(path: string): boolean {
  return fs.existsSync(path);
}

export function readBytes(path: string): Uint8Array {
  return new Uint8Array(fs.readFileSync(path));
}

/** Board files are read as Latin-1: every byte becomes one character, whatever the encoding. */
export function readText(path: string): string {
  return fs.readFileSync(path, path.endsWith('.json') || path.endsWith('.md') ? 'utf8' : 'latin1');
}

const output = (globalThis as unknown as { console: { info(message: string): void } }).console;

/** Prints a suite's score or why it was skipped (the library has no console type either). */
export function report(message: string): void {
  output.info(message);
}
