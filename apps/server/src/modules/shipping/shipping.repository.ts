import { asc } from 'drizzle-orm';
import type { Transactor } from '../../db/database.ts';
import { shippingAgents, shippingServices } from './shipping.tables.ts';

export type ShippingAgentRow = typeof shippingAgents.$inferSelect;
export type ShippingServiceRow = typeof shippingServices.$inferSelect;

export function createShippingRepository(transactor: Transactor) {
  const db = () => transactor.executor();
  return {
    listAgents(): Promise<ShippingAgentRow[]> {
      return db().select().from(shippingAgents).orderBy(asc(shippingAgents.sortOrder));
    },

    listServices(): Promise<ShippingServiceRow[]> {
      return db().select().from(shippingServices).orderBy(asc(shippingServices.sortOrder));
    },
  };
}

export type ShippingRepository = ReturnType<typeof createShippingRepository>;
