/**
 * Every query key of the manage screen (docs/conventions.md, convention 7). After any write on
 * the screen, `invalidateAfterWrite` refreshes what the write changed — the business detail, its
 * log, its files — so every action shows in the activities log without a reload.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { BusinessDetail, BusinessSetupDetails, StepStatus } from '@fd/contract';
import { businessKeys } from '#/lib/business-queries.ts';

export const manageKeys = {
  all: ['manage'] as const,
  business: (businessUuid: string) => [...manageKeys.all, businessUuid] as const,
  managerLogs: (businessUuid: string) => [...manageKeys.business(businessUuid), 'logs'] as const,
  comments: (businessUuid: string) => [...manageKeys.business(businessUuid), 'comments'] as const,
  fileHistory: (businessUuid: string) =>
    [...manageKeys.business(businessUuid), 'file-history'] as const,
  attachments: (businessUuid: string, statusId: number) =>
    [...manageKeys.business(businessUuid), 'attachments', statusId] as const,
};

/** Refetches the business (detail, lists and counts) and everything the manage screen shows of it. */
export async function invalidateAfterWrite(queryClient: QueryClient, businessUuid: string) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: businessKeys.all }),
    queryClient.invalidateQueries({ queryKey: manageKeys.business(businessUuid) }),
  ]);
}

/** Writes `update` into every cached copy of the business `businessUuid`. */
async function updateCachedBusiness(
  queryClient: QueryClient,
  businessUuid: string,
  update: (business: BusinessDetail) => BusinessDetail,
) {
  const queryKey = businessKeys.details();
  // A load in flight would put back what the business was before the change.
  await queryClient.cancelQueries({ queryKey });
  queryClient.setQueriesData<BusinessDetail>({ queryKey }, (business) =>
    business?.uuid === businessUuid ? update(business) : business,
  );
}

/** The details an edit answered, shown the moment the answer arrives. */
export const showBusinessDetails = (queryClient: QueryClient, details: BusinessSetupDetails) =>
  updateCachedBusiness(queryClient, details.uuid, (business) => ({ ...business, ...details }));

/** The assignee the server answered, shown the moment the answer arrives. */
export const showAssignee = (
  queryClient: QueryClient,
  businessUuid: string,
  assigneeId: number | null,
) =>
  updateCachedBusiness(queryClient, businessUuid, (business) => ({
    ...business,
    assignee_id: assigneeId,
  }));

/**
 * Puts a step's new status, as the server answered it, into every cached copy of the business,
 * so its badge changes the moment the answer arrives (no reload, no timer).
 */
export async function showStepStatus(
  queryClient: QueryClient,
  businessUuid: string,
  step: { id: number; status: StepStatus; status_since?: string },
) {
  await updateCachedBusiness(queryClient, businessUuid, (business) => {
    const statuses = business.business_formation_statuses;
    const entry = Object.entries(statuses).find(([, row]) => row.id === step.id);
    if (!entry) return business;
    const [key, row] = entry;
    // A status update's answer says since when (docs/decisions/099-a-step-knows-since-when.md).
    const since = step.status_since ?? row.status_since;
    return {
      ...business,
      business_formation_statuses: {
        ...statuses,
        [key]: { ...row, status: step.status, status_since: since },
      },
    };
  });
}
