import { Link, useNavigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { buttonClassName } from '#/components/ui/button.tsx';

interface GoBackLinkProps {
  to: string;
  /** Navigation state for `to`. */
  state?: unknown;
  /**
   * The page before this one is `to` itself: going back is the browser's Back, so the history
   * stays as it was (the link still names `to`, for a new tab or a copied address).
   */
  historyBack?: boolean;
}

export function GoBackLink({ to, state, historyBack = false }: GoBackLinkProps) {
  const navigate = useNavigate();
  return (
    <Link
      to={to}
      state={state}
      onClick={(event) => {
        if (
          !historyBack ||
          event.metaKey ||
          event.ctrlKey ||
          event.shiftKey ||
          event.button !== 0
        ) {
          return;
        }
        event.preventDefault();
        void navigate(-1);
      }}
      className={buttonClassName('ghost', '-ml-2 px-2 py-1.5')}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Go back
    </Link>
  );
}
