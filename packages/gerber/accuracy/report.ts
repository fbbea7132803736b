// Writes docs/accuracy.md from the measurements.

import { writeFileSync } from 'node:fs';
import { knownDifference, THRESHOLD_PERCENT } from './known-differences.ts';
import type { Measurement } from './measure.ts';

export function pictureName(board: string, name: string): string {
  return `${`${board}--${name}`.replace(/[^A-Za-z0-9._-]+/g, '_')}.png`;
}

export function writeReport(path: string, measurements: Measurement[]): void {
  const lines: string[] = [];
  const compared = measurements.filter((m) => m.type === 'compared');
  const within = compared.filter((m) => m.comparison.percent <= THRESHOLD_PERCENT);
  lines.push('# Rendering accuracy against gerbv', '');
  lines.push(
    `${within.length} of ${compared.length} compared Gerber layers are within ${THRESHOLD_PERCENT}%.`,
    '',
  );
  let board = '';
  for (const m of measurements) {
    if (m.layer.board !== board) {
      board = m.layer.board;
      lines.push('', `## ${board}`, '', '| file | disagreement | notes |', '| --- | ---: | --- |');
    }
    if (m.type === 'compared') {
      const known = knownDifference(m.layer);
      const note = known && m.comparison.percent > THRESHOLD_PERCENT ? known.reason : '';
      lines.push(`| ${m.layer.name} | ${m.comparison.percent.toFixed(2)}% | ${note} |`);
    } else if (m.type === 'empty') {
      lines.push(`| ${m.layer.name} | - | empty image |`);
    } else {
      lines.push(`| ${m.layer.name} | - | ${m.reason} |`);
    }
  }
  writeFileSync(path, `${lines.join('\n')}\n`);
}
