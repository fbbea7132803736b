import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configurationDoc } from '../src/config-doc.ts';

// npm run docs:config: writes docs/configuration.md from the configuration reference.
const target = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../docs/configuration.md',
);
fs.writeFileSync(target, configurationDoc());
process.stdout.write(`wrote ${path.relative(process.cwd(), target)}\n`);
