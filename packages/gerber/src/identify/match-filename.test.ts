import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchFilename } from './match-filename.ts';
import { NAME_RULES, requiredExtensions } from './name-rules.ts';

/** The rules whose pattern matches the name, found the slow way: every pattern in turn. */
function everyPattern(name: string) {
  const lower = name.slice(name.lastIndexOf('/') + 1).toLowerCase();
  return NAME_RULES.filter((rule) => rule.pattern.test(lower));
}

describe('requiredExtensions', () => {
  it.each([
    [/\.(?:drl)$/, ['drl']],
    [/\.(?:stc|tsm)$/, ['stc', 'tsm']],
    [/[-_.]n?pth\.drl$/, ['drl']],
    [/\.(?:toplayer)\.ger$/, ['ger']],
    [/\.(?:apr|apr_lib)$/, ['apr', 'apr_lib']],
  ])('%s must end in %j', (pattern, extensions) => {
    expect([...(requiredExtensions(pattern) ?? [])]).toEqual(extensions);
  });

  it.each([
    /\.(?:gm\d+)$/,
    /(?:^|[-_.])(?:f[._]cu)\.[a-z0-9]+$/,
    /\.(?:jpe?g|png)$/,
    /top[ _-]?copper|copper[ _-]?top/,
    // A top-level alternative makes the ending optional.
    /^readme|\.(?:txt)$/,
    /pnp_bom/,
  ])('%s has no required extension', (pattern) => {
    expect(requiredExtensions(pattern)).toBeNull();
  });

  it('leaves a bracketed | or ( alone', () => {
    expect([...(requiredExtensions(/[|(]x\.(?:txt)$/) ?? [])]).toEqual(['txt']);
  });
});

describe('matchFilename', () => {
  const names = [
    'board-F_Cu.gbr',
    'board-In2_Cu.g2',
    'board.GTL',
    'board.gm1',
    'Board-Edge_Cuts.gm12',
    'pcb/board-NPTH.drl',
    'design.TXT',
    'LimeSDR-QPCIe_1v2-SlotHoles.TXT',
    'copper_top.gbr',
    'mainboard_TopSilk.gbr',
    'MinnowMax_lyr10_GAF.art',
    'MinnowMax_RevA1_NCROUTE.rou',
    'nc_param.txt',
    'rs232_cm.drd',
    'thruhole.tap',
    'stepper.plated-drill.cnc',
    'board.toplayer.ger',
    'top_copper_layer',
    'README',
    'report.apr_lib',
    'board.',
    '.gbr',
  ];

  it.each(names)('%s: the shortcuts find what every pattern finds', (name) => {
    expect(matchFilename(name).map((match) => match.rule)).toEqual(everyPattern(name));
  });

  it('finds what every pattern finds on names made of the pieces the rules look for', () => {
    const pieces = [
      ...['board', 'top', 'bottom', 'copper', 'silk', 'screen', 'solder', 'mask', 'paste'],
      ...['f', 'b', 'cu', 'in', 'inner', 'edge', 'cuts', 'profile', 'drl', 'map', 'pnp', 'pos'],
      ...['npth', 'pth', 'plated', 'ncroute', 'readme', 'lyr', 'gm', 'g', 'gp', 'ly', 'l'],
      ...['.', '.', '.', '_', '_', '-', ' ', '/', '1', '2', '12', 'x', 'Top', 'GTL', 'GBR'],
      ...['gtl', 'gbr', 'art', 'txt', 'csv', 'pdf', 'ger', 'apr_lib', 'cnc', 'tap', 'xln'],
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 12 }), (parts) => {
        const name = parts.join('');
        expect(matchFilename(name).map((match) => match.rule)).toEqual(everyPattern(name));
      }),
      { seed: 20261125, numRuns: 3000 },
    );
  });

  it('skips most patterns for a name with a known extension', () => {
    const checked = NAME_RULES.filter((rule) => !rule.extensions || rule.extensions.has('gtl'));
    expect(checked.length).toBeLessThan(NAME_RULES.length / 2);
  });
});
