/**
 * Saved views of the business list (docs/product.md §11.4;
 * docs/decisions/103-saved-views-are-list-addresses.md): each manager's own, by name. The body
 * schemas have checked the name and the query (the list's own rules); here, the rules that read
 * the table: a name once per manager, whatever its case, at most SAVED_VIEWS_MAX_PER_MANAGER
 * views, and another manager's view is no view at all (404).
 */
import {
  apiErrorDetails,
  SAVED_VIEWS_MAX_PER_MANAGER,
  savedViewTexts,
  type SavedView,
} from '@fd/contract';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  countViews,
  deleteOwnView,
  findViewByName,
  insertView,
  lockManager,
  lockOwnView,
  selectViews,
  updateView,
  type SavedViewRow,
} from './views.queries.ts';

export interface ViewsDeps {
  db: Db;
  now: () => Date;
}

const toView = (row: SavedViewRow): SavedView => ({
  uuid: row.uuid,
  name: row.name,
  query: row.query,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const duplicateName = (name: string) => {
  const message = savedViewTexts.duplicateName(name);
  return new AppError(409, message, { name: [message] });
};
const notFound = () => new AppError(404, apiErrorDetails.notFound);

/** A unique violation means another write took the name meanwhile. */
async function nameKept<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(name);
    throw error;
  }
}

export async function listViews({ db }: ViewsDeps, managerId: number): Promise<SavedView[]> {
  return (await selectViews(db, managerId)).map(toView);
}

export async function createView(
  { db, now }: ViewsDeps,
  managerId: number,
  input: { name: string; query: string },
): Promise<SavedView> {
  return nameKept(input.name, () =>
    db.transaction(async (tx) => {
      await lockManager(tx, managerId);
      const taken = await findViewByName(tx, managerId, input.name);
      if (taken) throw duplicateName(taken.name);
      if ((await countViews(tx, managerId)) >= SAVED_VIEWS_MAX_PER_MANAGER) {
        throw new AppError(400, savedViewTexts.tooMany);
      }
      return toView(await insertView(tx, { managerId, ...input, at: now() }));
    }),
  );
}

export async function changeView(
  { db, now }: ViewsDeps,
  managerId: number,
  uuid: string,
  input: { name?: string | undefined; query?: string | undefined },
): Promise<SavedView> {
  const { name, query } = input;
  if (name === undefined && query === undefined) {
    const message = savedViewTexts.nothingToChange;
    throw new AppError(400, message, { name: [message], query: [message] });
  }
  return nameKept(name ?? '', () =>
    db.transaction(async (tx) => {
      const view = await lockOwnView(tx, managerId, uuid);
      if (!view) throw notFound();
      if (name !== undefined) {
        const taken = await findViewByName(tx, managerId, name, view.id);
        if (taken) throw duplicateName(taken.name);
      }
      return toView(
        await updateView(tx, view.id, {
          ...(name === undefined ? {} : { name }),
          ...(query === undefined ? {} : { query }),
          at: now(),
        }),
      );
    }),
  );
}

export async function removeView({ db }: ViewsDeps, managerId: number, uuid: string) {
  if (!(await deleteOwnView(db, managerId, uuid))) throw notFound();
}
