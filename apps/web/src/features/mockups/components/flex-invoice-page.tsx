import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Check, CreditCard, X } from 'lucide-react';
import { ConfirmDialog } from '#/components/confirm-dialog.tsx';
import { DetailRows } from '#/components/detail-list.tsx';
import { GoBackLink } from '#/components/go-back-link.tsx';
import { Section } from '#/components/section.tsx';
import { Badge } from '#/components/ui/badge.tsx';
import { Button } from '#/components/ui/button.tsx';
import { paths } from '#/config/paths.ts';
import { formatDate, orNil } from '#/lib/format.ts';
import { sampleInvoices, type SampleInvoice } from '../fixtures/invoices.ts';
import { formatAmount } from '../invoice-display.ts';
import { statusTones, type InvoiceStatus } from '../mock-statuses.ts';
import { mockupTexts } from '../texts.ts';
import { MissingSample, MockupPage, pickSample } from './preview-notice.tsx';

/** The screen's feedback after each action; none of them saves or charges anything. */
export const invoiceFeedback = {
  paid: 'Payment is not taken in this preview: nothing was charged.',
  approved: (invoiceNo: string) =>
    `Invoice ${invoiceNo} reads Approved on this preview; nothing was saved.`,
  rejected: (invoiceNo: string) =>
    `Invoice ${invoiceNo} reads Rejected on this preview; nothing was saved.`,
};

const decisions = {
  approve: {
    question: mockupTexts.invoiceApproveConfirm,
    confirmLabel: mockupTexts.approveInvoice,
    status: 'Approved',
    feedback: invoiceFeedback.approved,
  },
  reject: {
    question: mockupTexts.invoiceRejectConfirm,
    confirmLabel: mockupTexts.rejectInvoice,
    status: 'Rejected',
    feedback: invoiceFeedback.rejected,
  },
} as const satisfies Record<
  string,
  {
    question: string;
    confirmLabel: string;
    status: InvoiceStatus;
    feedback: (invoiceNo: string) => string;
  }
>;

type Decision = keyof typeof decisions;

/**
 * /flex-invoice (docs/product.md §2.4): one sample invoice — `?no=` picks it, the first
 * otherwise — with its details, the client, 'Pay now', 'Reject invoice' and 'Approve invoice'.
 */
export function FlexInvoicePage() {
  const [searchParams] = useSearchParams();
  const invoiceNo = searchParams.get('no');
  const invoice = pickSample(sampleInvoices, invoiceNo, (item) => item.invoiceNo);

  if (!invoice) {
    return (
      <MissingSample
        title="Invoice"
        backTo={paths.flexDashboard}
        text={`There is no sample invoice ${invoiceNo} in this preview.`}
      />
    );
  }
  // Keyed, so another invoice starts from its own status.
  return <InvoiceReview key={invoice.invoiceNo} invoice={invoice} />;
}

function InvoiceReview({ invoice }: { invoice: SampleInvoice }) {
  const [status, setStatus] = useState<InvoiceStatus>(invoice.status);
  const [pending, setPending] = useState<Decision | null>(null);
  const [feedback, setFeedback] = useState('');
  const total = invoice.lines.reduce((sum, line) => sum + line.amount, 0);

  const confirm = () => {
    if (!pending) return;
    const decision = decisions[pending];
    setStatus(decision.status);
    setFeedback(decision.feedback(invoice.invoiceNo));
    setPending(null);
  };

  return (
    <MockupPage
      title={`Invoice ${invoice.invoiceNo}`}
      actions={<GoBackLink to={paths.flexDashboard} />}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Badge tone={statusTones[status]}>{status}</Badge>
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => setFeedback(invoiceFeedback.paid)}>
            <CreditCard aria-hidden="true" className="size-4" />
            {mockupTexts.payNow}
          </Button>
          <Button variant="danger" onClick={() => setPending('reject')}>
            <X aria-hidden="true" className="size-4" />
            {mockupTexts.rejectInvoice}
          </Button>
          <Button onClick={() => setPending('approve')}>
            <Check aria-hidden="true" className="size-4" />
            {mockupTexts.approveInvoice}
          </Button>
        </div>
      </div>
      <p
        role="status"
        className={
          feedback ? 'rounded-xl bg-slate-100 px-4 py-3 text-sm text-slate-800' : 'sr-only'
        }
      >
        {feedback}
      </p>

      <Section title="Invoice details">
        <DetailRows
          rows={[
            { label: 'Invoice no', value: invoice.invoiceNo },
            { label: 'Request', value: invoice.request },
            { label: 'Creation date', value: orNil(formatDate(invoice.createdAt)) },
            { label: 'Due date', value: orNil(formatDate(invoice.dueAt)) },
            { label: 'Business name', value: invoice.businessName },
            { label: 'Amount', value: formatAmount(invoice.amount) },
          ]}
        />
        <table className="mt-6 w-full text-sm">
          <caption className="sr-only">Invoice lines</caption>
          <thead>
            <tr className="text-left text-xs tracking-wide text-slate-600 uppercase">
              <th scope="col" className="pb-2 font-medium">
                Description
              </th>
              <th scope="col" className="pb-2 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {invoice.lines.map((line) => (
              <tr key={line.description}>
                <td className="py-2.5 text-slate-900">{line.description}</td>
                <td className="py-2.5 text-right text-slate-700 tabular-nums">
                  {formatAmount(line.amount)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t border-slate-200 font-semibold text-slate-900">
              <th scope="row" className="pt-2.5 text-left">
                Total
              </th>
              <td className="pt-2.5 text-right tabular-nums">{formatAmount(total)}</td>
            </tr>
          </tfoot>
        </table>
      </Section>

      <Section title="Client info">
        <DetailRows
          rows={[
            { label: 'Name', value: invoice.clientName },
            { label: 'Email', value: invoice.clientEmail },
            { label: 'Country', value: invoice.clientCountry },
          ]}
        />
      </Section>

      <ConfirmDialog
        open={pending !== null}
        title={pending ? decisions[pending].question : ''}
        description={
          pending
            ? `Invoice ${invoice.invoiceNo} will read ${decisions[pending].status}.`
            : undefined
        }
        confirmLabel={pending ? decisions[pending].confirmLabel : ''}
        confirmVariant={pending === 'reject' ? 'danger' : 'primary'}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      />
    </MockupPage>
  );
}
