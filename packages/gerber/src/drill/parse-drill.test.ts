import { describe, expect, it } from 'vitest';
import { DRILL_STASH_LIMIT } from '../constants.ts';
import { GerberError } from '../errors.ts';
import { parse } from '../parse.ts';
import type { WarningCode } from '../warnings.ts';
import { parseDrill } from './parse-drill.ts';
import type { DrillCoordinateNode, DrillFormatNode, DrillNode, DrillTree } from './syntax.ts';

function lines(...text: string[]): string {
  return `${text.join('\n')}\n`;
}

function nodesOf<T extends DrillNode['type']>(
  tree: DrillTree,
  type: T,
): Extract<DrillNode, { type: T }>[] {
  return tree.nodes.filter((node): node is Extract<DrillNode, { type: T }> => node.type === type);
}

function coordinates(tree: DrillTree): [number | undefined, number | undefined][] {
  return nodesOf(tree, 'coordinate').map((node) => [node.x, node.y]);
}

function warningCodes(tree: DrillTree): [WarningCode, number][] {
  return tree.warnings.map((w) => [w.code, w.line]);
}

function format(tree: DrillTree): DrillFormatNode {
  const node = nodesOf(tree, 'format')[0];
  if (!node) throw new Error('no format node');
  return node;
}

describe('parseDrill: units and header', () => {
  it('reads INCH and METRIC in the header and M71/M72 in the body', () => {
    const tree = parseDrill(lines('M48', 'METRIC', 'T1C0.8', '%', 'M72', 'T1', 'X1.0Y2.0', 'M30'));
    expect(nodesOf(tree, 'units').map((node) => [node.units, node.line])).toEqual([
      ['mm', 2],
      ['in', 5],
    ]);
    expect(nodesOf(tree, 'toolDefinition')).toEqual([
      { type: 'toolDefinition', line: 3, code: 1, diameter: 0.8, plated: null },
    ]);
  });

  it('uses the backup units (inch) with a warning on the line that needed them', () => {
    const tree = parseDrill(lines('M48', 'T1C0.03', '%', 'G90', 'T1', 'X1.0Y1.0', 'M30'));
    expect(nodesOf(tree, 'units')).toEqual([{ type: 'units', line: 2, units: 'in' }]);
    expect(tree.warnings).toEqual([
      {
        code: 'units-missing',
        line: 2,
        message: 'units not set, so the backup units (in) are used',
      },
    ]);
  });

  it('applies units stated after the header tools to those tools (M71 in the body)', () => {
    const tree = parseDrill(lines('M48', 'T1C.5', '%', 'M71', 'G90', 'T1', 'X1.0Y1.0', 'M30'));
    expect(nodesOf(tree, 'units')).toEqual([{ type: 'units', line: 2, units: 'mm' }]);
    expect(warningCodes(tree)).toEqual([]);
  });

  it('lets the options override the units, notation, zeros and places the file states', () => {
    const tree = parseDrill(
      lines('M48', 'METRIC,LZ,000.000', 'T1C0.8', '%', 'G91', 'T1', 'X125Y5'),
      {
        units: 'in',
        notation: 'A',
        zero: 'L',
        places: [2, 4],
      },
    );
    expect(nodesOf(tree, 'units').map((node) => node.units)).toEqual(['in']);
    expect(nodesOf(tree, 'notation').map((node) => node.notation)).toEqual(['A', 'A']);
    expect(coordinates(tree)).toEqual([[0.0125, 0.0005]]);
    expect(format(tree)).toMatchObject({ zeroSource: 'options', placesSource: 'options' });
    expect(warningCodes(tree)).toEqual([]);
  });

  it('rejects invalid options with a typed error', () => {
    expect(() => parseDrill('M48', { zero: 'X' } as never)).toThrow(GerberError);
    expect(() => parseDrill('M48', { places: [2] } as never)).toThrow('places must be two whole');
  });

  it('is what parse() returns for a file sniffed or declared as drill', () => {
    const sniffed = parse(lines('M48', 'INCH', 'T1C0.03', '%', 'T1', 'X1.0Y1.0', 'M30'));
    expect(sniffed.type).toBe('drill');
    const declared = parse('X1.0Y1.0\n', { filetype: 'drill' });
    expect(declared.type).toBe('drill');
  });
});

