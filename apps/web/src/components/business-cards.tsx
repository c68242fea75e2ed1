import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { BusinessListItem } from '@fd/contract';
import { classNames } from '#/lib/class-names.ts';
import { Card, cardOpenerClassName } from './ui/card.tsx';
import { ListStateContent, type DataTableState } from './ui/data-table.tsx';
import { Spinner } from './ui/spinner.tsx';

/** What a card does when it is chosen: lead to a page, or open something on this one. */
export type BusinessCardAction =
  | { kind: 'link'; to: (business: BusinessListItem) => string; state?: unknown }
  | { kind: 'button'; onOpen: (business: BusinessListItem) => void };

interface BusinessCardListProps {
  /** Names the list for screen readers, as the table it stands in for. */
  label: string;
  rows: readonly BusinessListItem[];
  state?: DataTableState | undefined;
  /** Cards being replaced by the next page: dimmed and marked busy. */
  isStale?: boolean;
  action: BusinessCardAction;
  /** The badge at the card's top right: the current activity's status, the account level. */
  badge: (business: BusinessListItem) => ReactNode;
  /** The card's last line: the current activity, the documents' count. */
  details: (business: BusinessListItem) => ReactNode;
  /**
   * While loading, the list keeps the height of this many cards of one line each, so the
   * cards that arrive do not push what is under them down the page (a layout shift).
   */
  loadingRows?: number;
  className?: string;
}

/** A card's height on screen when none of its lines wraps (measured at 390 and 412 px). */
const CARD_HEIGHT_PX = 119;

const ownerName = ({ user }: BusinessListItem) =>
  `${user.first_name} ${user.last_name}`.replace(/\s+/g, ' ').trim();

/** One business as a card: its name opens it; its owner, email and details describe it. */
function BusinessCard({
  business,
  action,
  badge,
  details,
}: { business: BusinessListItem } & Pick<BusinessCardListProps, 'action' | 'badge' | 'details'>) {
  const owner = ownerName(business);
  return (
    <Card
      opener={(describedBy) =>
        action.kind === 'link' ? (
          <Link
            to={action.to(business)}
            state={action.state}
            aria-describedby={describedBy}
            className={cardOpenerClassName}
          >
            {business.business_name}
          </Link>
        ) : (
          <button
            type="button"
            aria-haspopup="dialog"
            aria-describedby={describedBy}
            onClick={() => action.onOpen(business)}
            className={cardOpenerClassName}
          >
            {business.business_name}
          </button>
        )
      }
      badge={badge(business)}
      lines={[
        owner && { content: owner, className: 'mt-1 text-sm break-words text-slate-700' },
        {
          content: business.user.email,
          className: 'text-sm [overflow-wrap:anywhere] text-slate-600',
        },
        { content: details(business), className: 'mt-2 text-xs break-words text-slate-600' },
      ]}
    />
  );
}

/**
 * The business lists on a phone (/business and /document-page, docs/product.md §2): a card per
 * row, with what a phone has room for, in place of the table. The page shows one of the two
 * and hides the other with `display: none`, so a screen reader meets only the one on screen.
 */
export function BusinessCardList({
  label,
  rows,
  state,
  isStale = false,
  action,
  badge,
  details,
  loadingRows,
  className,
}: BusinessCardListProps) {
  if (state) {
    const keepsHeight = state.kind === 'loading' && loadingRows;
    return (
      <div
        className={classNames(
          'px-4 text-center text-sm',
          keepsHeight ? 'flex items-center justify-center' : 'py-12',
          className,
        )}
        style={keepsHeight ? { height: `${loadingRows * CARD_HEIGHT_PX - 1}px` } : undefined}
      >
        <ListStateContent state={state} />
      </div>
    );
  }
  return (
    <div className={classNames('relative', className)}>
      {isStale && (
        <span className="absolute top-6 left-1/2 z-10 inline-flex -translate-x-1/2 text-indigo-600">
          <Spinner label="Loading" />
        </span>
      )}
      <ul
        aria-label={label}
        aria-busy={isStale}
        className={classNames(
          'divide-y divide-slate-100 transition-opacity',
          isStale && 'opacity-60',
        )}
      >
        {rows.map((business) => (
          <BusinessCard
            key={business.uuid}
            business={business}
            action={action}
            badge={badge}
            details={details}
          />
        ))}
      </ul>
    </div>
  );
}
