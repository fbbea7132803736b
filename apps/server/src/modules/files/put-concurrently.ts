// Stored objects are written a few at a time (S3 round trips overlap; disks are not flooded).
const PUT_CONCURRENCY = 4;

/** `work` on every item, at most PUT_CONCURRENCY at once; the results in the items' order. */
export async function mapConcurrently<T, R>(items: readonly T[], work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PUT_CONCURRENCY, items.length) }, worker));
  return results;
}
