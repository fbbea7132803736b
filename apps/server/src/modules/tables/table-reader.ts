import type {
  BomFile,
  BomReadOptions,
  FirstRows,
  PlacementReadOptions,
  ReadError,
  ReadResult,
} from '@circuits/readers';
import { AppError, invalidField, serviceUnavailable } from '../../http/errors.ts';
import { type WorkerPool, WorkerTaskError } from '../../lib/worker-pool.ts';
import type { Logger } from '../../logger.ts';
import type {
  CatalogueRead,
  PlacementsRead,
  TableJob,
  TableJobResult,
  TableSource,
} from './table-job.ts';

// Reads a user's table in the table worker pool (table-worker.ts): BOM and placement files, the
// first rows of an uploaded spreadsheet, catalogue tables. The request only waits; a read that
// overruns the time or memory limit is stopped (its worker replaced) and answered 422 naming
// the limit, and the server keeps answering meanwhile.

export type TablePool = WorkerPool<TableJob, TableJobResult>;

export type TableLimits = {
  timeoutMs: number;
  memoryMb: number;
  maxBomLines: number;
  maxPlacements: number;
};

/** What a read is about, for its messages: the file and the request field it came in. */
export type TableRef = { source: TableSource; fileName: string; field: string };

export function createTableReader(deps: { pool: TablePool; limits: TableLimits; logger: Logger }) {
  const { pool, limits, logger } = deps;

  async function run(job: TableJob, ref: Omit<TableRef, 'source'>): Promise<TableJobResult> {
    try {
      return await pool.run(job);
    } catch (error) {
      if (!(error instanceof WorkerTaskError)) throw error;
      if (error.reason === 'closed')
        throw serviceUnavailable('The server is shutting down; try again in a moment');
      if (error.reason === 'timeout')
        throw invalidField(
          ref.field,
          `"${ref.fileName}" could not be read: reading it took longer than ${limits.timeoutMs / 1000} s, the most one table may take here. Check that it is a BOM, placement or parts table; a very large one can be split.`,
        );
      if (error.reason === 'memory')
        throw invalidField(
          ref.field,
          `"${ref.fileName}" could not be read: reading it needed more than ${limits.memoryMb} MB of memory, the most one table may use here. Check that it is a BOM, placement or parts table; a very large one can be split.`,
        );
      logger.error({ err: error, fileName: ref.fileName }, 'a table read failed');
      throw invalidField(ref.field, `"${ref.fileName}" could not be read: the file is damaged.`);
    }
  }

  /** A reader's error as the answer: 413 for a table past its limits, else 422. */
  function refusal(ref: TableRef, what: string, error: ReadError): AppError {
    const message = `"${ref.fileName}" cannot be read as ${what}: ${error.message}`;
    return error.type === 'too-large'
      ? new AppError('payload_too_large', { [ref.field]: message })
      : invalidField(ref.field, message);
  }

  return {
    /** A BOM file as read (text within the saved fields' limits), or its refusal thrown. */
    async readBom(ref: TableRef, options: Omit<BomReadOptions, 'maxLines'>): Promise<BomFile> {
      const answer = await run(
        { kind: 'bom', source: ref.source, options: { ...options, maxLines: limits.maxBomLines } },
        ref,
      );
      const result = (answer as Extract<TableJobResult, { kind: 'bom' }>).result;
      if (!result.ok) throw refusal(ref, 'a BOM', result.error);
      return result.value;
    },

    /**
     * A placement file as read; with `page`, only those placements are sent back (the counts
     * are of all).
     */
    async readPlacements(
      ref: TableRef,
      options: Omit<PlacementReadOptions, 'maxPlacements'>,
      page?: { offset: number; limit: number },
    ): Promise<PlacementsRead> {
      const answer = await run(
        {
          kind: 'placements',
          source: ref.source,
          options: { ...options, maxPlacements: limits.maxPlacements },
          ...(page ? { page } : {}),
        },
        ref,
      );
      const result = (answer as Extract<TableJobResult, { kind: 'placements' }>)
        .result as ReadResult<PlacementsRead>;
      if (!result.ok) throw refusal(ref, 'placements', result.error);
      return result.value;
    },

    /**
     * The first rows of an uploaded spreadsheet (its first sheet with a BOM or placement
     * header, else its first sheet), for telling a BOM from a placement file; null when it is not a spreadsheet that can be read (or reading it
     * overran a limit: the file is then classified by its name).
     */
    async headRows(ref: TableRef, rows: number): Promise<string[][] | null> {
      try {
        const answer = await run({ kind: 'head', source: ref.source, rows }, ref);
        return (answer as Extract<TableJobResult, { kind: 'head' }>).rows;
      } catch (error) {
        if (error instanceof AppError && error.code === 'validation_failed') return null;
        throw error;
      }
    },

    /** The first rows of a table as the readers split them (for choosing its header). */
    async firstRows(ref: TableRef, rows: number, sheet?: string): Promise<FirstRows> {
      const answer = await run(
        { kind: 'firstRows', source: ref.source, rows, ...(sheet ? { sheet } : {}) },
        ref,
      );
      const result = (answer as Extract<TableJobResult, { kind: 'firstRows' }>).result;
      if (!result.ok) throw refusal(ref, 'a table', result.error);
      return result.value;
    },

    /**
     * A catalogue table (jlcparts JSON lines or the documented CSV, maybe gzipped) as catalogue
     * records and refusals, read in a worker: for the catalogue import.
     */
    async readCatalogue(
      ref: TableRef,
      options: Omit<Extract<TableJob, { kind: 'catalogue' }>, 'kind' | 'source'>,
    ): Promise<CatalogueRead> {
      const answer = await run({ kind: 'catalogue', source: ref.source, ...options }, ref);
      return (answer as Extract<TableJobResult, { kind: 'catalogue' }>).result;
    },
  };
}

export type TableReader = ReturnType<typeof createTableReader>;
