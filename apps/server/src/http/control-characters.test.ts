import { textFields } from '@circuits/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fileNameProblem, refuseControlCharacters } from './control-characters.ts';

function problems(schema: z.ZodType | undefined, value: unknown) {
  try {
    refuseControlCharacters([{ schema, value }]);
    return undefined;
  } catch (error) {
    return (error as { detail: unknown }).detail;
  }
}

describe('refuseControlCharacters', () => {
  const note = z.string().register(textFields, { label: 'Note', multiline: true });
  const schema = z.object({
    title: z.string().register(textFields, { label: 'Title' }).optional(),
    notes: note.nullish(),
    tags: z.array(z.object({ name: z.string() })).optional(),
    json: z
      .string()
      .transform((text) => JSON.parse(text) as unknown)
      .pipe(z.array(z.object({ key: z.string() }))),
  });

  it('passes clean text, and line breaks and tabs where they are multi-line', () => {
    expect(problems(schema, { title: 'Board', notes: 'a\r\n\tb', json: [] })).toBeUndefined();
  });

  it('names every field with a control character, by label or by path', () => {
    expect(
      problems(schema, {
        title: 'A\u0000',
        notes: 'fine\nbut\u001b',
        tags: [{ name: 'ok' }, { name: 'bad\u007f' }],
        json: [{ key: 'k\u0085' }],
      }),
    ).toEqual({
      title: 'Title may not contain control characters (found U+0000)',
      notes:
        'Note may not contain control characters other than tabs and line breaks (found U+001B)',
      'tags.1.name': 'tags.1.name may not contain control characters (found U+007F)',
      'json.0.key': 'json.0.key may not contain control characters (found U+0085)',
    });
  });

  it('checks text the schema does not describe, and leaves opaque values alone', () => {
    expect(problems(undefined, { anything: ['x\ny'] })).toEqual({
      'anything.0': 'anything.0 may not contain control characters (found U+000A)',
    });
    const opaque = z.object({ token: z.string().register(textFields, { opaque: true }) });
    expect(problems(opaque, { token: '\u0000' })).toBeUndefined();
  });

  it('refuses half of a surrogate pair anywhere, and keeps whole pairs (emoji, CJK extensions)', () => {
    expect(problems(schema, { title: 'Board 🔌 𠀀', notes: '😀\n', json: [] })).toBeUndefined();
    expect(
      problems(schema, {
        title: 'A\ud800',
        notes: '\udc00 first',
        tags: [{ name: 'end\ud83d' }],
        json: [{ key: '\ud83d\ud83d\ude00' }],
      }),
    ).toEqual({
      title: 'Title may not contain unpaired surrogate characters (found U+D800)',
      notes: 'Note may not contain unpaired surrogate characters (found U+DC00)',
      'tags.0.name': 'tags.0.name may not contain unpaired surrogate characters (found U+D83D)',
      'json.0.key': 'json.0.key may not contain unpaired surrogate characters (found U+D83D)',
    });
  });

  it('checks the keys of objects, which records store', () => {
    const record = z.object({ materials: z.record(z.string(), z.number()) });
    expect(problems(record, { materials: { FR4: 1, 'Rogers\ud800': 2 } })).toEqual({
      'materials.Rogers\ud800':
        'The name of materials.Rogers\ud800 may not contain unpaired surrogate characters (found U+D800)',
    });
    expect(problems(record, { materials: { 'A\u0001': 1 } })).toEqual({
      'materials.A\u0001':
        'The name of materials.A\u0001 may not contain control characters (found U+0001)',
    });
  });

  it('names file names with control characters', () => {
    expect(fileNameProblem('top.gbr')).toBeUndefined();
    expect(fileNameProblem('top\r.gbr')).toBe(
      'The file name "top\\r.gbr" may not contain control characters (found U+000D)',
    );
    expect(fileNameProblem('top\udfff.gbr')).toBe(
      'The file name "top\\udfff.gbr" may not contain unpaired surrogate characters (found U+DFFF)',
    );
  });
});
