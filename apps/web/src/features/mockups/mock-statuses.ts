/**
 * The mock pickers' choices, colours and questions (docs/product.md §4.6). Colours follow the
 * real screens (docs/product.md §4.4): pending amber, in progress blue, done green, failed red.
 */
import type { BadgeTone } from '#/components/ui/badge.tsx';
import { mockupTexts } from './texts.ts';

export const clientStatuses = ['Pending', 'Processing', 'Done', 'Failed'] as const;
export type ClientStatus = (typeof clientStatuses)[number];

export const documentStatuses = ['Pending', 'Approved', 'Failed'] as const;
export type DocumentStatus = (typeof documentStatuses)[number];

export const invoiceStatuses = ['Appeal', 'Awaiting review', 'Rejected', 'Approved'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

export const statusTones: Record<ClientStatus | DocumentStatus | InvoiceStatus, BadgeTone> = {
  Pending: 'amber',
  Processing: 'blue',
  Done: 'green',
  Approved: 'green',
  Failed: 'red',
  Appeal: 'amber',
  'Awaiting review': 'blue',
  Rejected: 'red',
};

/** What each document-status choice asks before it applies. */
export const documentStatusQuestions: Record<DocumentStatus, string> = {
  Pending: 'You are about to update this document status to pending',
  Approved: mockupTexts.documentStatusConfirm,
  Failed: 'You are about to update this document status to fail',
};

/** Error categories offered when a mock-up's client status is set to Failed. */
export const errorCategories = [
  'Missing document',
  'Unreadable document',
  'Information mismatch',
  'Payment issue',
  'Other',
] as const;