describe('parseDrill: coordinate format', () => {
  it('reads INCH,TZ as leading zeros omitted and INCH,LZ as trailing zeros omitted', () => {
    const tz = parseDrill(
      lines('M48', 'INCH,TZ', 'T1C0.05', '%', 'T1', 'X-001000Y030000', 'X0Y030000', 'X01000Y30000'),
    );
    expect(coordinates(tz)).toEqual([
      [-0.1, 3],
      [0, 3],
      [0.1, 3],
    ]);
    const lz = parseDrill(
      lines('M48', 'INCH,LZ', 'T1C0.05', '%', 'T1', 'X-001000Y030000', 'X00000Y03000', 'X001Y03'),
    );
    expect(coordinates(lz)).toEqual([
      [-0.1, 3],
      [0, 3],
      [0.1, 3],
    ]);
    expect(format(lz)).toMatchObject({ zero: 'T', places: [2, 4], zeroSource: 'file' });
  });

  it('warns that trailing zero suppression is deprecated, on the line that declares it', () => {
    const tree = parseDrill(lines('M48', 'INCH,LZ', 'T1C0.05', '%', 'G90', 'T1', 'X01Y01'));
    expect(tree.warnings).toContainEqual({
      code: 'trailing-zero-suppression',
      line: 2,
      message: 'trailing zero suppression is deprecated',
    });
  });

  it('warns when the places are missing: [2,4] for inch and [3,3] for metric files', () => {
    const inch = parseDrill(lines('M48', 'INCH,TZ', 'T1C0.05', '%', 'G90', 'T1', 'X12500Y5'));
    expect(coordinates(inch)).toEqual([[1.25, 0.0005]]);
    expect(inch.warnings).toEqual([
      {
        code: 'places-missing',
        line: 7,
        message: 'places missing, so [2,4] is assumed for inch drill files',
      },
    ]);
    const metric = parseDrill(lines('M48', 'METRIC,TZ', 'T1C0.5', '%', 'G90', 'T1', 'X12500Y5'));
    expect(coordinates(metric)).toEqual([[12.5, 0.005]]);
    expect(metric.warnings.map((w) => w.message)).toEqual([
      'places missing, so [3,3] is assumed for metric drill files',
    ]);
  });

  it('takes the places from the zero pattern of METRIC (EAGLE 9)', () => {
    const tree = parseDrill(
      lines('M48', 'METRIC,TZ,000.00', 'T1C0.8', '%', 'G90', 'T1', 'X2567Y945'),
    );
    expect(coordinates(tree)).toEqual([[25.67, 9.45]]);
    expect(format(tree)).toMatchObject({ zero: 'L', places: [3, 2], placesSource: 'file' });
  });

  it('takes the places from an Altium ;FILE_FORMAT comment, before or after INCH', () => {
    for (const header of [
      [';FILE_FORMAT=2:3', 'INCH,TZ'],
      ['INCH,TZ', ';FILE_FORMAT=2:3'],
    ]) {
      const tree = parseDrill(lines('M48', ...header, 'T1C0.028', '%', 'G90', 'T01', 'X1875Y350'));
      expect(coordinates(tree)).toEqual([[1.875, 0.35]]);
    }
  });

  it('reads a KiCad FORMAT comment: places, zeros, and units and notation as fallbacks', () => {
    const tree = parseDrill(
      lines(
        'M48',
        ';FORMAT={3:3/ absolute / metric / suppress trailing zeros}',
        'T1C0.8',
        '%',
        'T1',
        'X0125Y01',
      ),
    );
    expect(nodesOf(tree, 'units').map((node) => node.units)).toEqual(['mm']);
    expect(nodesOf(tree, 'notation').map((node) => node.notation)).toEqual(['A']);
    expect(coordinates(tree)).toEqual([[12.5, 10]]);
    expect(warningCodes(tree)).toEqual([['trailing-zero-suppression', 2]]);
  });

  it('needs no format for decimal coordinates (KiCad decimal files)', () => {
    const tree = parseDrill(
      lines(
        'M48',
        '; FORMAT={-:-/ absolute / metric / decimal}',
        'FMAT,2',
        'METRIC',
        'T1C0.400',
        '%',
        'G90',
        'G05',
        'T1',
        'X0.909Y66.137',
        'X-1.5Y+2',
        'T0',
        'M30',
      ),
    );
    expect(coordinates(tree)).toEqual([
      [0.909, 66.137],
      [-1.5, 2],
    ]);
    expect(nodesOf(tree, 'format')).toEqual([]);
    expect(tree.warnings).toEqual([]);
  });

  it('reads a Mentor Format comment', () => {
    const tree = parseDrill(
      lines(
        '; Format  : 3.3 / Absolute / MM / Leading',
        'M48',
        'T03C0.8',
        '%',
        'T03',
        'X2550Y80000',
      ),
    );
    expect(coordinates(tree)).toEqual([[2.55, 80]]);
    expect(warningCodes(tree)).toEqual([]);
  });

  it('detects trailing zero suppression from kept leading zeros and converts the held lines', () => {
    const tree = parseDrill(
      lines('M48', 'M71', 'T1C0.5', '%', 'G90', 'T1', 'X126467Y128118', 'X1397Y095885', 'X14017'),
    );
    expect(coordinates(tree)).toEqual([
      [126.467, 128.118],
      [139.7, 95.885],
      [140.17, undefined],
    ]);
    expect(format(tree)).toMatchObject({
      zero: 'T',
      places: [3, 3],
      zeroSource: 'detected',
      line: 7,
    });
    expect(tree.warnings).toEqual([
      {
        code: 'zero-suppression-missing',
        line: 7,
        message:
          'zero suppression missing, so trailing zero suppression is assumed (the coordinates keep leading zeros)',
      },
      {
        code: 'places-missing',
        line: 7,
        message: 'places missing, so [3,3] is assumed for metric drill files',
      },
    ]);
  });

  it('detects leading zero suppression from kept trailing zeros (8bit-mixtape style)', () => {
    const tree = parseDrill(
      lines('M48', 'M72', 'T01C0.0197', '%', 'T01', 'X7003Y2682', 'X11403Y4082', 'X18490Y13986'),
    );
    expect(coordinates(tree)).toEqual([
      [0.7003, 0.2682],
      [1.1403, 0.4082],
      [1.849, 1.3986],
    ]);
    expect(format(tree)).toMatchObject({ zero: 'L', zeroSource: 'detected' });
  });

  it('assumes leading zero suppression when nothing tells, with the SPEC warning', () => {
    const tree = parseDrill(lines('M48', 'INCH', 'T1C0.03', '%', 'G90', 'T1', 'X1234Y5678'));
    expect(coordinates(tree)).toEqual([[0.1234, 0.5678]]);
    expect(tree.warnings).toContainEqual({
      code: 'zero-suppression-missing',
      line: 7,
      message: 'zero suppression missing, so leading zero suppression is assumed',
    });
    expect(format(tree)).toMatchObject({ zero: 'L', zeroSource: 'assumed' });
  });

  it(`holds at most ${DRILL_STASH_LIMIT} lines back before assuming the format`, () => {
    const undecided = Array.from({ length: DRILL_STASH_LIMIT }, () => 'X1234Y5678');
    const atLimit = parseDrill(
      lines('M48', 'INCH', 'T1C0.03', '%', 'G90', 'T1', ...undecided, 'X0125Y0125'),
    );
    const converted = coordinates(atLimit);
    expect(converted[0]).toEqual([0.1234, 0.5678]);
    // The format was assumed before the telling line, which is read the same way.
    expect(converted.at(-1)).toEqual([0.0125, 0.0125]);
    expect(format(atLimit)).toMatchObject({ zeroSource: 'assumed' });

    const belowLimit = parseDrill(
      lines('M48', 'INCH', 'T1C0.03', '%', 'G90', 'T1', ...undecided.slice(1), 'X0125Y0125'),
    );
    expect(coordinates(belowLimit)[0]).toEqual([12.34, 56.78]);
    expect(coordinates(belowLimit).at(-1)).toEqual([1.25, 1.25]);
    expect(format(belowLimit)).toMatchObject({ zero: 'T', zeroSource: 'detected' });
  });

  it('reads plus signs and spaces between words', () => {
    const tree = parseDrill(
      lines('M48', 'INCH,LZ', 'T1C0.05', '%', 'T1', 'X+026814Y+011188', 'X-001000 Y030000'),
    );
    expect(coordinates(tree)).toEqual([
      [2.6814, 1.1188],
      [-0.1, 3],
    ]);
  });
});

