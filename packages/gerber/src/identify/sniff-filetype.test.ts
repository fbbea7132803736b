import { describe, expect, it } from 'vitest';
import {
  FILETYPE_SCAN_LIMIT,
  FILETYPE_SCAN_LIMIT_SYNC,
  FiletypeError,
  sniffFiletype,
} from './sniff-filetype.ts';

const lines = (...text: string[]) => text.join('\n');

describe('sniffFiletype', () => {
  it.each([
    ['an RS-274X header', lines('%FSLAX24Y24*%', '%MOIN*%', '%ADD10C,0.010*%', 'D10*', 'M02*')],
    ['X2 attributes first', lines('%TF.GenerationSoftware,KiCad,Pcbnew,7*%', '%FSLAX46Y46*%')],
    ['X2 attributes in comments', lines('G04 #@! %TF.FileFunction,Copper,L1,Top*', 'G75*')],
    ['an OrCAD banner', lines('*', 'G04 Mass Parameters ***', '*', '%ICAS*%')],
    ['only draw blocks', lines('G54D10*', 'X100Y200D02*', 'X300Y200D01*')],
    ['a deprecated parameter alone', '%ASAXBY*%'],
  ])('reads Gerber from %s', (_, content) => {
    expect(sniffFiletype(content)).toBe('gerber');
  });

  it.each([
    ['an M48 header', lines('M48', 'INCH,TZ', 'T01C0.0240', '%', 'T01', 'X16910Y10810', 'M30')],
    ['a header-less file with inline tools', lines('%', 'T1C0.028F200S100', 'X002250Y002300')],
    ['Altium tool definitions', lines('T1F00S00C0.0280', 'X03185Y028071')],
    [
      'an Allegro leader',
      lines(';LEADER: 12', ';HEADER:', '%', 'G90', 'T01', 'X00130500Y00184500'),
    ],
    ['a comment that contains *%', lines(';GenerationSoftware,Autodesk,EAGLE,9.0.0*%', 'FMAT,2')],
    ['bare tool selections and coordinates', lines('%', 'T01', 'X00130500Y00184500', 'Y00185617')],
    [
      'a rout program',
      lines('G90', 'T01', 'G00X00004990Y00254705', 'M15', 'G01X00008490Y00254705'),
    ],
    ['a G85 slot', lines('T4', 'X2.0872Y0.6494G85X2.1463Y0.6494')],
  ])('reads Excellon from %s', (_, content) => {
    expect(sniffFiletype(content)).toBe('drill');
  });

  it('accepts CRLF and bare CR line ends', () => {
    expect(sniffFiletype('\r\n\r\nM48\r\nINCH\r\n')).toBe('drill');
    expect(sniffFiletype('\r\r%MOMM*%\r')).toBe('gerber');
  });

  it.each([
    ['empty text', ''],
    ['blank lines', '\n \n\t\n'],
    ['an NC parameter file', lines('INTEGER-PLACES         3', 'DECIMAL-PLACES         5')],
    ['a JSON job file', '{ "Header": { "GenerationSoftware": { "Vendor": "KiCad" } } }'],
    ['binary data', `PK\u0003\u0004\u0000\u0000G04 x*`],
    ['a CSV file', lines('Designator,Mid X,Mid Y,Layer,Rotation', 'R1,10,20,T,0')],
  ])('cannot tell %s', (_, content) => {
    expect(() => sniffFiletype(content)).toThrow(FiletypeError);
    expect(() => sniffFiletype(content)).toThrow(/^unable to determine filetype$/);
  });

  it('throws an error carrying a stable code', () => {
    const error = (() => {
      try {
        sniffFiletype('hello');
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(FiletypeError);
    expect(error).toMatchObject({
      code: 'UNKNOWN_FILETYPE',
      message: 'unable to determine filetype',
    });
  });

  it('does not judge by a line the scan limit cuts in two', () => {
    // "G04 x" lines cut after "G04" would read as a bare Excellon G code.
    const comments = 'G04 x\n'.repeat(20000);
    expect(() => sniffFiletype(comments)).toThrow('unable to determine filetype');
  });

  it('looks no further than 65535 characters, or 6553500 in synchronous mode', () => {
    expect(FILETYPE_SCAN_LIMIT).toBe(65535);
    expect(FILETYPE_SCAN_LIMIT_SYNC).toBe(6553500);
    const justInside = `${'\n'.repeat(FILETYPE_SCAN_LIMIT - 4)}M48\n`;
    expect(sniffFiletype(justInside)).toBe('drill');

    const beyond = `${'\n'.repeat(FILETYPE_SCAN_LIMIT)}M48\n`;
    expect(() => sniffFiletype(beyond)).toThrow('unable to determine filetype');
    expect(sniffFiletype(beyond, { sync: true })).toBe('drill');

    const beyondSync = `${' '.repeat(FILETYPE_SCAN_LIMIT_SYNC)}\nM48\n`;
    expect(() => sniffFiletype(beyondSync, { sync: true })).toThrow(FiletypeError);
  });
});
