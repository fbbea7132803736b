import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from './config.ts';
import { configurationDoc } from './config-doc.ts';
import { CONFIG_REFERENCE } from './config-reference.ts';

const documented = CONFIG_REFERENCE.flatMap((group) => group.variables);
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The schema's own default of a variable, as text; undefined when it has none (optional). */
function schemaDefault(name: keyof typeof EnvSchema.shape): string | undefined {
  const def = (EnvSchema.shape[name] as { _zod: { def: { type: string; defaultValue?: unknown } } })
    ._zod.def;
  if (def.type !== 'default' && def.type !== 'prefault') return undefined;
  const value = typeof def.defaultValue === 'function' ? def.defaultValue() : def.defaultValue;
  return String(value);
}

describe('the configuration reference', () => {
  it('documents every variable the server reads, once, and nothing else', () => {
    const names = documented.map((variable) => variable.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(Object.keys(EnvSchema.shape).sort());
  });

  it('gives each default as the schema has it: a literal where there is one, else what unset means', () => {
    for (const variable of documented) {
      const value = schemaDefault(variable.name);
      if (value === undefined) {
        expect(variable.default, variable.name).toMatch(/^\(.+\)$/);
      } else if (value === '') {
        expect(variable.default, variable.name).toBe('(empty)');
      } else {
        expect(variable.default, variable.name).toBe(`\`${value}\``);
      }
    }
  });

  it('is the committed docs/configuration.md (npm run docs:config writes it)', () => {
    const committed = fs.readFileSync(path.join(repositoryRoot, 'docs/configuration.md'), 'utf8');
    expect(committed).toBe(configurationDoc());
  });
});

describe('the configuration page', () => {
  it('aligns its tables and wraps its paragraphs', () => {
    const page = configurationDoc([
      {
        title: 'Two words',
        about: ['word '.repeat(30).trim()],
        variables: [{ name: 'PORT', default: '`3000`', meaning: 'HTTP port …' }],
      },
    ]);
    expect(page).toContain('- [Two words](#two-words)');
    expect(page).toContain(`${'word '.repeat(20).trim()}\n${'word '.repeat(10).trim()}`);
    expect(page).toContain(
      [
        '| variable | default | meaning     |',
        '| -------- | ------- | ----------- |',
        '| `PORT`   | `3000`  | HTTP port … |',
      ].join('\n'),
    );
  });
});