describe('parseDrill: notation', () => {
  it('reads G90, G91 and ICI, and warns when nothing sets it', () => {
    const set = parseDrill(lines('M48', 'INCH', 'ICI,ON', 'T1C0.03', '%', 'G90', 'T1', 'X1.0Y1.0'));
    expect(nodesOf(set, 'notation').map((node) => [node.notation, node.line])).toEqual([
      ['I', 3],
      ['A', 6],
    ]);
    const missing = parseDrill(lines('M48', 'INCH', 'T1C0.03', '%', 'T1', 'X1.0Y1.0'));
    expect(missing.warnings).toEqual([
      {
        code: 'notation-missing',
        line: 6,
        message: 'notation not set, so the backup notation (absolute) is used',
      },
    ]);
    expect(nodesOf(missing, 'notation')).toEqual([{ type: 'notation', line: 6, notation: 'A' }]);
  });
});

describe('parseDrill: tools and plating', () => {
  it('defines tools in the header and selects them in the body; T0 unloads', () => {
    const tree = parseDrill(lines('M48', 'INCH', 'T1F00S00C0.0280', 'T02C.5', '%', 'T01', 'T0'));
    expect(nodesOf(tree, 'toolDefinition').map((node) => [node.code, node.diameter])).toEqual([
      [1, 0.028],
      [2, 0.5],
    ]);
    expect(nodesOf(tree, 'toolChange').map((node) => node.code)).toEqual([1, 0]);
  });

  it('defines and selects a tool in one block in files without a header (OrCAD .tap)', () => {
    const tree = parseDrill(
      lines('%', 'T1C0.028F200S100', 'X002250Y002300', 'T2C0.034F200S100', 'X010000Y002200', 'M30'),
    );
    expect(tree.nodes.map((node) => node.type)).toEqual([
      'units',
      'toolDefinition',
      'toolChange',
      'notation',
      'format',
      'coordinate',
      'toolDefinition',
      'toolChange',
      'coordinate',
      'end',
    ]);
    expect(coordinates(tree)).toEqual([
      [0.225, 0.23],
      [1, 0.22],
    ]);
  });

  it('takes tool sizes and plating from Allegro Holesize comments', () => {
    const holesize = [
      ';T01 Holesize 1. = 8.000000 Tolerance = +3.000000/-3.000000 PLATED MILS Quantity = 1873',
      ';T10 Holesize 10. = 20.000000 Tolerance = +5.000000/-5.000000 NON_PLATED MILS Quantity = 8',
      ';T11 Holesize 11. = 0.5 Tolerance = +0/-0 PLATED MM Quantity = 1',
    ];
    const inch = parseDrill(lines(...holesize, '%', 'G90', 'T01', 'X00130500Y00184500', 'M30'), {
      places: [3, 5],
      units: 'in',
      zero: 'L',
    });
    expect(
      nodesOf(inch, 'toolDefinition').map((node) => [node.code, node.diameter, node.plated]),
    ).toEqual([
      [1, 0.008, true],
      [10, 0.02, false],
      [11, 0.5 / 25.4, true],
    ]);
    expect(coordinates(inch)).toEqual([[1.305, 1.845]]);
    expect(inch.warnings).toEqual([]);
    const metric = parseDrill(lines(...holesize), { units: 'mm' });
    expect(nodesOf(metric, 'toolDefinition')[0]?.diameter).toBeCloseTo(0.2032, 10);
  });

  it('reads plating from TYPE sections, X2 file functions and X2 tool attributes', () => {
    const tree = parseDrill(
      lines(
        'M48',
        '; #@! TF.FileFunction,Plated,1,4,PTH',
        'METRIC',
        '; #@! TA.AperFunction,NonPlated,NPTH,ComponentDrill',
        'T1C0.6',
        'T2C0.7',
        ';TYPE=PLATED',
        'T3C0.8',
        '%',
      ),
    );
    expect(nodesOf(tree, 'plating').map((node) => [node.scope, node.plated, node.line])).toEqual([
      ['file', true, 2],
      ['section', true, 7],
    ]);
    expect(nodesOf(tree, 'toolDefinition').map((node) => node.plated)).toEqual([false, null, null]);
  });

  it('ignores a definition with an invalid diameter, with a warning', () => {
    const tree = parseDrill(lines('M48', 'INCH', 'T1C0', '%'));
    expect(nodesOf(tree, 'toolDefinition')).toEqual([]);
    expect(warningCodes(tree)).toEqual([['invalid-value', 3]]);
  });
});

