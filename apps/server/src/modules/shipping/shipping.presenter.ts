import type { ShippingAgent } from '@circuits/contracts';
import type { ShippingAgentRow, ShippingServiceRow } from './shipping.repository.ts';

export function presentShippingAgent(
  agent: ShippingAgentRow,
  services: readonly ShippingServiceRow[],
): ShippingAgent {
  return {
    id: agent.id,
    name: agent.name,
    code: agent.code,
    services: services
      .filter((service) => service.agentId === agent.id)
      .map((service) => ({ id: service.id, name: service.name })),
  };
}
