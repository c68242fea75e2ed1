import {
  documentFeedbackTitles,
  emptyStateTexts,
  formationStepNames,
  stepStatusKinds,
  type BusinessDetail,
} from '@fd/contract';
import { FileList, toFileItems } from '#/components/file-list.tsx';
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
 * Verification documents: one card per identity document with its files and the same status
 * choices as a step; the business's other documents (KYB, and KYC of no card) follow.
 */
export function VerificationDocumentsSection({ business }: { business: BusinessDetail }) {
  const { kyc, kyb } = business.documents;
  const others = [...kyc.filter((document) => !cardOf(document)), ...kyb];

  return (
    <div className="space-y-5">
      {kyc.length + kyb.length === 0 && (
        <p className="text-sm text-slate-500">{emptyStateTexts.documents}</p>
      )}
      <div className="grid gap-4 lg:grid-cols-3">
        {documentCards.map((card) => {
          const name = formationStepNames[stepStatusKinds[card.kind]];
          const files = toFileItems(kyc.filter((document) => cardOf(document) === card));
          return (
            <article
              key={card.kind}
              aria-label={name}
              className="space-y-3 rounded-xl border border-slate-200 p-4"
            >
              <h3 className="text-sm font-semibold text-slate-900">{name}</h3>
              <StepStatusControl
                business={business}
                kind={card.kind}
                name={name}
                feedbackTitles={documentFeedbackTitles}
                defaultFeedbackTitle={card.feedbackTitle}
              />
              {files.length > 0 && <FileList files={files} />}
            </article>
          );
        })}
      </div>
      {others.length > 0 && (
        <div>
          <h3 className="mb-2 text-sm font-semibold text-slate-700">Other documents</h3>
          <FileList files={toFileItems(others)} />
        </div>
      )}
    </div>
  );
}
