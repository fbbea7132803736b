import type { ShippingAgent } from '@circuits/contracts';
import { onceAsync } from '../../lib/once-async.ts';
import { presentShippingAgent } from './shipping.presenter.ts';
import type { ShippingRepository } from './shipping.repository.ts';

export function createShippingService(deps: { repository: ShippingRepository }) {
  // Reference data fixed by migrations: read once per process.
  const agents = onceAsync(async (): Promise<ShippingAgent[]> => {
    const [agentRows, serviceRows] = await Promise.all([
      deps.repository.listAgents(),
      deps.repository.listServices(),
    ]);
    return agentRows.map((agent) => presentShippingAgent(agent, serviceRows));
  });

  return {
    listAgents: agents,

    async findAgent(id: number): Promise<ShippingAgent | undefined> {
      return (await agents()).find((agent) => agent.id === id);
    },
  };
}

export type ShippingService = ReturnType<typeof createShippingService>;
