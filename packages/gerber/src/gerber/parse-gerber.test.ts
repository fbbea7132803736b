import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GerberError } from '../errors.ts';
import { parseGerber } from './parse-gerber.ts';
import type { GerberNode, OperationNode } from './syntax.ts';

function nodesOf<T extends GerberNode['type']>(
  nodes: GerberNode[],
  type: T,
): Extract<GerberNode, { type: T }>[] {
  return nodes.filter((node): node is Extract<GerberNode, { type: T }> => node.type === type);
}

function operations(text: string): OperationNode[] {
  return nodesOf(parseGerber(text).nodes, 'operation');
}

describe('parseGerber: coordinate format', () => {
  it('reads leading-zero-suppressed coordinates with the FS decimals', () => {
    const [op] = operations('%FSLAX24Y24*%\n%MOIN*%\nX12345Y-5D01*\nM02*');
    expect(op).toMatchObject({ operation: 'interpolate', x: 1.2345, y: -0.0005 });
  });

  it('pads trailing-zero-suppressed coordinates and warns that the form is deprecated', () => {
    const tree = parseGerber('%FSTAX24Y24*%\n%MOIN*%\nX12Y-5D02*\nM02*');
    expect(nodesOf(tree.nodes, 'operation')[0]).toMatchObject({ x: 12, y: -50 });
    expect(tree.warnings).toContainEqual({
      code: 'trailing-zero-suppression',
      line: 1,
      message: 'trailing zero suppression is deprecated',
    });
  });

  it('assumes leading zero suppression when FS does not say, with a warning', () => {
    const tree = parseGerber('%FSAX24Y24*%\nX100D03*\nM02*');
    expect(nodesOf(tree.nodes, 'operation')[0]).toMatchObject({ x: 0.01 });
    expect(tree.warnings.map((w) => w.code)).toContain('zero-suppression-missing');
  });

  it('reads numbers with a decimal point as they are, mixed with fixed-format ones', () => {
    const [op] = operations('%FSLAX21Y21*%\nX3.0Y10I1.5J10D01*\nM02*');
    expect(op).toMatchObject({ x: 3, y: 1, i: 1.5, j: 1 });
  });

  it('reads signs, long runs of leading zeros and signs without digits', () => {
    const tree = parseGerber(
      '%FSLAX24Y24*%\nX+12345Y-00000000000000012345D01*\nX000000000000000000000012Y1D01*\nX-Y5D01*\nM02*',
    );
    const [first, second, third] = nodesOf(tree.nodes, 'operation');
    expect(first).toMatchObject({ x: 1.2345, y: -1.2345 });
    // Digits past the 20th are dropped, as for every number.
    expect(second).toMatchObject({ x: 0, y: 0.0001 });
    expect(third?.x).toBeUndefined();
    expect(third?.y).toBe(0.0005);
    expect(tree.warnings).toContainEqual({
      code: 'invalid-value',
      line: 4,
      message: 'bad X coordinate ignored',
    });
  });

  it('keeps missing coordinates undefined so that they stay modal', () => {
    const [op] = operations('%FSLAX24Y24*%\nY100D01*\nM02*');
    expect(op?.x).toBeUndefined();
    expect(op?.y).toBeCloseTo(0.01);
  });

  it('assumes a [2,4] format when FS is missing, with a warning on the first coordinate', () => {
    const tree = parseGerber('G04 no format*\n%MOIN*%\nX10000Y20000D03*\nM02*');
    expect(nodesOf(tree.nodes, 'operation')[0]).toMatchObject({ x: 1, y: 2 });
    expect(tree.warnings).toContainEqual(
      expect.objectContaining({ code: 'places-missing', line: 3 }),
    );
  });

  it('lets the options override places and zero suppression', () => {
    const tree = parseGerber('%FSLAX24Y24*%\nX123D03*\nM02*', { places: [3, 3], zero: 'T' });
    expect(nodesOf(tree.nodes, 'operation')[0]?.x).toBe(123);
  });

  it('tolerates the N sequence number digits in FS and N codes in blocks', () => {
    const [op] = operations('%FSLAN2X34Y34*%\nN10X10000Y20000D03*\nM02*');
    expect(op).toMatchObject({ x: 1, y: 2, operation: 'flash' });
  });
});

