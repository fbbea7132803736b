// The import graph of the project's sources and its circles. Written here rather than taken from a
// tool: the project's imports are regular (explicit extensions, workspace packages named in their
// package.json exports), so a scan of the import statements is exact and takes milliseconds.
// Type-only imports count: a circle of types is still two files that cannot be understood apart.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import type { SourceFile } from './source-files.ts';

/**
 * `import ... from '...'`, `export ... from '...'`, `import '...'` and `import('...')`. The part
 * between the keyword and `from` holds no quote or semicolon, so one statement never runs into
 * the next.
 */
const SPECIFIER =
  /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Lines that are comments, so an example in a comment is not read as an import. */
const COMMENT_LINE = /^\s*(?:\/\/|\/\*|\*).*$/gm;

/** What each workspace package's exports map, by the name other workspaces import it by. */
function workspaceExports(root: string): Map<string, string> {
  const targets = new Map<string, string>();
  for (const group of ['packages', 'apps']) {
    for (const name of readdirSync(join(root, group))) {
      const folder = join(root, group, name);
      const manifest = join(folder, 'package.json');
      if (!statSync(manifest, { throwIfNoEntry: false })) continue;
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as {
        name?: string;
        exports?: Record<string, string> | string;
      };
      if (!pkg.name || !pkg.exports) continue;
      const exports = typeof pkg.exports === 'string' ? { '.': pkg.exports } : pkg.exports;
      for (const [key, target] of Object.entries(exports)) {
        if (typeof target !== 'string') continue;
        const specifier = key === '.' ? pkg.name : `${pkg.name}/${key.replace(/^\.\//, '')}`;
        targets.set(specifier, relative(root, join(folder, target)).split('\\').join('/'));
      }
    }
  }
  return targets;
}

/** The specifiers a file imports, as written. */
export function importSpecifiers(text: string): string[] {
  const code = text.replace(COMMENT_LINE, '');
  return [...code.matchAll(SPECIFIER)].map((match) => match[1] ?? match[2] ?? match[3] ?? '');
}

/** Each source file and the source files it imports (imports of anything else left out). */
export function importGraph(root: string, files: SourceFile[]): Map<string, string[]> {
  const known = new Set(files.map((file) => file.path));
  const packages = workspaceExports(root);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const written of importSpecifiers(file.text)) {
      const specifier = written.replace(/\?.*$/, '');
      const target = specifier.startsWith('.')
        ? normalize(join(dirname(file.path), specifier))
            .split('\\')
            .join('/')
        : packages.get(specifier);
      if (target && known.has(target) && target !== file.path) targets.add(target);
    }
    graph.set(file.path, [...targets].sort());
  }
  return graph;
}

/**
 * Every import circle, one per group of files that reach each other (Tarjan's strongly connected
 * components), each given as one path around it: a > b > c > a.
 */
export function importCircles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups.map((group) => circleThrough(graph, new Set(group)));
}

/** A shortest path from the group's first file (in name order) back to itself, within the group. */
function circleThrough(graph: Map<string, string[]>, group: Set<string>): string[] {
  const start = [...group].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let at = 0; at < queue.length; at++) {
    const node = queue[at]!;
    for (const target of graph.get(node) ?? []) {
      if (!group.has(target)) continue;
      if (target === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return [...path, start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return [...group];
}
