// Real-world suites: the 153 tracespace file names, every expected identity in the boards'
// SOURCE.md files, and filetype sniffing on the feature-test files. They run when
// ../shared/fixtures (or FIXTURES_DIR) is present.
import { afterAll, describe, expect, it } from 'vitest';
import {
  exists,
  fixturesDir,
  listFiles,
  listFolders,
  readText,
  report,
} from '../test-support/fixture-files.ts';
import { identifyLayers } from './identify-layers.ts';
import type { LayerIdentity } from './layer-types.ts';
import { sniffFiletype } from './sniff-filetype.ts';
import {
  type ExpectedIdentity,
  parseIdentityProse,
  parseIdentityTable,
} from './test-support/source-expectations.ts';

interface NamedLayer {
  filename: string;
  cad: string;
  type: string | null;
  side: string | null;
}

function describeIdentity(identity: LayerIdentity | undefined): string {
  if (!identity) return 'nothing';
  return `${identity.type}/${identity.side} (${identity.reason})`;
}

function layerNamesSuite(fixtures: string): void {
  describe('layer-names.json (tracespace file names)', () => {
    const cases = JSON.parse(readText(`${fixtures}/gerber/layer-names.json`)) as NamedLayer[];
    const matches = (expected: NamedLayer, identity: LayerIdentity | undefined) =>
      identity?.type === expected.type && identity?.side === expected.side;

    it('has the 153 cases the suite is scored on', () => {
      expect(cases).toHaveLength(153);
    });

    it('identifies every case when each CAD group is uploaded together', () => {
      const wrong: string[] = [];
      for (const group of Map.groupBy(cases, (entry) => entry.cad).values()) {
        const identities = identifyLayers(group.map(({ filename }) => ({ filename })));
        group.forEach((expected, index) => {
          const identity = identities[index];
          if (!matches(expected, identity)) {
            wrong.push(`${expected.cad} ${expected.filename}: got ${describeIdentity(identity)}`);
          }
        });
      }
      report(`layer-names.json by CAD group: ${cases.length - wrong.length}/${cases.length}`);
      expect(wrong).toEqual([]);
    });

    it('identifies all but the one ambiguous name when files are identified one at a time', () => {
      const wrong = cases
        .map((expected) => ({ expected, identity: identifyLayers([expected])[0] }))
        .filter(({ expected, identity }) => !matches(expected, identity));
      const details = wrong.map(
        ({ expected, identity }) =>
          `${expected.cad} ${expected.filename}: got ${describeIdentity(identity)}`,
      );
      report(
        `layer-names.json one at a time: ${cases.length - wrong.length}/${cases.length}` +
          (details.length > 0 ? ` (missed: ${details.join('; ')})` : ''),
      );
      // `.drd` is an Eagle drill file and an OrCAD drill drawing; alone, the name cannot say which.
      expect(wrong.map(({ expected }) => `${expected.cad} ${expected.filename}`)).toEqual([
        'orcad board.DRD',
      ]);
    });
  });
}

/** Pieces of regular-expression syntax (`\\.`, `(?:`, `[^…]`, `$` at a group's end). */
const REGEX_SYNTAX = /\\[.dwsb]|\(\?[:=!]|\[\^|\$\)|\$$/;

function boardExpectations(folder: string, filenames: readonly string[]): ExpectedIdentity[] {
  const markdown = readText(`${folder}/SOURCE.md`);
  const table = parseIdentityTable(markdown);
  return table.length > 0 ? table : parseIdentityProse(markdown, filenames);
}

function mismatch(expected: ExpectedIdentity, identity: LayerIdentity | undefined): string | null {
  const ok =
    identity !== undefined &&
    identity.type === expected.type &&
    identity.side === expected.side &&
    (expected.plating === undefined || identity.plating === expected.plating) &&
    (expected.rout === undefined || identity.rout === expected.rout);
  if (ok) return null;
  return `${expected.text} -> got ${describeIdentity(identity)} plating=${identity?.plating}`;
}

function sourceExpectationsSuite(fixtures: string): void {
  describe('SOURCE.md expected identities (each board uploaded as one set)', () => {
    const tally = { matched: 0, total: 0 };
    afterAll(() => {
      report(`SOURCE.md expectations matched: ${tally.matched} of ${tally.total}`);
    });

    const boards = ['gerber', 'gerber-large']
      .flatMap((group) => listFolders(`${fixtures}/${group}`).map((name) => `${group}/${name}`))
      .filter((board) => exists(`${fixtures}/${board}/SOURCE.md`))
      .map((board) => {
        const folder = `${fixtures}/${board}`;
        const filenames = listFiles(folder).filter((name) => name !== 'SOURCE.md');
        return { board, folder, filenames, expected: boardExpectations(folder, filenames) };
      })
      .filter(({ expected }) => expected.length > 0);

    it('finds the boards that state identities', () => {
      expect(boards.map(({ board }) => board)).toHaveLength(12);
    });

    for (const { board, folder, filenames, expected } of boards) {
      it(`identifies ${board}`, () => {
        expect(expected.map((entry) => entry.file).sort()).toEqual([...filenames].sort());
        const identities = identifyLayers(
          filenames.map((filename) => ({ filename, content: readText(`${folder}/${filename}`) })),
        );
        const problems = expected
          .map((entry) => mismatch(entry, identities[filenames.indexOf(entry.file)]))
          .filter((problem) => problem !== null);
        // The evidence is told in words a user reads, never as the rules' regular expressions.
        const unreadable = identities.filter((identity) => REGEX_SYNTAX.test(identity.reason));
        expect(unreadable.map((identity) => identity.reason)).toEqual([]);
        tally.total += expected.length;
        tally.matched += expected.length - problems.length;
        expect(problems).toEqual([]);
      });
    }
  });
}

const GERBER_EXTENSIONS = /\.(?:gbr|gbx|grb|ger)$/i;
const DRILL_EXTENSIONS = /\.(?:drl|exc|xnc)$/i;

function sniffingSuite(fixtures: string): void {
  describe('filetype sniffing on the feature-test files', () => {
    const tracespace = listFolders(`${fixtures}/gerber/feature-tests-tracespace`).map(
      (name) => `gerber/feature-tests-tracespace/${name}`,
    );
    const folders = [
      'gerber/feature-tests-gerbv',
      'gerber/feature-tests-kicad-gerbview',
      'gerber/feature-tests-ucamco',
      ...tracespace,
    ];
    const files = folders
      .flatMap((folder) => listFiles(`${fixtures}/${folder}`).map((name) => `${folder}/${name}`))
      .filter((file) => GERBER_EXTENSIONS.test(file) || DRILL_EXTENSIONS.test(file));

    it('tells Gerber from Excellon for every file whose extension says which', () => {
      const wrong = files.filter((file) => {
        const expected = GERBER_EXTENSIONS.test(file) ? 'gerber' : 'drill';
        return sniffFiletype(readText(`${fixtures}/${file}`)) !== expected;
      });
      report(
        `feature-test files sniffed correctly: ${files.length - wrong.length}/${files.length}`,
      );
      expect(files.length).toBeGreaterThan(150);
      expect(wrong).toEqual([]);
    });
  });
}

const fixtures = fixturesDir();
if (fixtures === null) {
  report('identify fixture suites skipped: ../shared/fixtures not found (set FIXTURES_DIR)');
  it.skip('real-fixture identification suites (need ../shared/fixtures)', () => {});
} else {
  layerNamesSuite(fixtures);
  sourceExpectationsSuite(fixtures);
  sniffingSuite(fixtures);
}
