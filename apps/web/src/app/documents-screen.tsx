import { DocumentsPage } from '#/features/documents/components/documents-page.tsx';
import { DocumentStatusActions } from '#/features/manage/components/verification-documents-section.tsx';

/**
 * The documents page with the manage screen's status choices in its Preview's viewer
 * (docs/product.md §12.2): features do not import each other, so the app joins the two here.
 */
export function DocumentsScreen() {
  return (
    <DocumentsPage
      viewerActions={(business, documentId) => (
        <DocumentStatusActions business={business} documentId={documentId} />
      )}
    />
  );
}
