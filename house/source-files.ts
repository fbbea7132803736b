// The project's own source files, as the house rules count them: TypeScript under packages/*/src
// and apps/*/src, without tests, their support files and type declarations (a test may be long
// for good reasons; its length says nothing about the code's shape).

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface SourceFile {
  /** From the repository root, with forward slashes. */
  path: string;
  text: string;
  lines: number;
}

const SOURCE_EXTENSION = /\.tsx?$/;
const NOT_SOURCE = [
  /\.test\.tsx?$/,
  /\.test-support\.tsx?$/,
  /\/test-support\//,
  /\.d\.ts$/,
  /\/node_modules\//,
];

/** Lines as `wc -l` counts them, the number a reader of the file sees at its end. */
export function lineCount(text: string): number {
  if (text.length === 0) return 0;
  const breaks = text.split('\n').length - 1;
  return text.endsWith('\n') ? breaks : breaks + 1;
}

function walk(folder: string, found: string[]): void {
  for (const name of readdirSync(folder)) {
    if (name === 'node_modules') continue;
    const path = join(folder, name);
    if (statSync(path).isDirectory()) walk(path, found);
    else found.push(path);
  }
}

/** The `src` folders of every workspace under packages/ and apps/ (new ones included). */
export function sourceRoots(root: string): string[] {
  return ['packages', 'apps'].flatMap((group) => {
    const groupPath = join(root, group);
    return readdirSync(groupPath)
      .map((name) => join(groupPath, name, 'src'))
      .filter((src) => statSync(src, { throwIfNoEntry: false })?.isDirectory());
  });
}

export function isSourcePath(path: string): boolean {
  return SOURCE_EXTENSION.test(path) && !NOT_SOURCE.some((pattern) => pattern.test(path));
}

export function sourceFiles(root: string): SourceFile[] {
  const paths: string[] = [];
  for (const src of sourceRoots(root)) walk(src, paths);
  return paths
    .map((path) => relative(root, path).split('\\').join('/'))
    .filter(isSourcePath)
    .sort()
    .map((path) => {
      const text = readFileSync(join(root, path), 'utf8');
      return { path, text, lines: lineCount(text) };
    });
}