describe('parseDrill: holes, slots and routing', () => {
  it('reads repeat codes with their steps', () => {
    const tree = parseDrill(
      lines(
        'M48',
        'METRIC,TZ',
        'T01C0.500',
        '%',
        'G90',
        'T01',
        'X5000Y5000',
        'R07X5000',
        'R3Y-1.5',
      ),
    );
    expect(nodesOf(tree, 'repeat').map((node) => [node.count, node.dx, node.dy])).toEqual([
      [7, 5, 0],
      [3, 0, -1.5],
    ]);
  });

  it('reads a G85 slot with both ends on one line', () => {
    const tree = parseDrill(
      lines('M48', 'INCH', 'T4C0.05', 'G05', 'T4', 'X2.0872Y0.6494G85X2.1463Y0.6494', 'M30'),
    );
    expect(nodesOf(tree, 'slot')).toEqual([
      { type: 'slot', line: 6, x1: 2.0872, y1: 0.6494, x2: 2.1463, y2: 0.6494 },
    ]);
  });

  it('reads rout mode: G00 moves, M15 lowers the tool, G01 routs, M16/M17 raise it', () => {
    const tree = parseDrill(
      lines(
        'M48',
        'METRIC',
        'T5C0.6',
        '%',
        'G90',
        'T5',
        'G00X3.626Y15.508',
        'M15',
        'G01X3.026Y15.508',
        'Y16.0',
        'M16',
        'M17',
        'G05',
      ),
    );
    expect(tree.nodes.filter((node) => node.line >= 7).map((node) => node.type)).toEqual([
      'mode',
      'coordinate',
      'routTool',
      'mode',
      'coordinate',
      'coordinate',
      'routTool',
      'routTool',
      'mode',
    ]);
    expect(nodesOf(tree, 'mode').map((node) => node.mode)).toEqual(['move', 'linear', 'drill']);
    expect(nodesOf(tree, 'routTool').map((node) => node.down)).toEqual([true, false, false]);
  });

  it('reads arcs given by a radius (A) or a centre (I, J)', () => {
    const tree = parseDrill(
      lines(
        'M48',
        'INCH,TZ',
        'T1C0.25',
        '%',
        'G90',
        'T1',
        'G00X0Y0',
        'G02X2500Y2500A2500',
        'G03X12500Y5000I0J2500',
      ),
    );
    const arcs = nodesOf(tree, 'coordinate').slice(1) as DrillCoordinateNode[];
    expect(arcs.map((node) => [node.x, node.y, node.i, node.j, node.radius])).toEqual([
      [0.25, 0.25, undefined, undefined, 0.25],
      [1.25, 0.5, 0, 0.25, undefined],
    ]);
    expect(nodesOf(tree, 'mode').map((node) => node.mode)).toEqual([
      'move',
      'clockwise',
      'counterclockwise',
    ]);
  });

  it('reads G93 as a zero set, not a hole', () => {
    const tree = parseDrill(lines('M48', 'M71', 'T01C.5', '%', 'G93X0Y0', 'T01', 'X1.0Y2.0'));
    expect(nodesOf(tree, 'zeroSet')).toEqual([{ type: 'zeroSet', line: 5, x: 0, y: 0 }]);
    expect(coordinates(tree)).toEqual([[1, 2]]);
  });

  it('reads pattern commands M25, M01, M02 with an offset and M08', () => {
    const tree = parseDrill(
      lines('M48', 'INCH', 'T1C0.03', '%', 'T1', 'M25', 'X1.0Y1.0', 'M01', 'M02X0.5Y0', 'M08'),
    );
    expect(nodesOf(tree, 'pattern').map((node) => [node.command, node.x, node.y])).toEqual([
      ['begin', undefined, undefined],
      ['end', undefined, undefined],
      ['repeat', 0.5, 0],
      ['finish', undefined, undefined],
    ]);
  });
});

