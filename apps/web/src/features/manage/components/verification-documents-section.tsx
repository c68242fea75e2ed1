import {
  documentFeedbackTitles,
  emptyStateTexts,
  formationStepNames,
  stepStatusKinds,
  type BusinessDetail,
} from '@fd/contract';
import { useState } from 'react';
import { Eye } from 'lucide-react';
import {
  DocumentViewer,
  toViewedDocuments,
  type ViewedDocument,
} from '#/components/document-viewer.tsx';
import { FileList, toFileItems, type FileItem } from '#/components/file-list.tsx';
import { Button } from '#/components/ui/button.tsx';
import { stepMenuShortcut } from '#/lib/shortcuts.ts';
import type { documentStepKinds } from './status-management.tsx';
import { StepStatusControl } from './step-status-control.tsx';

type StoredDocument = BusinessDetail['documents']['kyc'][number];

/**
 * The identity documents' cards (docs/product.md §4.5). A document's title is free text, so
 * each card takes the KYC documents whose title names its kind (the seed's 'International
 * passport', 'National ID', 'Utility bill', 'Proof of address'); the contract has no mapping.
 */
const documentCards: {
  kind: (typeof documentStepKinds)[number];
  feedbackTitle: (typeof documentFeedbackTitles)[number];
  matches: RegExp;
}[] = [
  {
    kind: 'government-id',
    feedbackTitle: 'International passport doc',
    matches: /passport|government|driver/i,
  },
  { kind: 'national-id', feedbackTitle: 'National identification doc', matches: /\bnational/i },
  { kind: 'utility-bill', feedbackTitle: 'Utility bill doc', matches: /utility|proof of address/i },
];

/** The first card whose kind the title names; documents of no card are listed apart. */
const cardOf = (document: StoredDocument) =>
  documentCards.find((card) => card.matches.test(document.document_title));

/**
 * The card's status control, for a document of a card: in the card, with the key that opens
 * its menu (docs/product.md §12.3), and in the viewer, without.
 */
function CardStatusControl({
  business,
  card,
  withShortcut = false,
}: {
  business: BusinessDetail;
  card: (typeof documentCards)[number];
  withShortcut?: boolean;
}) {
  return (
    <StepStatusControl
      business={business}
      kind={card.kind}
      name={formationStepNames[stepStatusKinds[card.kind]]}
      feedbackTitles={documentFeedbackTitles}
      defaultFeedbackTitle={card.feedbackTitle}
      shortcut={withShortcut ? stepMenuShortcut(stepStatusKinds[card.kind]) : undefined}
    />
  );
}

/**
 * In the document viewer, a card's document offers the card's step and its status choices
 * (docs/product.md §12.2): on this screen and over the documents page's Preview, through the
 * same control, report and confirmation as the card. A document of no card offers nothing.
 */
export function DocumentStatusActions({
  business,
  documentId,
}: {
  business: BusinessDetail;
  /** The viewed document's key: a stored document's id. */
  documentId: ViewedDocument['key'];
}) {
  const document = business.documents.kyc.find((candidate) => candidate.id === documentId);
  const card = document && cardOf(document);
  if (!card) return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span className="text-sm font-medium text-slate-700">
        {formationStepNames[stepStatusKinds[card.kind]]}
      </span>
      <CardStatusControl business={business} card={card} />
    </div>
  );
}

/**
 * Verification documents: one card per identity document with its files and the same status
 * choices as a step; the business's other documents (KYB, and KYC of no card) follow. Each
 * file opens in the viewer, which pages through all of them and, for a card's document,
 * offers the card's status choices (docs/product.md §12.2).
 */
export function VerificationDocumentsSection({ business }: { business: BusinessDetail }) {
  const { kyc, kyb } = business.documents;
  const others = [...kyc.filter((document) => !cardOf(document)), ...kyb];
  const cardDocuments = documentCards.flatMap((card) =>
    kyc.filter((document) => cardOf(document) === card),
  );
  // The viewer's order is the screen's: the cards' files, then the others.
  const viewable = [...cardDocuments, ...others];
  const [viewed, setViewed] = useState<number | null>(null);
  const withView = (files: FileItem[]): FileItem[] =>
    files.map((file) => ({
      ...file,
      action: (
        <Button
          variant="secondary"
          className="px-3 py-1.5"
          aria-label={`View ${file.title}`}
          onClick={() => setViewed(viewable.findIndex((document) => document.id === file.key))}
        >
          <Eye aria-hidden="true" className="size-4" />
          <span className="max-sm:hidden">View</span>
        </Button>
      ),
    }));

  return (
    <div className="space-y-5">
      {kyc.length + kyb.length === 0 && (
        <p className="text-sm text-slate-500">{emptyStateTexts.documents}</p>
      )}
      <div className="grid gap-4 lg:grid-cols-3">
        {documentCards.map((card) => {
          const name = formationStepNames[stepStatusKinds[card.kind]];
          const files = withView(toFileItems(kyc.filter((document) => cardOf(document) === card)));
          return (
            <article
              key={card.kind}
              aria-label={name}
              className="space-y-3 rounded-xl border border-slate-200 p-4"
            >
              <h3 className="text-sm font-semibold text-slate-900">{name}</h3>
              <CardStatusControl business={business} card={card} withShortcut />
              {files.length > 0 && <FileList files={files} />}
            </article>
          );
        })}
      </div>
      {others.length > 0 && (
        <div>
          <h3 className="mb-2 text-sm font-semibold text-slate-700">Other documents</h3>
          <FileList files={withView(toFileItems(others))} />
        </div>
      )}
      <DocumentViewer
        documents={toViewedDocuments(viewable)}
        index={viewed}
        onIndexChange={setViewed}
        onClose={() => setViewed(null)}
        actions={(shown) => <DocumentStatusActions business={business} documentId={shown.key} />}
      />
    </div>
  );
}
