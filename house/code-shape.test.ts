// The house rules of DESIGN.md that a machine can hold the code base to: source files small
// enough to hold in mind (at most MAX_SOURCE_LINES lines, bar the known large files, which may
// only shrink), and no import circles among the sources, so each file can be read after the
// files it imports.

import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph, importSpecifiers } from './import-graph.ts';
import { KNOWN_LARGE_FILES, MAX_SOURCE_LINES } from './known-large-files.ts';
import { isSourcePath, lineCount, sourceFiles } from './source-files.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const files = sourceFiles(root);

describe('source files', () => {
  it('finds the sources of every workspace', () => {
    const workspaces = new Set(files.map((file) => file.path.split('/').slice(0, 2).join('/')));
    for (const workspace of ['packages/gerber', 'packages/domain', 'apps/server', 'apps/web']) {
      expect(workspaces).toContain(workspace);
    }
    expect(files.every((file) => isSourcePath(file.path))).toBe(true);
  });

  it('counts lines as wc -l does and leaves tests out', () => {
    expect([lineCount(''), lineCount('a'), lineCount('a\n'), lineCount('a\nb')]).toEqual([
      0, 1, 1, 2,
    ]);
    expect(isSourcePath('packages/x/src/a.ts')).toBe(true);
    expect(isSourcePath('apps/web/src/b.tsx')).toBe(true);
    for (const path of [
      'packages/x/src/a.test.ts',
      'apps/server/src/a.int.test.ts',
      'apps/web/src/b.test.tsx',
      'packages/x/src/test-support/files.ts',
      'packages/x/src/board.test-support.ts',
      'apps/server/src/types.d.ts',
      'packages/x/src/data.json',
    ]) {
      expect(isSourcePath(path), path).toBe(false);
    }
  });

  it(`are at most ${MAX_SOURCE_LINES} lines, and the known large files only shrink`, () => {
    const problems: string[] = [];
    const byPath = new Map(files.map((file) => [file.path, file]));
    for (const file of files) {
      const ceiling = KNOWN_LARGE_FILES[file.path];
      if (ceiling === undefined && file.lines > MAX_SOURCE_LINES) {
        problems.push(
          `${file.path} has ${file.lines} lines, over ${MAX_SOURCE_LINES}: split it by concern`,
        );
      } else if (ceiling !== undefined && file.lines > ceiling) {
        problems.push(
          `${file.path} grew to ${file.lines} lines, over its ceiling of ${ceiling}: split it rather than add to it`,
        );
      }
    }
    for (const [path, ceiling] of Object.entries(KNOWN_LARGE_FILES)) {
      const file = byPath.get(path);
      if (!file) {
        problems.push(`${path} is no longer a source file: take it off house/known-large-files.ts`);
      } else if (file.lines <= MAX_SOURCE_LINES) {
        problems.push(
          `${path} has ${file.lines} lines now, within the limit: take it off house/known-large-files.ts`,
        );
      } else if (ceiling <= MAX_SOURCE_LINES) {
        problems.push(`${path}: a ceiling of ${ceiling} is within the limit; take it off the list`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('imports', () => {
  it('reads every form of import and export, and not examples in comments', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type {\n  B,\n  C,\n} from '../b.ts';",
      "export * from './c.ts';",
      "export { d } from '@circuits/gerber';",
      "import './side-effect.css';",
      "const lazy = import('./lazy.tsx');",
      "import styles from './first-page-styles.ts?raw';",
      "// import { e } from './in-a-comment.ts';",
      " * import { f } from './in-a-doc-comment.ts';",
      "const text = 'import me';",
    ].join('\n');
    expect(importSpecifiers(text)).toEqual([
      './a.ts',
      '../b.ts',
      './c.ts',
      '@circuits/gerber',
      './side-effect.css',
      './lazy.tsx',
      './first-page-styles.ts?raw',
    ]);
  });

  it('finds a circle and names the files around it', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', []],
    ]);
    expect(importCircles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
    expect(
      importCircles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('follows workspace packages to their sources', () => {
    const graph = importGraph(root, files);
    // The server renders boards with the Gerber engine, reached through its package name.
    expect(graph.get('apps/server/src/modules/board/board-render-job.ts')).toContain(
      'packages/gerber/src/index.ts',
    );
  });

  it('form no circle among the sources', () => {
    const circles = importCircles(importGraph(root, files)).map((circle) => circle.join(' > '));
    expect(circles).toEqual([]);
  });
});
