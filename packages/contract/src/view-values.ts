/**
 * _Ours_: saved views of the business list (docs/product.md §11.4;
 * docs/decisions/103-saved-views-are-list-addresses.md). Plain values only, so the list screen
 * reads the paths and limits without loading a schema library.
 */

/** The saved-views paths, relative to API_BASE_PATH. */
export const savedViewApiPaths = {
  list: 'manager/views/',
  item: (uuid: string) => `manager/views/${uuid}/`,
} as const;

/**
 * The address parameters a saved view may hold: the tab (`status`), the search, the page size
 * and the list's filters — every parameter the list screen writes but `page` (a view opens at
 * page 1, and a saved `page` is dropped). One list: a new parameter of the list (a sort, say) is
 * one more name here, and its value is checked by the list's own schema.
 */
export const savedViewParameterNames = [
  'status',
  'search',
  'page_size',
  'type',
  'country',
  'start_date_iso',
  'end_date_iso',
  'account_level',
  'business_formation_status',
  'processing_status',
  'assignee',
  'sort',
] as const;
export type SavedViewParameterName = (typeof savedViewParameterNames)[number];

/** A view's name, trimmed, in characters as a person counts them. */
export const SAVED_VIEW_NAME_MAX_LENGTH = 80;
/** A view's query, as written in the address (percent-encoded). */
export const SAVED_VIEW_QUERY_MAX_LENGTH = 2_000;
/** Views one manager may keep. */
export const SAVED_VIEWS_MAX_PER_MANAGER = 50;

/** What the saved-views calls say. */
export const savedViewTexts = {
  saved: 'View saved.',
  updated: 'View updated.',
  deleted: 'View deleted.',
  duplicateName: (name: string) => `You already have a view named "${name}".`,
  tooMany: `You can keep at most ${SAVED_VIEWS_MAX_PER_MANAGER} views: delete one to save another.`,
  queryTooLong: `query must be at most ${SAVED_VIEW_QUERY_MAX_LENGTH} characters.`,
  unknownParameter: (name: string) =>
    `query may not hold "${name}": a view holds only ${savedViewParameterNames.join(', ')} (and page, which is dropped).`,
  malformed: 'query must be a query string (name=value pairs joined by &).',
  badValue: (message: string) => `query: ${message}`,
  nothingToChange: 'Give a new name, a new query, or both.',
} as const;
