import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './chunk-load-error.ts';

describe('isChunkLoadError', () => {
  it('recognises failed script chunks in every browser', () => {
    expect(
      isChunkLoadError(
        new TypeError(
          'Failed to fetch dynamically imported module: http://localhost/assets/app/js/cabinet-x1.js',
        ),
      ),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 998 failed'))).toBe(true);
  });

  it('recognises failed stylesheet chunks', () => {
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/app/css/a.css'))).toBe(
      true,
    );
    const cssError = Object.assign(new Error('Loading CSS chunk 5 failed'), {
      code: 'CSS_CHUNK_LOAD_FAILED',
    });
    expect(isChunkLoadError(cssError)).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(
      isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')")),
    ).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
