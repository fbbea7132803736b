import { describe, expect, it } from 'vitest';
import {
  COPPER_FINISH_COLORS,
  copperFinishColor,
  copperFinishTone,
  DEFAULT_BOARD_COLORS,
  silkscreenColor,
  solderMaskColor,
} from './board-colors.ts';
import { DEFAULT_BOARD_SETTINGS_OPTIONS, FINISHINGS } from './board-settings-options.ts';

const { maskColors, silkColors } = DEFAULT_BOARD_SETTINGS_OPTIONS;

describe('board colours', () => {
  it('has the SPEC §3 default viewer colours', () => {
    expect(DEFAULT_BOARD_COLORS).toEqual({
      board: '#666666',
      copper: '#cccccc',
      copperFinish: '#cc9933',
      mask: '#004200bf',
      silk: '#ffffff',
      paste: '#999999',
      outline: '#000000',
    });
  });

  it('fills copper by finishing (SPEC §9)', () => {
    const tones = Object.fromEntries(
      FINISHINGS.map((finishing) => [finishing, copperFinishTone(finishing)]),
    );
    expect(tones).toEqual({
      'HASL Lead Free': 'silver',
      'HASL with lead': 'silver',
      ENIG: 'gold',
      'Gold Plating': 'gold',
      ENEPIG: 'gold',
      'Immersion Tin': 'silver',
      // Not among the SPEC's silver finishes, so it falls under "others".
      'Immersion Silver': 'copper',
      OSP: 'copper',
      'Bare Copper': 'copper',
    });
  });

  it('shows unknown or unset finishings in copper tone and ignores case and spaces', () => {
    expect(copperFinishTone('Chrome')).toBe('copper');
    expect(copperFinishTone(null)).toBe('copper');
    expect(copperFinishTone('  enig ')).toBe('gold');
    expect(copperFinishTone('hasl LEAD free')).toBe('silver');
  });

  it('gives each tone a concrete colour', () => {
    expect(copperFinishColor('ENIG')).toBe(COPPER_FINISH_COLORS.gold);
    expect(copperFinishColor('Immersion Tin')).toBe(COPPER_FINISH_COLORS.silver);
    expect(copperFinishColor('OSP')).toBe(COPPER_FINISH_COLORS.copper);
    expect(new Set(Object.values(COPPER_FINISH_COLORS)).size).toBe(3);
    for (const color of Object.values(COPPER_FINISH_COLORS))
      expect(color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('turns mask colour names into the viewer mask colour, 75 % opaque', () => {
    expect(solderMaskColor('Green', maskColors)).toBe(DEFAULT_BOARD_COLORS.mask);
    expect(solderMaskColor('Red', maskColors)).toBe('#b3121bbf');
    expect(solderMaskColor('Matte Black', maskColors)).toBe('#262626bf');
    for (const { name, hex } of maskColors)
      expect(solderMaskColor(name, maskColors)).toBe(`${hex}bf`);
  });

  it('falls back to the default green mask', () => {
    expect(solderMaskColor(null, maskColors)).toBe('#004200bf');
    expect(solderMaskColor('Orange', maskColors)).toBe('#004200bf');
    expect(solderMaskColor('Bad', [{ name: 'Bad', hex: 'red' }])).toBe('#004200bf');
    expect(solderMaskColor('Upper', [{ name: 'Upper', hex: '#AABBCC' }])).toBe('#aabbccbf');
  });

  it('turns silkscreen colour names into colours, white by default', () => {
    expect(silkscreenColor('Yellow', silkColors)).toBe('#ffde00');
    expect(silkscreenColor('Black', silkColors)).toBe('#000000');
    expect(silkscreenColor(null, silkColors)).toBe('#ffffff');
    expect(silkscreenColor('Pink', silkColors)).toBe('#ffffff');
  });
});
