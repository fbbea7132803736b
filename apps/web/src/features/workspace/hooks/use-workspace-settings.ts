import { useUserPreference } from '../../../hooks/use-user-preference.ts';

/** How the workspace is shown, remembered per user (SPEC §9 "workspace settings"). */
export interface WorkspaceSettings {
  /** Hidden projects, assemblies and products are listed too (dimmed). */
  showHidden: boolean;
}

const DEFAULT_SETTINGS: WorkspaceSettings = { showHidden: false };

export function parseWorkspaceSettings(stored: unknown): WorkspaceSettings {
  if (typeof stored !== 'object' || stored === null) return DEFAULT_SETTINGS;
  const { showHidden } = stored as { showHidden?: unknown };
  return { showHidden: typeof showHidden === 'boolean' ? showHidden : false };
}

export function useWorkspaceSettings(userId: number | undefined) {
  return useUserPreference(userId, 'workspaceSettings', parseWorkspaceSettings);
}
