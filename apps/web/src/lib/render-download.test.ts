import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchRenderBody, MemberFinder, readRender } from './render-download.ts';

afterEach(() => vi.unstubAllGlobals());

const RENDER = {
  widthMm: 10,
  topPreview: { src: 'data:image/png;base64,AAAA', viewBox: [0, 0, 1, 1] },
  top: { svg: '<svg a="1">"layers":x\\</svg>', viewBox: [0, 0, 1, 1] },
  bottom: { svg: '<svg/>', note: { layers: [1] } },
  warnings: [{ filename: null, message: 'no drill file: holes are not shown' }],
  layers: [{ filename: 'a.gbr', rendered: { svg: '<svg/>' } }],
};

describe('MemberFinder', () => {
  it('finds the top-level layers member, not one nested or inside a string', () => {
    const text = JSON.stringify(RENDER);
    const comma = new MemberFinder('layers').find(text);
    expect(text.slice(comma, comma + 10)).toBe(',"layers":');
    const { layers: _, ...head } = RENDER;
    expect(JSON.parse(`${text.slice(0, comma)}}`)).toEqual(head);
  });

  it('finds it in text arriving piece by piece, wherever the pieces are cut', () => {
    const text = JSON.stringify(RENDER);
    const expected = new MemberFinder('layers').find(text);
    for (const size of [1, 2, 3, 7, 16]) {
      const finder = new MemberFinder('layers');
      let found = -1;
      for (let end = size; found < 0 && end < text.length + size; end += size) {
        found = finder.find(text.slice(0, end));
      }
      expect(found, `pieces of ${size}`).toBe(expected);
    }
  });

  it('finds the key it is given, and not the same word inside a member', () => {
    const text = JSON.stringify(RENDER);
    const comma = new MemberFinder('top').find(text);
    expect(JSON.parse(`${text.slice(0, comma)}}`)).toEqual({
      widthMm: 10,
      topPreview: RENDER.topPreview,
    });
    expect(new MemberFinder('top').find('{"top":{"top":1}}')).toBe(-1);
  });

  it('finds nothing in a render without layers', () => {
    expect(new MemberFinder('layers').find(JSON.stringify({ top: {}, warnings: [] }))).toBe(-1);
  });
});

describe('readRender', () => {
  function streamed(text: string, pieces: number): Response {
    const bytes = new TextEncoder().encode(text);
    const size = Math.ceil(bytes.length / pieces);
    let offset = 0;
    return new Response(
      new ReadableStream({
        pull(controller) {
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

  it('gives the members before the sides, the render without its layers, then the whole', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => streamed(JSON.stringify(RENDER), 5)),
    );
    const download = readRender(fetchRenderBody('/storage/r'));
    const { layers: _, ...head } = RENDER;
    expect(await download.opening).toEqual({ widthMm: 10, topPreview: RENDER.topPreview });
    expect(await download.head).toEqual(head);
    expect(await download.full).toEqual(RENDER);
  });

  it('gives the whole as the head when there are no layers, and null when it fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => streamed('{"top":{"svg":"<svg/>"}}', 3)),
    );
    const sidesFirst = readRender(fetchRenderBody('/storage/r'));
    expect(await sidesFirst.head).toEqual({ top: { svg: '<svg/>' } });
    // Sides first (a render stored before previews): nothing comes before them.
    expect(await sidesFirst.opening).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('gone', { status: 404 })),
    );
    const failed = readRender(fetchRenderBody('/storage/r'));
    expect(await failed.opening).toBeNull();
    expect(await failed.head).toBeNull();
    expect(await failed.full).toBeNull();
  });
});
