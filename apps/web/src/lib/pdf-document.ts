import type { PDFDocumentProxy, PDFPageProxy, PageViewport } from 'pdfjs-dist';

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

/** A page's text being laid out; `cancel` stops it (the next page or zoom is asked for). */
export interface PdfTextLayer {
  /** Resolves with the layer, one span per run of text, once every run is placed. */
  done: Promise<HTMLElement>;
  cancel: () => void;
}

/**
 * A page's text as PDF.js's `TextLayer` lays it out: transparent spans placed over the drawn
 * page, so that it can be selected and copied (docs/product.md §12.2). The layer is sized from
 * `--total-scale-factor`, which the page's box sets to its CSS pixels per PDF point, and its
 * rules are ours (`pdf-text-layer.css`), loaded with it rather than with any screen.
 */
export function layOutPdfText(page: PDFPageProxy, viewport: PageViewport): PdfTextLayer {
  const layer = document.createElement('div');
  layer.className = 'pdf-text-layer';
  let cancel = () => {};
  let cancelled = false;
  const done = (async () => {
    const [{ TextLayer }] = await Promise.all([
      import('pdfjs-dist'),
      import('./pdf-text-layer.css'),
    ]);
    if (cancelled) throw new Error('The text layer was cancelled.');
    const text = new TextLayer({
      textContentSource: page.streamTextContent(),
      container: layer,
      viewport,
    });
    cancel = () => text.cancel();
    await text.render();
    return layer;
  })();
  return {
    done,
    cancel: () => {
      cancelled = true;
      cancel();
    },
  };
}

/** Frees what PDF.js's text layers keep between pages, once no PDF is shown. */
export async function releasePdfText(): Promise<void> {
  const { TextLayer } = await import('pdfjs-dist');
  TextLayer.cleanup();
}

export type { PDFDocumentProxy };