describe('parseGerber: D codes', () => {
  it('reads the operation codes with and without leading zeros, and aperture codes after them', () => {
    const tree = parseGerber(
      '%FSLAX24Y24*%\nX1D01*X2D1*X3D0002*X4D03*D010*D10*X5D02*X6D0*X7D011*M02*',
    );
    expect(nodesOf(tree.nodes, 'operation').map((op) => [op.x, op.operation])).toEqual([
      [0.0001, 'interpolate'],
      [0.0002, 'interpolate'],
      [0.0003, 'move'],
      [0.0004, 'flash'],
      [0.0005, 'move'],
      [0.0006, null],
      [0.0007, null],
    ]);
    expect(nodesOf(tree.nodes, 'selectAperture').map((node) => node.code)).toEqual([10, 10, 11]);
    expect(tree.warnings.map((w) => w.message)).toContain("unrecognised block 'X6D0' ignored");
  });
});

describe('parseGerber: commands', () => {
  it('reads several commands in one extended block, as Allegro writes them', () => {
    const tree = parseGerber('%FSLAX45Y45*MOIN*%\n%IR0*IPPOS*OFA0.0B0.0*MIA0B0*SFA1B1*%\nM02*');
    expect(tree.nodes.map((node) => node.type)).toEqual([
      'format',
      'notation',
      'units',
      'imageRotation',
      'imagePolarity',
      'offset',
      'mirrorImage',
      'scaleFactor',
      'end',
    ]);
    expect(tree.warnings).toEqual([]);
  });

  it('reads the standard apertures with their holes', () => {
    const tree = parseGerber(
      [
        '%FSLAX24Y24*%',
        '%ADD10C,0.05*%',
        '%ADD11C,0.075X0.05*%',
        '%ADD12R,0.1X0.2X0.03*%',
        '%ADD13O,0.1X0.2*%',
        '%ADD14P,0.1X6X30X0.02*%',
        'M02*',
      ].join('\n'),
    );
    expect(
      nodesOf(tree.nodes, 'apertureDefinition').map((node) => [node.code, node.template]),
    ).toEqual([
      [10, { type: 'circle', diameter: 0.05, hole: null }],
      [11, { type: 'circle', diameter: 0.075, hole: { type: 'circle', diameter: 0.05 } }],
      [
        12,
        { type: 'rectangle', width: 0.1, height: 0.2, hole: { type: 'circle', diameter: 0.03 } },
      ],
      [13, { type: 'obround', width: 0.1, height: 0.2, hole: null }],
      [
        14,
        {
          type: 'polygon',
          diameter: 0.1,
          vertices: 6,
          rotation: 30,
          hole: { type: 'circle', diameter: 0.02 },
        },
      ],
    ]);
  });

  it.each([
    'ADD10C,0.05',
    'ADD11R,0.1X0.2X0.03',
    'ADD12P,0.1X6X30',
    'ADD13C,.5x1.',
    'ADD14 O ,0.1X0.2',
    'ADD15THERM,1.0X0.1X-2',
    'ADD16C',
    'ADD17C,',
    'ADD18C,1X2X3X4',
    'ADD19C,abc',
    'ADD20C,1e1',
    'ADD21R,-1X2',
    'ADD5C,0.1',
    'ADDC,0.1',
    'AD',
  ])('reads %s the same whether it stands on one line or is broken over several', (command) => {
    const read = (text: string) => {
      const tree = parseGerber(`%FSLAX24Y24*%\n%MOMM*%\n${text}\nM02*`);
      return { nodes: nodesOf(tree.nodes, 'apertureDefinition'), warnings: tree.warnings };
    };
    const broken = `%${command.slice(0, 3)}\r\n${command.slice(3)}\n*%`;
    expect(read(`%${command}*%`)).toEqual(read(broken));
  });

  it('reads aperture parameters as Number reads each X-separated field', () => {
    const pieces = ['0', '1', '5', '9', '.', '-', '+', 'e', 'X', 'x', ' ', '12345678901234567'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 14 }), (parts) => {
        const fields = parts.join('');
        const tree = parseGerber(`%FSLAX24Y24*%\n%ADD10MACRO,${fields}*%\nM02*`);
        const [definition] = nodesOf(tree.nodes, 'apertureDefinition');
        // White space at the end of a block is not part of it.
        const field = fields.trimEnd();
        const expected = field === '' ? [] : field.split(/[Xx]/).map(Number);
        if (expected.every(Number.isFinite)) {
          expect(definition?.template).toEqual({ type: 'macro', name: 'MACRO', params: expected });
        } else {
          expect(definition).toBeUndefined();
          expect(tree.warnings.map((w) => w.message)).toContain(
            'bad parameters in aperture D10 ignored',
          );
        }
      }),
      { seed: 20261125, numRuns: 3000 },
    );
  });

  it('reads macro definitions with comments, variables and expressions', () => {
    const tree = parseGerber(
      [
        '%FSLAX24Y24*%',
        '%AMTHERM*',
        '0 a comment, with a comma*',
        '$3=$1x0.5*',
        '1,1,$1,0,0*',
        '7,0,0,$1,$3,$2,45*%',
        '%ADD20THERM,1.0X0.1*%',
        'M02*',
      ].join('\n'),
    );
    const [macro] = nodesOf(tree.nodes, 'apertureMacro');
    expect(macro?.name).toBe('THERM');
    expect(macro?.line).toBe(2);
    expect(macro?.blocks.map((block) => [block.type, block.line])).toEqual([
      ['assignment', 4],
      ['primitive', 5],
      ['primitive', 6],
    ]);
    expect(nodesOf(tree.nodes, 'apertureDefinition')[0]?.template).toEqual({
      type: 'macro',
      name: 'THERM',
      params: [1, 0.1],
    });
  });

  it('reads G, D and M codes, also several in one data block', () => {
    const tree = parseGerber('%FSLAX24Y24*%\nG54D10*\nG01X100Y100D01*\nG75*G03X0Y0I50J0D01*\nM02*');
    expect(tree.nodes.map((node) => node.type)).toEqual([
      'format',
      'notation',
      'selectAperture',
      'interpolation',
      'operation',
      'quadrant',
      'interpolation',
      'operation',
      'end',
    ]);
  });

  it('reads polarity, transforms, step and repeat and block apertures', () => {
    const tree = parseGerber(
      '%FSLAX24Y24*%\n%LPC*%\n%LMXY*%\n%LR45*%\n%LS0.5*%\n%SRX3Y2I1.5J2*%\n%SR*%\n%ABD12*%\n%AB*%\nM02*',
    );
    expect(tree.nodes.slice(2, -1)).toEqual([
      { type: 'polarity', line: 2, polarity: 'clear' },
      { type: 'mirroring', line: 3, mirrorX: true, mirrorY: true },
      { type: 'rotation', line: 4, degrees: 45 },
      { type: 'scaling', line: 5, factor: 0.5 },
      { type: 'stepRepeat', line: 6, x: 3, y: 2, i: 1.5, j: 2 },
      { type: 'stepRepeatEnd', line: 7 },
      { type: 'blockBegin', line: 8, code: 12 },
      { type: 'blockEnd', line: 9 },
    ]);
  });

  it('keeps a % inside a comment in the comment', () => {
    const tree = parseGerber('%FSLAX24Y24*%\nG04 fill 100% of the pour*\nX1Y1D03*\nM02*');
    expect(nodesOf(tree.nodes, 'comment')[0]?.text).toBe('fill 100% of the pour');
    expect(nodesOf(tree.nodes, 'operation')).toHaveLength(1);
    expect(tree.warnings).toEqual([]);
  });

  it('reads X2 attributes, also the EAGLE form written inside comments', () => {
    const tree = parseGerber(
      [
        'G04 #@! %TF.FileFunction,Copper,L1,Top,Mixed*',
        'G04 #@! TA.AperFunction,SMDPad,CuDef*',
        '%TO.N,GND*%',
        '%TD*%',
        'M02*',
      ].join('\n'),
    );
    expect(nodesOf(tree.nodes, 'attribute')).toEqual([
      {
        type: 'attribute',
        line: 1,
        kind: 'file',
        name: '.FileFunction',
        values: ['Copper', 'L1', 'Top', 'Mixed'],
      },
      {
        type: 'attribute',
        line: 2,
        kind: 'aperture',
        name: '.AperFunction',
        values: ['SMDPad', 'CuDef'],
      },
      { type: 'attribute', line: 3, kind: 'object', name: '.N', values: ['GND'] },
      { type: 'attribute', line: 4, kind: 'delete', name: '', values: [] },
    ]);
  });

  it('reads the deprecated image parameters', () => {
    const tree = parseGerber(
      '%FSLAX24Y24*%\n%ASAYBX*%\n%IPNEG*%\n%IR90*%\n%OFA1B-2*%\n%IOA0.5*%\n%SFA2B1*%\n%MIA1B0*%\n%IJACB.5*%\n%KOCX-1Y-1I2J2*%\n%LNtop*%\n%RO45*%\nM02*',
    );
    expect(tree.nodes.slice(2, -1)).toEqual([
      { type: 'axisSelect', line: 2, swap: true },
      { type: 'imagePolarity', line: 3, polarity: 'negative' },
      { type: 'imageRotation', line: 4, degrees: 90 },
      { type: 'offset', line: 5, command: 'OF', a: 1, b: -2 },
      { type: 'offset', line: 6, command: 'IO', a: 0.5, b: 0 },
      { type: 'scaleFactor', line: 7, a: 2, b: 1 },
      { type: 'mirrorImage', line: 8, a: true, b: false },
      {
        type: 'imageJustify',
        line: 9,
        a: { type: 'centre' },
        b: { type: 'offset', value: 0.5 },
      },
      {
        type: 'knockout',
        line: 10,
        polarity: 'clear',
        box: { x: -1, y: -1, width: 2, height: 2 },
        border: null,
      },
      { type: 'name', line: 11, command: 'LN', name: 'top' },
      { type: 'layerRotation', line: 12, degrees: 45 },
    ]);
  });

  it('takes G70/G71 as units and G90/G91 as notation, with the options overriding both', () => {
    const plain = parseGerber('%FSLAX24Y24*%\nG70*\nG91*\nM02*');
    expect(nodesOf(plain.nodes, 'units').map((node) => node.units)).toEqual(['in']);
    expect(nodesOf(plain.nodes, 'notation').map((node) => node.notation)).toEqual(['A', 'I']);
    const forced = parseGerber('%FSLAX24Y24*%\nG70*\nG91*\nM02*', { units: 'mm', notation: 'A' });
    expect(nodesOf(forced.nodes, 'units').map((node) => node.units)).toEqual(['mm', 'mm']);
    expect(nodesOf(forced.nodes, 'notation').every((node) => node.notation === 'A')).toBe(true);
  });
});

