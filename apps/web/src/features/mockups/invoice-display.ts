import { paths } from '#/config/paths.ts';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** An invoice amount in US dollars: `$1,250.00`. */
export const formatAmount = (amount: number): string => dollars.format(amount);

/** Where an invoice opens: the mock-up reads the invoice number from the address. */
export const flexInvoicePath = (invoiceNo: string): string =>
  `${paths.flexInvoice}?${new URLSearchParams({ no: invoiceNo }).toString()}`;
