import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { buttonClassName } from '#/components/ui/button.tsx';

export function GoBackLink({ to }: { to: string }) {
  return (
    <Link to={to} className={buttonClassName('ghost', '-ml-2 px-2 py-1.5')}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      Go back
    </Link>
  );
}
