import { describe, expect, it } from 'vitest';
import { boardStamp, type StampInput } from './board-stamp.ts';

const base: StampInput = {
  layers: [
    { sha256: 'a'.repeat(64), fileType: 'topCopper', layerNumber: null },
    { sha256: 'b'.repeat(64), fileType: 'outline', layerNumber: null },
  ],
  colors: { copperFinish: '#c0c0c0', mask: '#004200bf', silk: '#ffffff' },
};

describe('boardStamp', () => {
  it('is a SHA-256 hex digest that ignores the order of the files', () => {
    const stamp = boardStamp(base);
    expect(stamp).toMatch(/^[0-9a-f]{64}$/);
    expect(boardStamp({ ...base, layers: [...base.layers].reverse() })).toBe(stamp);
  });

  it('changes with a file content, a layer assignment or a colour', () => {
    const stamp = boardStamp(base);
    const [first, second] = base.layers;
    const variants: StampInput[] = [
      { ...base, layers: [{ ...first!, sha256: 'c'.repeat(64) }, second!] },
      { ...base, layers: [{ ...first!, fileType: 'bottomCopper' }, second!] },
      { ...base, layers: [{ ...first!, fileType: 'internalLayer', layerNumber: 2 }, second!] },
      { ...base, layers: [first!] },
      { ...base, colors: { ...base.colors, copperFinish: '#d4af37' } },
      { ...base, colors: { ...base.colors, mask: '#b3121bbf' } },
      { ...base, colors: { ...base.colors, silk: '#000000' } },
    ];
    const stamps = variants.map(boardStamp);
    expect(new Set([stamp, ...stamps]).size).toBe(variants.length + 1);
  });
});
