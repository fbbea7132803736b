import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import { type CompanyScope, inScope } from '../../db/company-scope.ts';
import type { Transactor } from '../../db/database.ts';
import {
  type OrderStatus,
  orderDocumentFiles,
  orderEvents,
  orderLines,
  orders,
} from './orders.tables.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;
export type OrderDocumentType = (typeof orderDocumentFiles.$inferSelect)['type'];

/** The kept PDFs of one document of an order. */
const documentFilesOf = (orderId: number, type: OrderDocumentType) =>
  and(eq(orderDocumentFiles.orderId, orderId), eq(orderDocumentFiles.type, type));

export function createOrdersRepository(transactor: Transactor) {
  const db = () => transactor.executor();
  return {
    /** Inserts the order unless the user's idempotency key is taken; undefined when it is. */
    async insertOrder(row: typeof orders.$inferInsert): Promise<OrderRow | undefined> {
      const [inserted] = await db()
        .insert(orders)
        .values(row)
        .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
        .returning();
      return inserted;
    },

    async insertLines(rows: (typeof orderLines.$inferInsert)[]): Promise<void> {
      await db().insert(orderLines).values(rows);
    },

    async insertEvent(row: typeof orderEvents.$inferInsert): Promise<void> {
      await db().insert(orderEvents).values(row);
    },

    async findByIdempotencyKey(userId: number, key: string): Promise<OrderRow | undefined> {
      const [row] = await db()
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
      return row;
    },

    async findOrder(scope: CompanyScope, id: number): Promise<OrderRow | undefined> {
      const [row] = await db()
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), inScope(scope, orders.companyId)));
      return row;
    },

    async listOrders(scope: CompanyScope, companyId: number | undefined) {
      const rows = await db()
        .select()
        .from(orders)
        .where(
          and(
            inScope(scope, orders.companyId),
            companyId === undefined ? undefined : eq(orders.companyId, companyId),
          ),
        )
        .orderBy(desc(orders.id))
        .limit(1000);
      const counts = rows.length
        ? await db()
            .select({ orderId: orderLines.orderId, lines: count() })
            .from(orderLines)
            .where(
              inArray(
                orderLines.orderId,
                rows.map((row) => row.id),
              ),
            )
            .groupBy(orderLines.orderId)
        : [];
      const byOrder = new Map(counts.map((entry) => [entry.orderId, Number(entry.lines)]));
      return rows.map((row) => ({ row, linesCount: byOrder.get(row.id) ?? 0 }));
    },

    listLines(orderId: number): Promise<OrderLineRow[]> {
      return db()
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId))
        .orderBy(asc(orderLines.lineNumber));
    },

    listEvents(orderId: number): Promise<OrderEventRow[]> {
      return db()
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(asc(orderEvents.id));
    },

    /** Moves the order from `from` to `to`; false when it was no longer in `from`. */
    async moveStatus(id: number, from: OrderStatus, to: OrderStatus, now: Date): Promise<boolean> {
      const moved = await db()
        .update(orders)
        .set({ status: to, updatedAt: now })
        .where(and(eq(orders.id, id), eq(orders.status, from)))
        .returning({ id: orders.id });
      return moved.length > 0;
    },

    /** The stored key of a document's rendered PDF of this version, if it was rendered. */
    async findDocumentFile(
      orderId: number,
      type: OrderDocumentType,
      version: string,
    ): Promise<string | undefined> {
      const [row] = await db()
        .select({ key: orderDocumentFiles.storageKey })
        .from(orderDocumentFiles)
        .where(and(documentFilesOf(orderId, type), eq(orderDocumentFiles.version, version)));
      return row?.key;
    },

    /** Files the PDF of this version; false when another request filed it first. */
    async insertDocumentFile(row: typeof orderDocumentFiles.$inferInsert): Promise<boolean> {
      const inserted = await db()
        .insert(orderDocumentFiles)
        .values(row)
        .onConflictDoNothing()
        .returning({ key: orderDocumentFiles.storageKey });
      return inserted.length > 0;
    },

    /** Forgets the document's PDFs of other versions; answers their stored keys. */
    async deleteOtherDocumentFiles(
      orderId: number,
      type: OrderDocumentType,
      version: string,
    ): Promise<string[]> {
      const deleted = await db()
        .delete(orderDocumentFiles)
        .where(and(documentFilesOf(orderId, type), ne(orderDocumentFiles.version, version)))
        .returning({ key: orderDocumentFiles.storageKey });
      return deleted.map((row) => row.key);
    },

    /** The lines of a product with their orders, newest first (the caller scoped the product). */
    linesOfProduct(productId: number) {
      return db()
        .select({ line: orderLines, order: orders })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(eq(orderLines.productId, productId))
        .orderBy(desc(orders.id), asc(orderLines.lineNumber))
        .limit(500);
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
