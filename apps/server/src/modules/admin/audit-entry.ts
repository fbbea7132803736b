// What a service tells the audit log of a change. On its own, without the log's dependencies,
// so that the services the log reads (users) and the services that write to it (companies) do
// not import each other through it.

export type AuditInput = {
  action: string;
  targetType: string;
  targetId: number | string;
  summary: string;
  before?: unknown;
  after?: unknown;
};
