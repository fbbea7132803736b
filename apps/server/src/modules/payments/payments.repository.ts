import { and, eq, inArray } from 'drizzle-orm';
import { type CompanyScope, inScope } from '../../db/company-scope.ts';
import type { Transactor } from '../../db/database.ts';
import {
  type PaymentStatus,
  payments,
  sandboxCredentials,
  sandboxPaymentOrders,
} from './payments.tables.ts';

const SANDBOX_CREDENTIALS_ID = 1;

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

    /**
     * Moves the payment from one of `from` to another status (with the changes); undefined when
     * it was in none of them (someone moved it first).
     */
    async move(
      id: number,
      from: readonly PaymentStatus[],
      changes: Partial<Pick<PaymentRow, 'status' | 'providerOrderId' | 'payerActionUrl'>>,
      now: Date,
    ): Promise<PaymentRow | undefined> {
      const [row] = await db()
        .update(payments)
        .set({ ...changes, updatedAt: now })
        .where(and(eq(payments.id, id), inArray(payments.status, [...from])))
        .returning();
      return row;
    },

    /** Records the provider order of a payment without changing its status. */
    async setProviderOrder(
      id: number,
      changes: Pick<PaymentRow, 'providerOrderId' | 'payerActionUrl'>,
      now: Date,
    ): Promise<PaymentRow> {
      const [row] = await db()
        .update(payments)
        .set({ ...changes, updatedAt: now })
        .where(eq(payments.id, id))
        .returning();
      return row!;
    },

    /**
     * Settles the payment (captured, or a mismatched amount) when it is in one of `from`;
     * undefined when it was not (settled already, or never to be).
     */
    async settle(
      id: number,
      from: readonly PaymentStatus[],
      status: Extract<PaymentStatus, 'captured' | 'mismatch'>,
      captureId: string | null,
      now: Date,
    ): Promise<PaymentRow | undefined> {
      const [row] = await db()
        .update(payments)
        .set({ status, captureId, capturedAt: now, updatedAt: now })
        .where(and(eq(payments.id, id), inArray(payments.status, [...from])))
        .returning();
      return row;
    },

    // ---- the embedded sandbox provider's own records
    /** The installation's sandbox client secret, made by whichever instance asks first. */
    async sandboxSecret(candidate: string): Promise<string> {
      await db()
        .insert(sandboxCredentials)
        .values({ id: SANDBOX_CREDENTIALS_ID, clientSecret: candidate })
        .onConflictDoNothing();
      const [row] = await db()
        .select({ secret: sandboxCredentials.clientSecret })
        .from(sandboxCredentials)
        .where(eq(sandboxCredentials.id, SANDBOX_CREDENTIALS_ID));
      return row!.secret;
    },

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
