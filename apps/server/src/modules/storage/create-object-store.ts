import type { StorageConfig } from '../../config.ts';
import { createLocalObjectStore } from './local-object-store.ts';
import type { ObjectStore } from './object-store.ts';
import { createS3ObjectStore } from './s3-object-store.ts';

/** The store `S3_BUCKET` chooses: an S3-compatible bucket, or the data folder on local disk. */
export function createObjectStore(config: StorageConfig): ObjectStore {
  return config.type === 'local'
    ? createLocalObjectStore(config.directory)
    : createS3ObjectStore(config);
}
