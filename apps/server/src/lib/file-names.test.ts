import { describe, expect, it } from 'vitest';
import { sanitizeFileName } from './file-names.ts';

describe('sanitizeFileName', () => {
  it('keeps the last path segment of names with folders', () => {
    expect(sanitizeFileName('gerbers/top/board.GTL')).toBe('board.GTL');
    expect(sanitizeFileName('C:\\\\exports\\\\board.drl')).toBe('board.drl');
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
  });

  it('removes control characters and extension-disguising bidi overrides', () => {
    expect(sanitizeFileName('bad\u0000name\u0007.gbr')).toBe('badname.gbr');
    expect(sanitizeFileName('invoice\u202egpj.exe')).toBe('invoicegpj.exe');
  });

  it('shortens long names keeping the extension, and names empty ones', () => {
    const long = sanitizeFileName(`${'x'.repeat(300)}.gbr`);
    expect(long).toHaveLength(200);
    expect(long.endsWith('.gbr')).toBe(true);
    expect(sanitizeFileName('  ')).toBe('file');
    expect(sanitizeFileName('..')).toBe('file');
    expect(sanitizeFileName('Carte mère.gbr')).toBe('Carte mère.gbr');
  });
});
