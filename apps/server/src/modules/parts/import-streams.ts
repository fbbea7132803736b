import fs from 'node:fs';
import readline from 'node:readline';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import Papa from 'papaparse';

// The ways `npm run parts:import` reads a file without holding it: line by line, CSV row by row,
// and the objects of a top-level JSON array one at a time. Each yields what it read with its
// line number, so a refused record can be found in the file.

/** The file's text, gunzipped when it ends in `.gz`. */
export function openText(file: string): Readable {
  const stream = fs.createReadStream(file);
  return file.endsWith('.gz') ? stream.pipe(zlib.createGunzip()) : stream;
}

/** The lines of a text file, numbered from 1. */
export async function* numberedLines(file: string): AsyncGenerator<[line: string, number: number]> {
  const lines = readline.createInterface({ input: openText(file), crlfDelay: Infinity });
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber += 1;
    yield [line, lineNumber];
  }
}

/**
 * The rows of a CSV file as objects by header name, with the line each row starts on (the
 * header is line 1; a quoted field holding line breaks moves the rows after it down).
 */
export async function* csvRows(
  file: string,
): AsyncGenerator<[row: Record<string, string>, line: number]> {
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header: string) => header.replace(/^\uFEFF/, '').trim(),
  });
  openText(file).pipe(parser);
  let line = 1;
  for await (const row of parser as AsyncIterable<Record<string, string>>) {
    line += 1;
    for (const value of Object.values(row)) {
      if (typeof value === 'string' && value.includes('\n')) line += value.split('\n').length - 1;
    }
    yield [row, line];
  }
}

/** The first line of a text file (the header of a CSV), without its byte order mark. */
export async function firstLine(file: string): Promise<string> {
  for await (const [line] of numberedLines(file)) return line.replace(/^\uFEFF/, '');
  return '';
}

/**
 * The elements of a top-level JSON array (an InvenTree export: `[{…}, {…}]`), parsed one at a
 * time, with the line each starts on. Strings and nesting are followed character by character,
 * so an element is cut out whole however it is laid out; memory holds one element at a time.
 */
export async function* jsonArrayElements(
  file: string,
): AsyncGenerator<[element: unknown, line: number] | [error: Error, line: number]> {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let line = 1;
  let started = false;
  /** The text of the element being read, from chunks before this one. */
  let pending = '';
  let elementLine = 1;
  const decoder = new TextDecoder();
  for await (const chunk of openText(file)) {
    const text = decoder.decode(chunk as Buffer, { stream: true });
    // Where the element being read starts in this chunk (0 when it began in an earlier one).
    let sliceStart = 0;
    for (let index = 0; index < text.length; index += 1) {
      const char = text[index]!;
      if (char === '\n') line += 1;
      if (inString) {
        if (escaped) escaped = false;
        else if (char === '\\') escaped = true;
        else if (char === '"') inString = false;
        continue;
      }
      if (char === '"') {
        inString = true;
      } else if (char === '[' || char === '{') {
        depth += 1;
        if (depth === 1 && char !== '[') throw new Error('not a JSON array of records');
        if (depth === 1) started = true;
        if (depth === 2) {
          sliceStart = index;
          pending = '';
          elementLine = line;
        }
      } else if (char === ']' || char === '}') {
        depth -= 1;
        if (depth === 1) {
          const body = pending + text.slice(sliceStart, index + 1);
          pending = '';
          try {
            yield [JSON.parse(body) as unknown, elementLine];
          } catch (error) {
            yield [error as Error, elementLine];
          }
        }
      }
    }
    if (depth >= 2) pending += text.slice(sliceStart);
  }
  if (!started) throw new Error('not a JSON array of records');
}
