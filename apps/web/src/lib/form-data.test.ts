import { describe, expect, it } from 'vitest';
import { toFormData } from './form-data.ts';

describe('toFormData', () => {
  it('sends text, numbers and booleans as text and leaves out empty fields', () => {
    const form = toFormData({
      name: 'Main board',
      assemblyId: 4,
      isUnzipFlag: false,
      partNumber: null,
      notes: undefined,
      job: '',
    });
    expect([...form.entries()]).toEqual([
      ['name', 'Main board'],
      ['assemblyId', '4'],
      ['isUnzipFlag', 'false'],
      ['job', ''],
    ]);
  });

  it('puts every file of a list under files[] and a single file under its name', () => {
    const a = new File(['G04*'], 'top.gtl');
    const b = new File(['M48'], 'drill.drl');
    const cover = new File(['png'], 'cover.png', { type: 'image/png' });
    const form = toFormData({ files: [a, b], cover });
    expect(form.getAll('files[]').map((file) => (file as File).name)).toEqual([
      'top.gtl',
      'drill.drl',
    ]);
    expect((form.get('cover') as File).name).toBe('cover.png');
  });
});
