import fs from 'node:fs';
import path from 'node:path';
import { orderStatesDiagram, paymentStatesDiagram } from '@circuits/domain';
import { describe, expect, it } from 'vitest';

// docs/order-states.md draws the state machines of packages/domain: the diagrams there must be
// the ones the tables make, so the page cannot drift from what the services enforce.

const DOC = path.resolve(import.meta.dirname, '../../../../../docs/order-states.md');

function mermaidBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```mermaid\n([\s\S]*?)\n```/g)].map((match) => match[1]!);
}

describe('docs/order-states.md', () => {
  it('draws the order and payment state machines exactly as the domain tables hold them', () => {
    const blocks = mermaidBlocks(fs.readFileSync(DOC, 'utf8'));
    expect(blocks, 'regenerate the diagrams with orderStatesDiagram()').toEqual([
      orderStatesDiagram(),
      paymentStatesDiagram(),
    ]);
  });
});