describe('parseDrill: what it ignores', () => {
  it('ignores header and machine commands without a warning', () => {
    const tree = parseDrill(
      lines(
        'M48',
        'FMAT,2',
        'VER,1',
        'ICI,OFF',
        'DETECT,ON',
        'ATC,ON',
        'TCST,OFF',
        'INCH',
        'R,T',
        'RUT',
        'G40',
        'F200S65',
        'M47,TEXT',
        'N10T1C0.03',
        '%',
        'M30',
      ),
    );
    expect(tree.warnings).toEqual([]);
    expect(nodesOf(tree, 'toolDefinition')).toHaveLength(1);
  });

  it('warns about an unrecognised block with its line and goes on', () => {
    const tree = parseDrill(
      lines('M48', 'INCH', 'T1C0.03', '%', 'T1', 'Q123', 'G87X1.0', 'X1.0Y1.0', 'M30'),
    );
    expect(tree.warnings).toEqual([
      { code: 'unrecognised-block', line: 6, message: "unrecognised block 'Q123' ignored" },
      { code: 'unrecognised-block', line: 7, message: "unrecognised block 'G87X1.0' ignored" },
      {
        code: 'notation-missing',
        line: 8,
        message: 'notation not set, so the backup notation (absolute) is used',
      },
    ]);
    expect(coordinates(tree)).toEqual([[1, 1]]);
  });

  it('stops at M30 and warns once about commands after it', () => {
    const tree = parseDrill('M48\nINCH\n%\nM30\n\nT1\nX1.0Y1.0\n');
    expect(tree.nodes.at(-1)).toEqual({ type: 'end', line: 4 });
    expect(tree.warnings).toEqual([
      {
        code: 'after-end',
        line: 6,
        message: 'commands after the end of the program (M30) ignored',
      },
    ]);
  });

  it('counts CR LF and lone CR line breaks as one line each', () => {
    const tree = parseDrill('M48\r\nINCH,TZ\r\nT13C0.05\r%\r\nT13\nX01Y03\rBAD\r\nM30\r');
    expect(nodesOf(tree, 'toolDefinition')[0]?.line).toBe(3);
    expect(coordinates(tree)).toEqual([[0.0001, 0.0003]]);
    expect(tree.warnings.find((w) => w.code === 'unrecognised-block')?.line).toBe(7);
    expect(tree.nodes.at(-1)).toEqual({ type: 'end', line: 8 });
  });
});
