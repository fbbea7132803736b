import type { Clock } from '../../clock.ts';
import type { Actor } from '../auth/actor.ts';
import type { UserRecord, UsersService } from '../users/users.service.ts';
import type { AdminRepository } from './admin.repository.ts';
import type { AuditInput } from './audit-entry.ts';

export type { AuditInput } from './audit-entry.ts';

/** How the audit log names a person: name and email. */
export const who = (user: UserRecord) => `${user.name} ${user.lastname} <${user.email}>`;

/**
 * Writes one entry of the admin audit log: who acted (kept by name too, so the entry still names
 * them after the account is gone), what, when, before and after. Call it inside the transaction of
 * the change, so the change and its entry are kept or lost together.
 */
export function createAuditLog(deps: {
  repository: AdminRepository;
  users: UsersService;
  clock: Clock;
}) {
  return {
    async record(actor: Actor, entry: AuditInput): Promise<void> {
      const acting = await deps.users.getRecord(actor.userId).catch(() => undefined);
      await deps.repository.insertAudit({
        actorUserId: acting ? actor.userId : null,
        actorName: acting ? who(acting) : 'Circuits',
        action: entry.action,
        targetType: entry.targetType,
        targetId: String(entry.targetId),
        summary: entry.summary,
        before: entry.before ?? null,
        after: entry.after ?? null,
        at: deps.clock.now(),
      });
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
