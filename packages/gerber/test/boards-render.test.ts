import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturesDir, fixturesPresent, layerFiles } from '../accuracy/fixtures.ts';
import { parse, plot, renderLayer } from '../src/index.ts';
import { undefinedReferences } from './gerber-arbitraries.ts';

const present = fixturesPresent();
if (!present) console.log(`board render suite skipped: no fixtures at ${fixturesDir()}`);

describe.skipIf(!present)('every Gerber layer of the shared boards renders', () => {
  const layers = present ? layerFiles().filter((layer) => layer.filetype === 'gerber') : [];
  it.each(layers.map((layer) => [`${layer.board}/${layer.name}`, layer] as const))(
    '%s',
    (_label, layer) => {
      const tree = parse(readFileSync(layer.path, 'latin1'), { filetype: 'gerber' });
      expect(tree.type).toBe('gerber');
      if (tree.type !== 'gerber') return;
      const image = plot(tree);
      const rendered = renderLayer(image);
      expect(rendered.viewBox.every(Number.isFinite)).toBe(true);
      expect(rendered.width).toBeCloseTo(rendered.viewBox[2] / 1000, 9);
      expect(undefinedReferences(rendered.svg)).toEqual([]);
      for (const warning of image.warnings) expect(warning.line).toBeGreaterThanOrEqual(1);
    },
  );
});
