import { and, eq, notInArray } from 'drizzle-orm';
import { type CompanyScope, inScope } from '../../db/company-scope.ts';
import type { Transactor } from '../../db/database.ts';
import { type PaymentStatus, payments, sandboxPaymentOrders } from './payments.tables.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type SandboxOrderRow = typeof sandboxPaymentOrders.$inferSelect;

export function createPaymentsRepository(transactor: Transactor) {
  const db = () => transactor.executor();
  return {
    async insert(row: typeof payments.$inferInsert): Promise<PaymentRow> {
      const [inserted] = await db().insert(payments).values(row).returning();
      return inserted!;
    },

    async findByOrder(orderId: number): Promise<PaymentRow | undefined> {
      const [row] = await db().select().from(payments).where(eq(payments.orderId, orderId));
      return row;
    },

    async findByProviderOrder(
      scope: CompanyScope,
      method: PaymentRow['method'],
      providerOrderId: string,
    ): Promise<PaymentRow | undefined> {
      const [row] = await db()
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.method, method),
            eq(payments.providerOrderId, providerOrderId),
            inScope(scope, payments.companyId),
          ),
        );
      return row;
    },

    async update(
      id: number,
      changes: Partial<Pick<PaymentRow, 'status' | 'providerOrderId' | 'payerActionUrl'>>,
      now: Date,
    ): Promise<PaymentRow> {
      const [row] = await db()
        .update(payments)
        .set({ ...changes, updatedAt: now })
        .where(eq(payments.id, id))
        .returning();
      return row!;
    },

    /** Marks the payment captured unless it was already settled; undefined when it was. */
    async settle(
      id: number,
      status: Extract<PaymentStatus, 'captured' | 'mismatch'>,
      captureId: string | null,
      now: Date,
    ): Promise<PaymentRow | undefined> {
      const [row] = await db()
        .update(payments)
        .set({ status, captureId, capturedAt: now, updatedAt: now })
        .where(and(eq(payments.id, id), notInArray(payments.status, ['captured', 'mismatch'])))
        .returning();
      return row;
    },

    // ---- the embedded sandbox provider's own records
    async insertSandboxOrder(row: typeof sandboxPaymentOrders.$inferInsert) {
      const [inserted] = await db()
        .insert(sandboxPaymentOrders)
        .values(row)
        .onConflictDoNothing({ target: sandboxPaymentOrders.requestId })
        .returning();
      return inserted;
    },

    async findSandboxOrder(id: string): Promise<SandboxOrderRow | undefined> {
      const [row] = await db()
        .select()
        .from(sandboxPaymentOrders)
        .where(eq(sandboxPaymentOrders.id, id));
      return row;
    },

    async findSandboxOrderByRequest(requestId: string): Promise<SandboxOrderRow | undefined> {
      const [row] = await db()
        .select()
        .from(sandboxPaymentOrders)
        .where(eq(sandboxPaymentOrders.requestId, requestId));
      return row;
    },

    /** Moves a sandbox order from one status to another; undefined when it was not in `from`. */
    async moveSandboxOrder(
      id: string,
      from: SandboxOrderRow['status'],
      changes: Partial<Pick<SandboxOrderRow, 'status' | 'captureId'>>,
      now: Date,
    ): Promise<SandboxOrderRow | undefined> {
      const [row] = await db()
        .update(sandboxPaymentOrders)
        .set({ ...changes, updatedAt: now })
        .where(and(eq(sandboxPaymentOrders.id, id), eq(sandboxPaymentOrders.status, from)))
        .returning();
      return row;
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
