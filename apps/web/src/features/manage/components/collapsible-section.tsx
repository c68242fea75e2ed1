import { useId, useState, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { sectionClassName } from '#/components/section.tsx';
import { classNames } from '#/lib/class-names.ts';

interface CollapsibleSectionProps {
  title: string;
  children: ReactNode;
  defaultOpen?: boolean;
}

/**
 * A section of the manage screen (docs/product.md §2.3) whose heading is a disclosure button.
 * A closed section keeps its content mounted (hidden), so what it loaded or holds stays.
 */
export function CollapsibleSection({
  title,
  children,
  defaultOpen = true,
}: CollapsibleSectionProps) {
  const [isOpen, setIsOpen] = useState(defaultOpen);
  const headingId = useId();
  const contentId = useId();

  return (
    <section aria-labelledby={headingId} className={sectionClassName}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={contentId}
          onClick={() => setIsOpen((open) => !open)}
          className="-m-1 flex w-[calc(100%+0.5rem)] items-center justify-between gap-3 rounded-lg p-1 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          {title}
          <ChevronDown
            aria-hidden="true"
            className={classNames(
              'size-5 shrink-0 text-slate-500 transition-transform',
              isOpen && 'rotate-180',
            )}
          />
        </button>
      </h2>
      <div id={contentId} hidden={!isOpen} className="mt-4">
        {children}
      </div>
    </section>
  );
}
