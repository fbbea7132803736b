import { createHash } from 'node:crypto';
import type { Transactor } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import type { StorageService } from '../storage/storage.service.ts';
import { type PdfDocumentInput, renderOrderPdf } from './order-pdf.ts';
import type { OrderDocumentType, OrdersRepository } from './orders.repository.ts';

// Rendered documents are kept in the object store under the company, one per document version:
// the version is a hash of everything the PDF shows, so an unchanged document is read back (a
// 200-line order takes about a second to render) and any change to what it shows (the payment
// arriving, above all) renders a new one, which replaces the old.

/** Raised when the layout changes: every document renders anew once. */
const LAYOUT_VERSION = 2;

export function documentVersion(input: PdfDocumentInput): string {
  return createHash('sha256')
    .update(JSON.stringify({ layout: LAYOUT_VERSION, input }))
    .digest('hex');
}

export type OrderPdfCache = ReturnType<typeof createOrderPdfCache>;

export function createOrderPdfCache(deps: {
  repository: OrdersRepository;
  storage: StorageService;
  transactor: Transactor;
  logger: Logger;
}) {
  const { repository, storage, transactor, logger } = deps;

  async function read(key: string): Promise<Buffer | undefined> {
    const object = await storage.store.open(key);
    if (!object) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** Files a rendered PDF; the versions it replaces are removed, rows then objects. */
  async function keep(
    document: { orderId: number; companyId: number; type: OrderDocumentType; fileName: string },
    version: string,
    pdf: Buffer,
  ): Promise<void> {
    const key = await storage.put({ type: 'bytes', data: pdf }, 'application/pdf');
    let replaced: string[] = [];
    try {
      const filed = await transactor.transaction(async () => {
        await storage.register(document.companyId, [
          { key, name: document.fileName, size: pdf.length, contentType: 'application/pdf' },
        ]);
        if (
          !(await repository.insertDocumentFile({
            orderId: document.orderId,
            type: document.type,
            version,
            storageKey: key,
          }))
        ) {
          return false;
        }
        replaced = await repository.deleteOtherDocumentFiles(
          document.orderId,
          document.type,
          version,
        );
        await storage.unregister(replaced);
        return true;
      });
      // Another request filed this version first: its file serves, this one goes.
      if (!filed) {
        await storage.unregister([key]);
        await storage.discard([key]);
        return;
      }
    } catch (error) {
      await storage.discard([key]);
      throw error;
    }
    await storage.discard(replaced);
  }

  return {
    /**
     * The document's PDF: the kept file of its version, or rendered now (after `charge`, the
     * renderer's rate limits) and kept. A file that cannot be kept is still answered.
     */
    async pdf(
      document: { orderId: number; companyId: number; type: OrderDocumentType; fileName: string },
      input: PdfDocumentInput,
      charge?: () => Promise<void>,
    ): Promise<Buffer> {
      const version = documentVersion(input);
      const key = await repository.findDocumentFile(document.orderId, document.type, version);
      const kept = key ? await read(key) : undefined;
      if (kept) return kept;
      await charge?.();
      const pdf = await renderOrderPdf(input);
      await keep(document, version, pdf).catch((error: unknown) => {
        logger.warn({ err: error, orderId: document.orderId }, 'a rendered PDF was not kept');
      });
      return pdf;
    },
  };
}
