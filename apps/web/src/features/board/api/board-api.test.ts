import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BoardRender } from '../lib/board-render.ts';
import { loadCachedRender } from './board-api.ts';

afterEach(() => vi.unstubAllGlobals());

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const FRAME = { viewBox: [0, -50, 80, 50], width: 80, height: 50, units: 'mm' };

/** A stored render as the server writes it, optionally with a preview of its top. */
function stored(preview: boolean) {
  return {
    widthMm: 80,
    lengthMm: 50,
    copperLayers: 4,
    warnings: [{ filename: null, message: 'no drill file: holes are not shown' }],
    ...(preview ? { topPreview: { src: PNG, ...FRAME } } : {}),
    top: { svg: '<svg id="top"/>', ...FRAME },
    bottom: { svg: '<svg id="bottom"/>', ...FRAME },
    layers: [{ filename: 'a.gbr', side: 'top', type: 'copper', rendered: null }],
  };
}

/** The render's JSON arriving in pieces of `size` bytes, a few milliseconds apart. */
function arriving(render: object, size: number): Response {
  const bytes = new TextEncoder().encode(JSON.stringify(render));
  let offset = 0;
  return new Response(
    new ReadableStream({
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (offset >= bytes.length) {
          controller.close();
          return;
        }
        controller.enqueue(bytes.slice(offset, offset + size));
        offset += size;
      },
    }),
  );
}

async function load(render: object) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => arriving(render, 64)),
  );
  const parts: BoardRender[] = [];
  const whole = await loadCachedRender('/storage/r', new AbortController().signal, (part) =>
    parts.push(part),
  );
  // The parts are given as their promises settle: let the last of them run.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { parts, whole };
}

describe('loadCachedRender', () => {
  it("shows a large board's preview in the top's frame first, then its sides, then the whole", async () => {
    const { parts, whole } = await load(stored(true));
    expect(parts).toHaveLength(2);
    const [preview, head] = parts;
    // Before the sides: their frame, no picture yet, and what the board measures.
    expect(preview!.top).toEqual({ svg: '', ...FRAME });
    expect(preview!.bottom.svg).toBe('');
    expect(preview!).toMatchObject({ widthMm: 80, lengthMm: 50, copperLayers: 4, layers: [] });
    expect(preview!.warnings).toEqual([
      { filename: null, line: null, message: 'no drill file: holes are not shown' },
    ]);
    expect(preview!.topPreview).toBe(PNG);
    // The sides, then the whole, keep the very preview shown: the viewer does not draw it again.
    expect(head!.top.svg).toBe('<svg id="top"/>');
    expect(head!.layers).toEqual([]);
    expect(head!.topPreview).toBe(preview!.topPreview);
    expect(whole!.layers).toHaveLength(1);
    expect(whole!.topPreview).toBe(preview!.topPreview);
  });

  it('shows the preview with the sides when they arrive together', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(stored(true)))),
    );
    const parts: BoardRender[] = [];
    await loadCachedRender('/storage/r', new AbortController().signal, (part) => parts.push(part));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Never the preview alone after the sides: that would take their pictures away.
    expect(parts.map((part) => [part.top.svg, part.topPreview])).toEqual([
      ['<svg id="top"/>', PNG],
    ]);
  });

  it('gives the sides first for a render without a preview', async () => {
    const { parts, whole } = await load(stored(false));
    expect(parts.map((part) => part.top.svg)).toEqual(['<svg id="top"/>']);
    expect(whole!.topPreview).toBeUndefined();
  });
});
