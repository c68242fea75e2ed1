import type { PDFDocumentProxy } from 'pdfjs-dist';

/**
 * Opens a PDF from its bytes with PDF.js. The library and its worker load here, on the first
 * PDF a manager views, never with a screen (docs/decisions/107-documents-in-place.md): PDF.js
 * is about ten times a route's JavaScript budget. Scripts in the file never run: eval is off
 * and nothing but the page's drawing is rendered.
 */
export async function openPdfDocument(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs.getDocument({ data: bytes, isEvalSupported: false, enableXfa: false }).promise;
}

export type { PDFDocumentProxy };
