/**
 * The admin's operations on manager accounts (docs/architecture.md §5): managers cannot
 * rename themselves in the app, the admin does it with `npm run manager`.
 */
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  RESET_PASSWORD_MIN_LENGTH,
  apiErrorDetails,
  singleLineText,
  validationMessages,
} from '@fd/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/password.ts';
import { refuseWeakPassword } from '../../lib/password-policy.ts';
import {
  insertManager,
  selectManagers,
  updateManagerActive,
  updateManagerName,
  type ManagerRow,
} from './managers.queries.ts';

export type Manager = ManagerRow;

const NAME_MAX_LENGTH = 100;

const emailSchema = z
  .string({ error: validationMessages.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: validationMessages.emailRequired })
  .pipe(
    z
      .email({ error: validationMessages.emailInvalid })
      .max(EMAIL_MAX_LENGTH, { error: `Email must be at most ${EMAIL_MAX_LENGTH} characters.` }),
  );

/** A manager's name is shown to other managers (logs, feedback, comments): text people read. */
const nameSchema = (label: string) => singleLineText(label, NAME_MAX_LENGTH);

const passwordSchema = z
  .string({ error: validationMessages.passwordRequired })
  .min(RESET_PASSWORD_MIN_LENGTH, { error: validationMessages.resetPasswordMin })
  .max(PASSWORD_MAX_LENGTH, {
    error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  });

const createManagerSchema = z.object({
  email: emailSchema,
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  password: passwordSchema,
});
const renameManagerSchema = createManagerSchema.omit({ password: true });
const managerEmailSchema = z.object({ email: emailSchema });

export type CreateManagerInput = z.input<typeof createManagerSchema>;
export type RenameManagerInput = z.input<typeof renameManagerSchema>;

/** Parses input or throws a 400 AppError whose validations name each bad field. */
function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const validations: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'input');
    (validations[field] ??= []).push(issue.message);
  }
  throw new AppError(400, apiErrorDetails.validation, validations);
}

export const managerErrors = {
  duplicateEmail: (email: string) => `A user with the email ${email} already exists.`,
  unknownEmail: (email: string) => `No manager has the email ${email}.`,
};

export async function createManager(db: Db, input: CreateManagerInput): Promise<Manager> {
  const { password, ...fields } = parse(createManagerSchema, input);
  await refuseWeakPassword(password, fields.email, 'password');
  const passwordHash = await hashPassword(password);
  try {
    return await insertManager(db, { ...fields, passwordHash });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError(409, managerErrors.duplicateEmail(fields.email));
    throw error;
  }
}

export async function renameManager(db: Db, input: RenameManagerInput): Promise<Manager> {
  const { email, ...names } = parse(renameManagerSchema, input);
  const manager = await updateManagerName(db, email, names);
  if (!manager) throw new AppError(404, managerErrors.unknownEmail(email));
  return manager;
}

/** Disables (the manager can no longer sign in) or re-enables an account. */
export async function setManagerActive(
  db: Db,
  input: { email: string; isActive: boolean },
): Promise<Manager> {
  const { email } = parse(managerEmailSchema, input);
  const manager = await updateManagerActive(db, email, input.isActive);
  if (!manager) throw new AppError(404, managerErrors.unknownEmail(email));
  return manager;
}

export function listManagers(db: Db): Promise<Manager[]> {
  return selectManagers(db);
}
