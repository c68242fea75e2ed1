/**
 * Whose a business is (docs/product.md §11.1): the managers a business can be given to, and the
 * call that assigns, reassigns or unassigns it.
 */
import { z } from 'zod';
import { positiveRowId } from './businesses.ts';
import { successBody } from './errors.ts';

const managerIdMessage = 'manager_id must be a manager id (a positive whole number) or null.';

/** `PUT manager/business/assignee/{uuid}/`: `manager_id` null unassigns. */
export const assigneeUpdateRequestSchema = z.object({
  manager_id: z.union([z.null(), positiveRowId(managerIdMessage)], { error: managerIdMessage }),
});
export type AssigneeUpdateRequest = z.input<typeof assigneeUpdateRequestSchema>;

export const assigneeUpdateResponseSchema = successBody(
  z.object({ uuid: z.string(), assignee_id: z.number().nullable() }),
);
export type AssigneeUpdateResponse = z.infer<typeof assigneeUpdateResponseSchema>;

/** A manager account as the assignment picker lists it; inactive ones name past assignees. */
export const teamManagerSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  is_active: z.boolean(),
});
export type TeamManager = z.infer<typeof teamManagerSchema>;

export const teamManagersResponseSchema = successBody(
  z.object({ managers: z.array(teamManagerSchema) }),
);
export type TeamManagersResponse = z.infer<typeof teamManagersResponseSchema>;

/** What an assignment says in the log and to the managers it concerns. */
export const assignmentTexts = {
  assigned: (name: string) => `Business assigned to ${name}.`,
  unassigned: 'Business unassigned.',
  notActive: 'manager_id must be the id of an active manager.',
} as const;
