import { useParams } from 'react-router';
import { PlaceholderPage } from '#/components/placeholder-page.tsx';
import { paths } from '#/config/paths.ts';
import { GoBackLink } from '#/components/go-back-link.tsx';

/**
 * /manage-business/{businessUUID}, not built yet. It takes the business from the address
 * only, never from navigation state, so a reload or a shared link opens the same business.
 */
export function ManageBusinessPage() {
  const { businessUUID = '' } = useParams();
  return (
    <div className="space-y-6">
      <GoBackLink to={paths.fullBusinessDetails(businessUUID)} />
      <PlaceholderPage title="Manage business" />
    </div>
  );
}
