/** Loads all of Mantine's styles (once); resolves when the stylesheet is applied. */
export function loadAppStyles(): Promise<unknown> {
  return import('./app-styles.ts');
}

/** A lazily loaded module that is shown with all of Mantine's styles in place. */
export function withAppStyles<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([loadAppStyles(), load()]).then(([, loaded]) => loaded);
}