describe('parseGerber: problems become warnings with line numbers', () => {
  it('warns about unrecognised blocks and goes on', () => {
    const tree = parseGerber('%FSLAX24Y24*%\n%XYZ123*%\nQ5*\nX1Y1D03*\nM02*');
    expect(tree.warnings).toEqual([
      { code: 'unrecognised-block', line: 2, message: "unrecognised block 'XYZ123' ignored" },
      { code: 'unrecognised-block', line: 3, message: "unrecognised block 'Q5' ignored" },
    ]);
    expect(nodesOf(tree.nodes, 'operation')).toHaveLength(1);
  });

  it('ignores everything after M02 with one warning', () => {
    const tree = parseGerber('%FSLAX24Y24*%\nX1Y1D03*\nM02*\n\nX2Y2D03*\nX3Y3D03*\n');
    expect(nodesOf(tree.nodes, 'operation')).toHaveLength(1);
    expect(tree.warnings).toEqual([
      { code: 'after-end', line: 5, message: 'commands after the end of file (M02) ignored' },
    ]);
  });

  it('warns about bad values instead of failing', () => {
    const tree = parseGerber('%FSLAX24Y24*%\n%ADD10C,abc*%\n%ADD11P,1X2*%\n%LPX*%\nXD03*\nM02*');
    expect(tree.warnings.map((w) => [w.code, w.line])).toEqual([
      ['invalid-value', 2],
      ['invalid-value', 3],
      ['invalid-value', 4],
      ['invalid-value', 5],
    ]);
  });

  it('caps the number of warnings it keeps', () => {
    const tree = parseGerber(`%FSLAX24Y24*%\n${'Q*\n'.repeat(5000)}M02*`);
    expect(tree.warnings.length).toBeLessThanOrEqual(1001);
    expect(tree.warnings.at(-1)?.message).toMatch(/more warnings were not listed/);
  });

  it('throws a typed error for invalid options', () => {
    expect(() => parseGerber('', { zero: 'X' } as never)).toThrow(GerberError);
  });
});
