import type { AdminErrorReport, AdminUser, AuditEntry } from '@circuits/contracts';
import type { UserRecord } from '../users/users.service.ts';
import type { AuditRow } from './admin.repository.ts';

export function presentAdminUser(user: UserRecord, companyName: string): AdminUser {
  return {
    id: user.id,
    name: user.name,
    lastname: user.lastname,
    email: user.email,
    role: user.role,
    company_role: user.companyRole,
    isConfirmedEmail: user.emailConfirmed,
    disabled: user.disabled,
    company_id: user.companyId,
    company_name: companyName,
    created_at: user.createdAt.toISOString(),
  };
}

export function presentAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor_id: row.actorUserId,
    actor_name: row.actorName,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    summary: row.summary,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

export function presentErrorReport(
  row: {
    id: number;
    userId: number;
    message: string;
    errorName: string | null;
    trace: string | null;
    location: string | null;
    userAgent: string | null;
    createdAt: Date;
  },
  userEmail: string | null,
): AdminErrorReport {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    user_id: row.userId,
    user_email: userEmail,
    message: row.message,
    error_name: row.errorName,
    trace: row.trace,
    location: row.location,
    user_agent: row.userAgent,
  };
}
