import { createContext, use, useId, useState, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { sectionClassName } from '#/components/section.tsx';
import { classNames } from '#/lib/class-names.ts';

/** Opens the section around a part: null outside any section. */
const OpenSectionContext = createContext<(() => void) | null>(null);

/**
 * What opens the section this part is in, so that a key meant for it (a step's status menu,
 * docs/product.md §12.3) can reach it while the section is closed; null outside a section.
 */
export const useOpenSection = (): (() => void) | null => use(OpenSectionContext);

interface CollapsibleSectionProps {
  title: string;
  children: ReactNode;
  defaultOpen?: boolean;
}

/**
 * A section of the manage screen (docs/product.md §2.3) whose heading is a disclosure button.
 * A closed section keeps its content mounted (hidden), so what it loaded or holds stays, and a
 * part of it may open it (`useOpenSection`).
 */
export function CollapsibleSection({
  title,
  children,
  defaultOpen = true,
}: CollapsibleSectionProps) {
  const [isOpen, setIsOpen] = useState(defaultOpen);
  const headingId = useId();
  const contentId = useId();
  const [openSection] = useState(() => () => setIsOpen(true));

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
        <OpenSectionContext value={openSection}>{children}</OpenSectionContext>
      </div>
    </section>
  );
}
