import { useId, type ReactNode } from 'react';
import { classNames } from '#/lib/class-names.ts';

/**
 * A card's opener (its link or button): its box is stretched over the whole card
 * (`after:inset-0`), so a press anywhere on the card opens it.
 */
export const cardOpenerClassName =
  'block w-full text-left text-base font-medium break-words text-slate-900 after:absolute after:inset-0 focus:outline-none';

/** A line under a card's title; an empty one is left out. */
export interface CardLine {
  content: ReactNode;
  className: string;
}

interface CardProps {
  /** The title as the card's link or button, given the ids of what describes it. */
  opener?: (describedBy: string) => ReactNode;
  /** The title as text, for a card that leads nowhere. */
  title?: ReactNode;
  /** At the card's top right: a status, an account level. */
  badge?: ReactNode;
  lines: readonly (CardLine | null | false | '')[];
}

/**
 * One row of a list on a phone (docs/decisions/047-phones-one-list-in-two-layouts-chosen.md,
 * docs/decisions/050-the-mock-ups-on-phones-and-tap.md): the title, a badge beside it and short
 * lines under it. A card with an opener is chosen as a whole, and the rest of the card is the
 * opener's description, so a screen reader announces all of it on the link or button.
 */
export function Card({ opener, title, badge, lines }: CardProps) {
  const id = useId();
  const shown = lines.filter((line): line is CardLine => Boolean(line));
  const lineId = (index: number) => `${id}-line-${index}`;
  const describedBy = [badge ? `${id}-badge` : null, ...shown.map((_, index) => lineId(index))]
    .filter(Boolean)
    .join(' ');
  return (
    <li
      className={classNames(
        'relative px-4 py-3 odd:bg-white even:bg-slate-50',
        opener &&
          'hover:bg-indigo-50 has-[:focus-visible]:bg-indigo-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:-outline-offset-2 has-[:focus-visible]:outline-indigo-600',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">{opener ? opener(describedBy) : title}</div>
        {badge && (
          <span id={`${id}-badge`} className="shrink-0 pt-0.5">
            {badge}
          </span>
        )}
      </div>
      {shown.map((line, index) => (
        <p key={index} id={lineId(index)} className={line.className}>
          {line.content}
        </p>
      ))}
    </li>
  );
}
