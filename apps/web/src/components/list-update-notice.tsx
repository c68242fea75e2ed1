import type { ListUpdate } from '#/lib/business-queries.ts';

/** '3 new businesses — show', or 'The list has changed — show' when none was added. */
export function listUpdateText({ added }: Pick<ListUpdate, 'added'>): string {
  if (added === 0) return 'The list has changed — show';
  return `${added.toLocaleString('en-US')} new ${added === 1 ? 'business' : 'businesses'} — show`;
}

/**
 * A newer page that would move the rows on screen, offered rather than shown (docs/product.md
 * § 10.2): a button floating at the foot of the window, so that it takes no room and nothing moves
 * when it appears or goes; announced politely to a screen reader.
 */
export function ListUpdateNotice({ update }: { update: ListUpdate | undefined }) {
  return (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-0 bottom-6 z-30 flex justify-center"
    >
      {update ? (
        <button
          type="button"
          onClick={update.show}
          className="pointer-events-auto rounded-full bg-indigo-600 px-4 py-1.5 text-sm font-semibold text-white shadow-md hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          {listUpdateText(update)}
        </button>
      ) : null}
    </div>
  );
}
