import { describe, expect, it } from 'vitest';
import { detectFiletype, FILETYPE_SCAN_LIMIT } from './identify/sniff-filetype.ts';
import { parse } from './parse.ts';

describe('parse and filetype detection', () => {
  it('tells Gerber from Excellon', () => {
    expect(detectFiletype('G04 comment*\n%FSLAX24Y24*%\n')).toBe('gerber');
    expect(detectFiletype('%FSLAX45Y45*MOIN*%')).toBe('gerber');
    expect(detectFiletype('M48\nINCH,TZ\nT01C0.035\n%\nT01\nX1000Y1000\nM30\n')).toBe('drill');
    expect(detectFiletype('T1C0.028F200S100\nX012345Y023456\nM30\n')).toBe('drill');
    expect(detectFiletype('G00X1000Y1000\nM15\nG01X2000Y1000\nM16\n')).toBe('drill');
    expect(detectFiletype('# A readme mentioning %FS and D01*\n')).toBeNull();
  });

  it('only looks at the first characters', () => {
    const late = `${' '.repeat(FILETYPE_SCAN_LIMIT)}%FSLAX24Y24*%`;
    expect(detectFiletype(late)).toBeNull();
    expect(detectFiletype(late, { sync: true })).toBe('gerber');
  });

  it('parses Gerber, and gives a typed failure for other files', () => {
    expect(parse('%FSLAX24Y24*%\nM02*').type).toBe('gerber');
    const unknown = parse('hello');
    expect(unknown.type === 'error' && unknown.error.message).toBe('unable to determine filetype');
    expect(unknown.type === 'error' && unknown.error.code).toBe('unknown-filetype');
    expect(parse('hello', { filetype: 'gerber' }).type).toBe('gerber');
  });
});
