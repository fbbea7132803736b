import { type FieldMessages, type TextFieldRule, textFields } from '@circuits/contracts';
import type { z } from 'zod';
import { validationFailed } from './errors.ts';

// Control characters (C0, DEL, C1) have no place in text a person typed: NUL cannot even be
// stored. Nor has half of a UTF-16 surrogate pair (JSON may write "\ud800" alone): it is no
// character at all and cannot be written as UTF-8 for the database. One check covers every text
// value of every request (JSON bodies and their keys, form fields, query strings, uploaded file
// names); fields the contracts mark multi-line may hold tabs and line breaks.

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** C0 controls, DEL and C1 controls; tabs and line breaks too unless the text is multi-line. */
function isForbidden(code: number, multiline: boolean): boolean {
  if (multiline && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN)) return false;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

type Found = { kind: 'control' | 'surrogate'; codePoint: string };

const codePoint = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

/** The first forbidden character of `text`, if any: a control or an unpaired surrogate. */
function forbiddenCharacter(text: string, multiline: boolean): Found | undefined {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (isForbidden(code, multiline)) return { kind: 'control', codePoint: codePoint(code) };
    if (isHighSurrogate(code)) {
      // A pair is one character: step over its second half.
      if (isLowSurrogate(text.charCodeAt(index + 1))) index += 1;
      else return { kind: 'surrogate', codePoint: codePoint(code) };
    } else if (isLowSurrogate(code)) {
      return { kind: 'surrogate', codePoint: codePoint(code) };
    }
  }
  return undefined;
}

/** "may not contain …" for what was found. */
function notAllowed(found: Found, multiline: boolean): string {
  if (found.kind === 'surrogate') {
    return `may not contain unpaired surrogate characters (found ${found.codePoint})`;
  }
  const allowed = multiline ? ' other than tabs and line breaks' : '';
  return `may not contain control characters${allowed} (found ${found.codePoint})`;
}

/** The message for a file name holding a control character, if it does. */
export function fileNameProblem(name: string): string | undefined {
  const found = forbiddenCharacter(name, false);
  return found ? `The file name ${JSON.stringify(name)} ${notAllowed(found, false)}` : undefined;
}

type SchemaDefinition = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
};

const definitionOf = (schema: z.ZodType) =>
  (schema as unknown as { _zod: { def: SchemaDefinition } })._zod.def;

const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'nonoptional',
  'readonly',
  'catch',
  'success',
]);

/**
 * The schema that describes a parsed value, through optional/default/pipe layers, with the text
 * rule registered on any of them. A pipe ending in a transform describes its output by its input.
 */
function unwrap(schema: z.ZodType): { schema: z.ZodType; rule: TextFieldRule } {
  let current = schema;
  let rule: TextFieldRule = {};
  for (;;) {
    rule = { ...textFields.get(current), ...rule };
    const definition = definitionOf(current);
    if (WRAPPERS.has(definition.type) && definition.innerType) {
      current = definition.innerType;
    } else if (definition.type === 'pipe' && definition.in && definition.out) {
      current = definitionOf(definition.out).type === 'transform' ? definition.in : definition.out;
    } else {
      return { schema: current, rule };
    }
  }
}

function childSchema(schema: z.ZodType | undefined, key: string | number): z.ZodType | undefined {
  if (!schema) return undefined;
  const definition = definitionOf(schema);
  switch (definition.type) {
    case 'object':
      return typeof key === 'string' ? definition.shape?.[key] : undefined;
    case 'array':
      return definition.element;
    case 'record':
      return definition.valueType;
    case 'tuple':
      return typeof key === 'number'
        ? (definition.items?.[key] ?? definition.rest ?? undefined)
        : undefined;
    default:
      return undefined;
  }
}

function collect(
  schema: z.ZodType | undefined,
  value: unknown,
  path: readonly (string | number)[],
  problems: FieldMessages,
): void {
  const described = schema ? unwrap(schema) : undefined;
  if (typeof value === 'string') {
    if (described?.rule.opaque) return;
    const multiline = described?.rule.multiline ?? false;
    const found = forbiddenCharacter(value, multiline);
    if (!found) return;
    const field = path.join('.') || 'value';
    const label = described?.rule.label ?? field;
    problems[field] ??= `${label} ${notAllowed(found, multiline)}`;
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      collect(childSchema(described?.schema, index), item, [...path, index], problems);
    });
    return;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      // Keys are stored too (records such as a price book's materials).
      const badKey = forbiddenCharacter(key, false);
      if (badKey) {
        const field = [...path, key].join('.');
        problems[field] ??= `The name of ${field} ${notAllowed(badKey, false)}`;
        continue;
      }
      collect(childSchema(described?.schema, key), item, [...path, key], problems);
    }
  }
}

/**
 * Refuses (422, one message per field) control characters and unpaired surrogates in parsed
 * request values: every string in them (and every key) is checked, whatever its schema; the
 * schema only says which fields are multi-line and how they are labelled.
 */
export function refuseControlCharacters(
  parts: readonly { schema: z.ZodType | undefined; value: unknown }[],
): void {
  const problems: FieldMessages = {};
  for (const part of parts) collect(part.schema, part.value, [], problems);
  if (Object.keys(problems).length > 0) throw validationFailed(problems);
}
