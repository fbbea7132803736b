import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// happy-dom has no FontFaceSet; Mantine's autosizing textarea listens to it for font loads.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
