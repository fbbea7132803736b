import type { InstantQuoteRequest } from '@circuits/contracts';

// "Order this board" before logging in: the dropped files and the chosen options wait in this
// browser (IndexedDB, which keeps files) while the visitor logs in or registers and confirms the
// email, so nothing is asked twice. Nothing is uploaded until the order is placed.

export type PendingOrder = {
  /** The board's name, from the dropped zip or files. */
  name: string;
  files: File[];
  request: InstantQuoteRequest;
};

const DATABASE = 'circuits-instant-quote';
const STORE = 'pending';
const KEY = 'order';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const database = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = work(database.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  } finally {
    database.close();
  }
}

export async function savePendingOrder(order: PendingOrder): Promise<void> {
  await run('readwrite', (store) => store.put(order, KEY));
}

/** The order waiting in this browser, or null (also when the browser keeps no storage). */
export async function readPendingOrder(): Promise<PendingOrder | null> {
  try {
    const order = await run<PendingOrder | undefined>('readonly', (store) => store.get(KEY));
    return order ?? null;
  } catch {
    return null;
  }
}

export async function clearPendingOrder(): Promise<void> {
  try {
    await run('readwrite', (store) => store.delete(KEY));
  } catch {
    // Nothing was kept.
  }
}
