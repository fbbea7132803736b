// Arithmetic of aperture macros: numbers, $n variables, unary signs, + - x / and parentheses,
// with x (or X) for multiplication and the usual precedence.

import { LIMITS } from '../constants.ts';
import type { MacroExpression } from './syntax.ts';

export type ExpressionResult =
  | { type: 'expression'; expression: MacroExpression }
  | { type: 'error'; message: string };

const PLUS = 43;
const MINUS = 45;
const TIMES_LOWER = 120;
const TIMES_UPPER = 88;
const DIVIDE = 47;
const OPEN = 40;
const CLOSE = 41;
const DOLLAR = 36;
const DOT = 46;
const ZERO = 48;
const NINE = 57;
const SPACE = 32;

class ExpressionSyntaxError extends Error {}

/**
 * A modifier that is only a number with an optional sign, as most are: the same tree as the full
 * parser gives, without it. Null for anything else.
 */
function plainNumber(source: string): ExpressionResult | null {
  const sign = source.charCodeAt(0);
  const start = sign === PLUS || sign === MINUS ? 1 : 0;
  if (start === source.length) return null;
  for (let pos = start; pos < source.length; pos++) {
    const c = source.charCodeAt(pos);
    if ((c < ZERO || c > NINE) && c !== DOT) return null;
  }
  const value = Number(start === 0 ? source : source.slice(start));
  if (Number.isNaN(value)) return null;
  const number: MacroExpression = { type: 'number', value };
  return {
    type: 'expression',
    expression: sign === MINUS ? { type: 'negate', operand: number } : number,
  };
}

/** Parses one macro modifier such as `1.08239X$1` or `-($2+0.5)/2`. */
export function parseMacroExpression(source: string): ExpressionResult {
  const plain = plainNumber(source);
  if (plain) return plain;
  let pos = 0;
  let tokens = 0;

  const skipSpaces = (): void => {
    while (pos < source.length && source.charCodeAt(pos) <= SPACE) pos++;
  };
  const fail = (message: string): never => {
    throw new ExpressionSyntaxError(message);
  };
  const countToken = (): void => {
    tokens++;
    if (tokens > LIMITS.maxExpressionTokens) fail('expression too long');
  };

  const readNumber = (): number => {
    const start = pos;
    while (pos < source.length) {
      const c = source.charCodeAt(pos);
      if ((c >= ZERO && c <= NINE) || c === DOT) pos++;
      else break;
    }
    const value = Number(source.slice(start, pos));
    if (start === pos || Number.isNaN(value)) fail(`bad number '${source.slice(start, pos + 1)}'`);
    return value;
  };

  const factor = (): MacroExpression => {
    skipSpaces();
    countToken();
    const c = source.charCodeAt(pos);
    if (c === PLUS) {
      pos++;
      return factor();
    }
    if (c === MINUS) {
      pos++;
      return { type: 'negate', operand: factor() };
    }
    if (c === OPEN) {
      pos++;
      const inner = sum();
      skipSpaces();
      if (source.charCodeAt(pos) !== CLOSE) fail("missing ')'");
      pos++;
      return inner;
    }
    if (c === DOLLAR) {
      pos++;
      const start = pos;
      while (
        pos < source.length &&
        source.charCodeAt(pos) >= ZERO &&
        source.charCodeAt(pos) <= NINE
      )
        pos++;
      if (start === pos) fail("'$' without a variable number");
      return { type: 'variable', index: Number(source.slice(start, pos)) };
    }
    if ((c >= ZERO && c <= NINE) || c === DOT) return { type: 'number', value: readNumber() };
    return fail(pos < source.length ? `unexpected '${source[pos]}'` : 'missing value');
  };

  const product = (): MacroExpression => {
    let left = factor();
    for (;;) {
      skipSpaces();
      const c = source.charCodeAt(pos);
      if (c !== TIMES_LOWER && c !== TIMES_UPPER && c !== DIVIDE) return left;
      pos++;
      countToken();
      left = { type: 'binary', operator: c === DIVIDE ? '/' : 'x', left, right: factor() };
    }
  };

  function sum(): MacroExpression {
    let left = product();
    for (;;) {
      skipSpaces();
      const c = source.charCodeAt(pos);
      if (c !== PLUS && c !== MINUS) return left;
      pos++;
      countToken();
      left = { type: 'binary', operator: c === PLUS ? '+' : '-', left, right: product() };
    }
  }

  try {
    const expression = sum();
    skipSpaces();
    if (pos < source.length) fail(`unexpected '${source[pos]}'`);
    return { type: 'expression', expression };
  } catch (error) {
    if (error instanceof ExpressionSyntaxError) return { type: 'error', message: error.message };
    throw error;
  }
}

/** Evaluates an expression; variables not yet set count as 0. */
export function evaluateMacroExpression(
  expression: MacroExpression,
  variables: ReadonlyMap<number, number>,
): number {
  switch (expression.type) {
    case 'number':
      return expression.value;
    case 'variable':
      return variables.get(expression.index) ?? 0;
    case 'negate':
      return -evaluateMacroExpression(expression.operand, variables);
    case 'binary': {
      const left = evaluateMacroExpression(expression.left, variables);
      const right = evaluateMacroExpression(expression.right, variables);
      switch (expression.operator) {
        case '+':
          return left + right;
        case '-':
          return left - right;
        case 'x':
          return left * right;
        case '/':
          return right === 0 ? 0 : left / right;
      }
    }
  }
}
