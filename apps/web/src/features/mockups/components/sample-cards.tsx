import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, cardOpenerClassName } from '#/components/ui/card.tsx';
import { classNames } from '#/lib/class-names.ts';

interface SampleCardListProps<Row> {
  /** Names the list for screen readers, as the table it stands in for. */
  label: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The card's first line: the invoice number, the request, the history entry's action. */
  title: (row: Row) => string;
  /** Where the card leads, if anywhere: its title is then the link, over the whole card. */
  to?: (row: Row) => string;
  /** At the card's top right: the status. */
  badge?: (row: Row) => ReactNode;
  /** The lines under the title, each a short fact (a name, a date · an amount). */
  lines: (row: Row) => readonly ReactNode[];
  className?: string;
}

/**
 * A mock-up's list on a phone (docs/decisions/047-phones-one-list-in-two-layouts-chosen.md): a card
 * per row of the table it stands in for, everything in sight without scrolling sideways. The page
 * shows one of the two and hides the other with `display: none` (`sm:hidden` here, `max-sm:hidden`
 * on the table), so a screen reader meets only the one on screen. A card that leads somewhere does
 * it as the business cards do (components/business-cards.tsx): its title is the link, stretched
 * over the card (`after:inset-0`), and the rest of the card is the link's description.
 */
export function SampleCardList<Row>({
  label,
  rows,
  rowKey,
  title,
  to,
  badge,
  lines,
  className,
}: SampleCardListProps<Row>) {
  return (
    <ul
      aria-label={label}
      className={classNames(
        'divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200',
        className,
      )}
    >
      {rows.map((row) => (
        <SampleCard
          key={rowKey(row)}
          title={title(row)}
          to={to?.(row)}
          badge={badge?.(row)}
          lines={lines(row)}
        />
      ))}
    </ul>
  );
}

function SampleCard({
  title,
  to,
  badge,
  lines,
}: {
  title: string;
  to: string | undefined;
  badge: ReactNode;
  lines: readonly ReactNode[];
}) {
  return (
    <Card
      opener={
        to
          ? (describedBy) => (
              <Link to={to} aria-describedby={describedBy} className={cardOpenerClassName}>
                {title}
              </Link>
            )
          : undefined
      }
      title={<p className="text-sm font-medium break-words text-slate-900">{title}</p>}
      badge={badge}
      lines={lines.map((content, index) => ({
        content,
        className: classNames(
          'text-sm break-words',
          index === 0 ? 'mt-1 text-slate-700' : 'text-slate-600',
        ),
      }))}
    />
  );
}
