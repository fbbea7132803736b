import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateMacroExpression, parseMacroExpression } from './macro-expression.ts';

function evaluate(source: string, variables: Record<number, number> = {}): number {
  const parsed = parseMacroExpression(source);
  if (parsed.type === 'error') throw new Error(parsed.message);
  return evaluateMacroExpression(
    parsed.expression,
    new Map(Object.entries(variables).map(([k, v]) => [Number(k), v])),
  );
}

describe('macro expressions', () => {
  it('applies precedence, unary signs and parentheses', () => {
    expect(evaluate('1+2x3')).toBe(7);
    expect(evaluate('(1+2)X3')).toBe(9);
    expect(evaluate('-2x-3')).toBe(6);
    expect(evaluate('8/2/2')).toBe(2);
    expect(evaluate('10-4-3')).toBe(3);
    expect(evaluate('+.5')).toBe(0.5);
  });

  it('reads variables, unset ones as 0', () => {
    expect(evaluate('$1x0.75+$2', { 1: 2, 2: 0.5 })).toBe(2);
    expect(evaluate('$9+1')).toBe(1);
  });

  it('gives 0 for a division by zero instead of infinity', () => {
    expect(evaluate('1/0')).toBe(0);
  });

  it('gives a signed number the tree the full grammar gives it', () => {
    expect(parseMacroExpression('-0.0192')).toEqual({
      type: 'expression',
      expression: { type: 'negate', operand: { type: 'number', value: 0.0192 } },
    });
    // In parentheses the same number goes through the whole grammar.
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('0', '1', '7', '.', '-', '+'), { minLength: 1, maxLength: 8 }),
        (parts) => {
          const source = parts.join('');
          const alone = parseMacroExpression(source);
          const grouped = parseMacroExpression(`(${source})`);
          expect(alone.type).toBe(grouped.type);
          if (alone.type === 'expression') expect(alone).toEqual(grouped);
        },
      ),
      { seed: 20261125, numRuns: 2000 },
    );
  });

  it('reports syntax errors', () => {
    expect(parseMacroExpression('1+')).toEqual({ type: 'error', message: 'missing value' });
    expect(parseMacroExpression('(1+2')).toEqual({ type: 'error', message: "missing ')'" });
    expect(parseMacroExpression('2$')).toEqual({ type: 'error', message: "unexpected '$'" });
  });

  it('refuses expressions beyond the token limit instead of recursing without end', () => {
    const deep = `${'('.repeat(5000)}1${')'.repeat(5000)}`;
    expect(parseMacroExpression(deep)).toEqual({ type: 'error', message: 'expression too long' });
    expect(parseMacroExpression(Array(3000).fill('1').join('+')).type).toBe('error');
  });
});
