import { SaxesParser } from 'saxes';

// What packages/gerber's renderer writes into a board render's SVG, and nothing more: a render a
// client stores must be made of these elements and attributes, with values of these forms. No
// script, event handler, style, foreign object, link or reference outside the SVG can pass.

const NUMBER = String.raw`[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?`;
const ID = '[A-Za-z_][A-Za-z0-9_.-]*';

const ELEMENTS = new Set(['svg', 'defs', 'g', 'path', 'use', 'mask', 'rect', 'clipPath']);

const number = new RegExp(`^${NUMBER}$`);
const length = new RegExp(`^${NUMBER}(?:mm|in|px|%)?$`);
const numberList = new RegExp(String.raw`^\s*${NUMBER}(?:[\s,]+${NUMBER})*\s*$`);
const paint = /^(?:none|currentColor|#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,30}|rgba?\([\d.,%\s]+\))$/;
const localUrl = new RegExp(String.raw`^url\(#${ID}\)$`);
const oneOf = (...values: string[]) => new RegExp(`^(?:${values.join('|')})$`);

/** Each attribute the renderer writes, with the form of its values. */
const ATTRIBUTES: ReadonlyMap<string, RegExp> = new Map([
  ['xmlns', /^http:\/\/www\.w3\.org\/2000\/svg$/],
  ['version', /^1\.1$/],
  ['viewBox', numberList],
  ['width', length],
  ['height', length],
  ['x', length],
  ['y', length],
  ['id', new RegExp(`^${ID}$`)],
  ['href', new RegExp(`^#${ID}$`)],
  ['d', /^[MmLlHhVvCcSsQqTtAaZz0-9eE.,+\-\s]*$/],
  ['transform', /^(?:\s*(?:matrix|translate|scale|rotate)\([-+\d.eE,\s]*\)\s*)+$/],
  ['fill', paint],
  ['stroke', paint],
  ['stroke-width', length],
  ['opacity', number],
  ['stroke-opacity', number],
  ['fill-opacity', number],
  ['stroke-linecap', oneOf('butt', 'round', 'square')],
  ['stroke-linejoin', oneOf('miter', 'round', 'bevel')],
  ['fill-rule', oneOf('nonzero', 'evenodd')],
  ['clip-rule', oneOf('nonzero', 'evenodd')],
  ['vector-effect', oneOf('none', 'non-scaling-stroke')],
  ['maskUnits', oneOf('userSpaceOnUse', 'objectBoundingBox')],
  ['mask', localUrl],
  ['clip-path', localUrl],
]);

class Refused extends Error {}

function shown(value: string): string {
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}

/**
 * Checks an SVG of a board render against what the renderer writes; answers what is wrong with
 * it (a sentence to follow "The SVG at top.svg"), or null when it passes.
 */
export function svgProblem(svg: string): string | null {
  const parser = new SaxesParser({ position: true });
  let depth = 0;
  parser.on('doctype', () => {
    throw new Refused('may not hold a document type declaration');
  });
  parser.on('processinginstruction', (instruction) => {
    throw new Refused(`may not hold processing instructions (<?${instruction.target}?>)`);
  });
  parser.on('comment', () => {
    throw new Refused('may not hold comments');
  });
  parser.on('cdata', () => {
    throw new Refused('may not hold CDATA sections');
  });
  parser.on('text', (text) => {
    if (text.trim() !== '') throw new Refused('may not hold text');
  });
  parser.on('opentag', (tag) => {
    if (depth === 0 && tag.name !== 'svg') throw new Refused('must be an <svg> element');
    if (!ELEMENTS.has(tag.name)) throw new Refused(`may not hold <${tag.name}> elements`);
    for (const [name, value] of Object.entries(tag.attributes)) {
      const form = ATTRIBUTES.get(name);
      if (!form) throw new Refused(`may not hold the ${name} attribute (on <${tag.name}>)`);
      if (!form.test(value as string)) {
        throw new Refused(`has an unexpected ${name} on <${tag.name}>: ${shown(value as string)}`);
      }
    }
    depth += 1;
  });
  parser.on('closetag', () => {
    depth -= 1;
  });
  parser.on('error', (error) => {
    throw new Refused(`is not well-formed XML (${error.message})`);
  });
  try {
    parser.write(svg).close();
  } catch (error) {
    if (error instanceof Refused) return error.message;
    throw error;
  }
  return null;
}

/**
 * Every SVG of a render (any string under a key named `svg`: the sides and each layer's), with
 * its place in the render, e.g. `layers.2.rendered.svg`.
 */
export function svgsOf(value: unknown, at = ''): { path: string; svg: string }[] {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => svgsOf(item, at ? `${at}.${index}` : String(index)));
  }
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const path = at ? `${at}.${key}` : key;
    return key === 'svg' && typeof item === 'string' ? [{ path, svg: item }] : svgsOf(item, path);
  });
}
