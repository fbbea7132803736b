import { CONFIG_REFERENCE, type ConfigGroup } from './config-reference.ts';

// docs/configuration.md, written from CONFIG_REFERENCE: paragraphs wrapped at 100 columns and
// tables aligned as the formatter (Biome) writes them, so the committed page passes the lint.

const WIDTH = 100;

function wrap(text: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) =>
    Math.max(3, ...rows.map((row) => [...row[column]!].length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column]! + cell.length - [...cell].length)).join(' | ')} |`;
  const [head, ...body] = rows;
  return [line(head!), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)].join(
    '\n',
  );
}

function section(group: ConfigGroup): string {
  const rows = group.variables.map((variable) => [
    `\`${variable.name}\``,
    variable.default,
    variable.meaning,
  ]);
  return [
    `## ${group.title}`,
    ...group.about.map(wrap),
    table([['variable', 'default', 'meaning'], ...rows]),
  ].join('\n\n');
}

export function configurationDoc(groups: ConfigGroup[] = CONFIG_REFERENCE): string {
  const intro = wrap(
    'Circuits is configured by environment variables, read once at start. Everything has a ' +
      'working default, so `npm start` needs none; a bad value stops the start with a message ' +
      'naming the variable. Durations are written `90s`, `30m`, `12h` or `7d`. This page is ' +
      'written from `apps/server/src/config-reference.ts` by `npm run docs:config`; a test keeps ' +
      'it equal to the variables the server reads.',
  );
  const contents = groups
    .map((group) => `- [${group.title}](#${group.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')})`)
    .join('\n');
  return `${['# Configuration', intro, contents, ...groups.map(section)].join('\n\n')}\n`;
}
