import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// happy-dom has no FontFaceSet; Mantine's autosizing textarea listens to it for font loads.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

// Views are lazily loaded chunks: on a busy machine the first import of one can take longer than
// the one-second default of findBy/waitFor, which says nothing about the view itself.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
