import { describe, expect, it } from 'vitest';
import { matchFilename } from './match-filename.ts';
import { NAME_RULES, requiredExtensions } from './name-rules.ts';

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

  it.each(names)('%s: the extension shortcut finds what every pattern finds', (name) => {
    const lower = name.slice(name.lastIndexOf('/') + 1).toLowerCase();
    const everyPattern = NAME_RULES.filter((rule) => rule.pattern.test(lower));
    expect(matchFilename(name).map((match) => match.rule)).toEqual(everyPattern);
  });

  it('skips most patterns for a name with a known extension', () => {
    const checked = NAME_RULES.filter((rule) => !rule.extensions || rule.extensions.has('gtl'));
    expect(checked.length).toBeLessThan(NAME_RULES.length / 2);
  });
});
