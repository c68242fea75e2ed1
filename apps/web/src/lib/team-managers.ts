/**
 * The manager accounts (docs/product.md §11.1): whom a business can be assigned to, and the names
 * the screens show for an assignee id. One query, shared by every screen that names an assignee.
 */
import { useQuery } from '@tanstack/react-query';
import { manageApiPaths, type TeamManager } from '@fd/contract';
import { api } from './api-client.ts';
import { loadTeamManagersSchema } from './business-schema-loaders.ts';

export const teamManagersKey = ['team-managers'] as const;

/** Accounts come and go rarely (the admin tool): read again after five minutes at most. */
const TEAM_MANAGERS_STALE_MS = 5 * 60_000;

export function useTeamManagers() {
  return useQuery({
    queryKey: teamManagersKey,
    queryFn: async ({ signal }) =>
      (await api.get(manageApiPaths.managers, { schema: loadTeamManagersSchema, signal })).data
        .managers,
    staleTime: TEAM_MANAGERS_STALE_MS,
  });
}

/** 'Grace Hopper', or the email when the account has no name. */
export const teamManagerName = (manager: Pick<TeamManager, 'first_name' | 'last_name' | 'email'>) =>
  `${manager.first_name} ${manager.last_name}`.trim() || manager.email;

/**
 * The name shown for an assignee id: 'Unassigned' for none; a manager the list does not (yet)
 * hold is named by id rather than left blank.
 */
export function assigneeLabel(
  managers: readonly TeamManager[] | undefined,
  assigneeId: number | null,
): string {
  if (assigneeId === null) return 'Unassigned';
  const manager = managers?.find((candidate) => candidate.id === assigneeId);
  if (!manager) return `Manager #${assigneeId}`;
  return manager.is_active ? teamManagerName(manager) : `${teamManagerName(manager)} (disabled)`;
}
