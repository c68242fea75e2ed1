/**
 * How a status reads and which colour its badge takes (docs/product.md §4.3–§4.5): Pending
 * amber, Processing blue, Approved and Completed green, Failed red. The business list's Status
 * column and the manage screen's steps share these; each screen decides which values it knows.
 */
import type { BadgeTone } from './ui/badge.tsx';

export interface StatusDisplay {
  label: string;
  tone: BadgeTone;
}

export const statusDisplays = {
  PENDING: { label: 'Pending', tone: 'amber' },
  PROCESSING: { label: 'Processing', tone: 'blue' },
  APPROVED: { label: 'Approved', tone: 'green' },
  COMPLETED: { label: 'Completed', tone: 'green' },
  FAILED: { label: 'Failed', tone: 'red' },
} as const satisfies Record<string, StatusDisplay>;

/** A value the screen does not know. */
export const unknownStatusDisplay: StatusDisplay = { label: 'Unknown', tone: 'slate' };
