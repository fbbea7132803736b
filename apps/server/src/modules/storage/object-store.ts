import type { Readable } from 'node:stream';

/** What to store: a file on local disk (staged uploads) or bytes in memory. */
export type ObjectSource =
  | { type: 'file'; path: string; size: number }
  | { type: 'bytes'; data: Uint8Array };

/** An object found by listing the store. */
export type ListedObject = { key: string; modifiedAt: Date };

/**
 * Where file contents live, by key. Keys are chosen by the server (random), never from a user's
 * file name; names and owners are kept in the database (stored_files).
 */
export type ObjectStore = {
  readonly kind: 'local' | 's3';
  put(key: string, source: ObjectSource, contentType: string): Promise<void>;
  /** The object's bytes, or undefined when there is no such object. */
  open(key: string): Promise<{ body: Readable; size: number } | undefined>;
  copy(fromKey: string, toKey: string): Promise<void>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every object, a page at a time (anything in the store that is not an object is left out). */
  list(): AsyncIterable<ListedObject[]>;
  /**
   * Removes what writes that never finished left behind (a crash mid-write) and that has not
   * changed since `before`; answers how many were removed.
   */
  removeUnfinished(before: Date): Promise<number>;
  /** Fails with a message naming the setting when the store cannot be reached or written. */
  check(): Promise<void>;
};

// Keys look like "3f/3fa9c0…": two hex digits of fan-out, then 32 random hex digits.
const KEY_PATTERN = /^[0-9a-f]{2}\/[0-9a-f]{32}$/;

export function isObjectKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}
