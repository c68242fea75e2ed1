import {
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import type { StoredDocument } from '@fd/contract';
import { ChevronLeft, ChevronRight, Download, ZoomIn, ZoomOut } from 'lucide-react';
import { Button, buttonClassName } from './ui/button.tsx';
import { Dialog } from './ui/dialog.tsx';
import { MENU_ITEM } from './ui/popover.tsx';
import { scrollBoxFocusClassName, useKeyboardScroll } from './ui/keyboard-scroll.ts';
import { Spinner } from './ui/spinner.tsx';
import { classNames } from '#/lib/class-names.ts';
import {
  layOutPdfText,
  openPdfDocument,
  releasePdfText,
  type PdfTextLayer,
  type PDFDocumentProxy,
} from '#/lib/pdf-document.ts';

/** A stored file as the viewer shows it: its signed link and its stored type. */
export interface ViewedDocument {
  key: string | number;
  title: string;
  fileName: string;
  contentType: string;
  url: string;
}

/** A business's stored documents (its detail's `documents`), in the order given. */
export const toViewedDocuments = (files: readonly StoredDocument[]): ViewedDocument[] =>
  files.map((file) => ({
    key: file.id,
    title: file.document_title,
    fileName: file.file_name,
    contentType: file.content_type,
    url: file.file,
  }));

interface DocumentViewerProps {
  documents: readonly ViewedDocument[];
  /** The shown document's place in `documents`; null keeps the viewer closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Under the controls, for the shown document: its status and picker, say. */
  actions?: ((document: ViewedDocument) => ReactNode) | undefined;
}

/** How large the document is drawn, as a share of the box's width: 100 % fits it. */
export const zoomSteps = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
const FIT_STEP = zoomSteps.indexOf(1);

export const viewerTexts = {
  previousDocument: 'Previous document',
  nextDocument: 'Next document',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  close: 'Close',
  loading: 'Loading the document',
  failed: 'This document could not be shown here. Download it to open it.',
  unsupported: 'Only PDF files and images are shown here. Download it to open it.',
} as const;

/** A PDF or an image: the rest is offered for download only. */
type DocumentKind = 'pdf' | 'image' | 'other';
const kindOf = (contentType: string): DocumentKind =>
  contentType === 'application/pdf' ? 'pdf' : contentType.startsWith('image/') ? 'image' : 'other';

/** Keys typed into a field or moved within a menu are theirs, not the viewer's. */
const ownsItsKeys = (target: HTMLElement) =>
  target.closest(`input, textarea, select, [role="listbox"], ${MENU_ITEM}`) !== null;

/**
 * Documents in place (docs/product.md §12.2): one document at a time in the shared dialog, a
 * PDF drawn page by page by PDF.js (loaded on the first PDF), an image as it is; previous and
 * next document, pages, zoom and a download link. Keys: ←/→ documents, Page Up/Page Down pages,
 * + and - zoom, Escape closes; each key handled here goes no further, so the app's own
 * shortcuts do not also act on it.
 */
export function DocumentViewer({ documents, index, ...props }: DocumentViewerProps) {
  const shown = index === null ? undefined : documents[index];
  if (!shown || index === null) return null;
  return <ViewerDialog {...props} document={shown} index={index} count={documents.length} />;
}

interface ViewerDialogProps extends Omit<DocumentViewerProps, 'documents' | 'index'> {
  document: ViewedDocument;
  index: number;
  count: number;
}

/** Where the manager is in one document; another document starts on page 1, fitted. */
interface DocumentPlace {
  key: ViewedDocument['key'];
  page: number;
  pageCount: number;
  zoomStep: number;
}

function ViewerDialog({
  document,
  index,
  count,
  onIndexChange,
  onClose,
  actions,
}: ViewerDialogProps) {
  const kind = kindOf(document.contentType);
  const start: DocumentPlace = {
    key: document.key,
    page: 1,
    pageCount: kind === 'pdf' ? 0 : 1,
    zoomStep: FIT_STEP,
  };
  const [kept, setPlace] = useState(start);
  const place = kept.key === document.key ? kept : start;
  const { page, pageCount, zoomStep } = place;
  const zoom = zoomSteps[zoomStep] ?? 1;
  const scroll = useKeyboardScroll<HTMLDivElement>();

  const change = (next: Partial<DocumentPlace>) => setPlace({ ...place, ...next });
  const hasPrevious = index > 0;
  const hasNext = index < count - 1;
  const showPrevious = () => hasPrevious && onIndexChange(index - 1);
  const showNext = () => hasNext && onIndexChange(index + 1);
  const showPage = (next: number) =>
    change({ page: Math.min(Math.max(1, next), Math.max(1, pageCount)) });
  const zoomBy = (steps: number) =>
    change({ zoomStep: Math.min(Math.max(0, zoomStep + steps), zoomSteps.length - 1) });

  const keyActions: Record<string, () => unknown> = {
    ArrowLeft: showPrevious,
    ArrowRight: showNext,
    PageUp: () => showPage(page - 1),
    PageDown: () => showPage(page + 1),
    '+': () => zoomBy(1),
    '=': () => zoomBy(1),
    '-': () => zoomBy(-1),
    Escape: onClose,
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    // A dialog opened from here (the report) is inside this one in React's tree only: its
    // keys are its own.
    if (!event.currentTarget.contains(target) || ownsItsKeys(target)) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const action = keyActions[event.key];
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    action();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={document.title}
      description={`Document ${index + 1} of ${count} · ${document.fileName}`}
      size="wide"
      onKeyDown={onKeyDown}
    >
      <div className="space-y-3">
        <div
          role="group"
          aria-label="Document controls"
          className="flex flex-wrap items-center gap-2"
        >
          <ViewerControl
            variant="secondary"
            label={viewerTexts.previousDocument}
            shortcut="ArrowLeft"
            enabled={!!hasPrevious}
            onClick={showPrevious}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
          </ViewerControl>
          <ViewerControl
            variant="secondary"
            label={viewerTexts.nextDocument}
            shortcut="ArrowRight"
            enabled={!!hasNext}
            onClick={showNext}
          >
            <ChevronRight aria-hidden="true" className="size-4" />
          </ViewerControl>
          {kind === 'pdf' && pageCount > 0 && (
            <div className="flex items-center gap-1">
              <ViewerControl
                variant="ghost"
                label={viewerTexts.previousPage}
                shortcut="PageUp"
                enabled={!(page <= 1)}
                onClick={() => showPage(page - 1)}
              >
                <ChevronLeft aria-hidden="true" className="size-4" />
              </ViewerControl>
              <span aria-live="polite" className="text-sm text-slate-700 tabular-nums">
                Page {page} of {pageCount}
              </span>
              <ViewerControl
                variant="ghost"
                label={viewerTexts.nextPage}
                shortcut="PageDown"
                enabled={!(page >= pageCount)}
                onClick={() => showPage(page + 1)}
              >
                <ChevronRight aria-hidden="true" className="size-4" />
              </ViewerControl>
            </div>
          )}
          {kind !== 'other' && (
            <div className="flex items-center gap-1">
              <ViewerControl
                variant="ghost"
                label={viewerTexts.zoomOut}
                shortcut="-"
                enabled={!(zoomStep === 0)}
                onClick={() => zoomBy(-1)}
              >
                <ZoomOut aria-hidden="true" className="size-4" />
              </ViewerControl>
              <output
                aria-label="Zoom"
                className="w-12 text-center text-sm text-slate-700 tabular-nums"
              >
                {Math.round(zoom * 100)}%
              </output>
              <ViewerControl
                variant="ghost"
                label={viewerTexts.zoomIn}
                shortcut="+"
                enabled={!(zoomStep === zoomSteps.length - 1)}
                onClick={() => zoomBy(1)}
              >
                <ZoomIn aria-hidden="true" className="size-4" />
              </ViewerControl>
            </div>
          )}
          <div className="ml-auto flex items-center gap-2">
            <a
              href={document.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Download ${document.title}`}
              className={buttonClassName('secondary', 'px-3 py-1.5')}
            >
              <Download aria-hidden="true" className="size-4" />
              <span className="max-sm:hidden">Download</span>
            </a>
            <Button variant="secondary" className="px-3 py-1.5" onClick={onClose}>
              {viewerTexts.close}
            </Button>
          </div>
        </div>
        {actions?.(document)}
        <div
          {...scroll}
          role="group"
          aria-label={`${document.title}, shown`}
          className={classNames(
            'h-[60vh] overflow-auto rounded-xl border border-slate-200 bg-slate-100',
            scrollBoxFocusClassName,
          )}
        >
          {kind === 'pdf' && (
            <PdfPage
              key={document.key}
              document={document}
              page={page}
              zoom={zoom}
              onPageCount={(pages) =>
                setPlace((now) => ({
                  ...(now.key === document.key ? now : start),
                  pageCount: pages,
                }))
              }
            />
          )}
          {kind === 'image' && <ImageView key={document.key} document={document} zoom={zoom} />}
          {kind === 'other' && <ViewerMessage>{viewerTexts.unsupported}</ViewerMessage>}
        </div>
      </div>
    </Dialog>
  );
}

interface ViewerControlProps {
  variant: 'secondary' | 'ghost';
  label: string;
  shortcut: string;
  /** At an end (the last document, the smallest zoom) the control stays focusable but inert. */
  enabled: boolean;
  onClick: () => unknown;
  children: ReactNode;
}

/**
 * A control of the viewer, named for screen readers and showing its key. Not `disabled` at an
 * end: a disabled button loses focus, and the keys with it (they reach the viewer from inside).
 */
function ViewerControl({
  variant,
  label,
  shortcut,
  enabled,
  onClick,
  children,
}: ViewerControlProps) {
  return (
    <Button
      variant={variant}
      className="px-2.5 py-1.5 aria-disabled:cursor-not-allowed aria-disabled:text-slate-400"
      aria-label={label}
      aria-keyshortcuts={shortcut}
      aria-disabled={!enabled || undefined}
      onClick={enabled ? onClick : undefined}
    >
      {children}
    </Button>
  );
}

function ViewerMessage({ children }: { children: ReactNode }) {
  return (
    <p className="flex h-full items-center justify-center p-6 text-center text-sm text-slate-600">
      {children}
    </p>
  );
}

function ViewerLoading() {
  return (
    <div className="flex h-full items-center justify-center text-indigo-600">
      <Spinner label={viewerTexts.loading} className="size-8" />
    </div>
  );
}

/** An image from its signed link: an image element never runs what a file holds. */
function ImageView({ document, zoom }: { document: ViewedDocument; zoom: number }) {
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');
  if (state === 'failed') return <ViewerMessage>{viewerTexts.failed}</ViewerMessage>;
  return (
    <>
      {state === 'loading' && <ViewerLoading />}
      <img
        src={document.url}
        alt={document.title}
        onLoad={() => setState('shown')}
        onError={() => setState('failed')}
        hidden={state === 'loading'}
        style={{ width: `${zoom * 100}%` }}
        className="mx-auto block h-auto max-w-none"
      />
    </>
  );
}

interface PdfPageProps {
  document: ViewedDocument;
  page: number;
  zoom: number;
  onPageCount: (pages: number) => void;
}

/**
 * One page of a PDF on a canvas, its text over it. The bytes are fetched from the signed link
 * (the download's `attachment` disposition does not stop a script reading them) and handed to
 * PDF.js; the canvas is drawn for the box's width times the zoom, at the screen's pixel
 * density. Over it PDF.js's text layer places the page's text in transparent spans, so that it
 * can be selected and copied: they follow the page's box through `--total-scale-factor`, its
 * CSS pixels per PDF point, which the box sets whenever its width changes (a zoom, the window).
 */
function PdfPage({ document, page, zoom, onPageCount }: PdfPageProps) {
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const reportPages = useEffectEvent(onPageCount);

  useEffect(() => {
    const controller = new AbortController();
    let opened: PDFDocumentProxy | null = null;
    (async () => {
      const response = await fetch(document.url, { signal: controller.signal });
      if (!response.ok) throw new Error(`The file answered ${response.status}.`);
      opened = await openPdfDocument(new Uint8Array(await response.arrayBuffer()));
      if (controller.signal.aborted) return;
      reportPages(opened.numPages);
      setPdf(opened);
    })().catch(() => {
      if (!controller.signal.aborted) setFailed(true);
    });
    return () => {
      controller.abort();
      if (opened) void opened.destroy().then(releasePdfText);
    };
  }, [document.url]);

  useEffect(() => {
    const box = boxRef.current;
    const canvas = canvasRef.current;
    if (!pdf || !box || !canvas) return;
    let cancelled = false;
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    let text: PdfTextLayer | null = null;
    let resizes: ResizeObserver | null = null;
    (async () => {
      const pdfPage = await pdf.getPage(page);
      if (cancelled) return;
      const natural = pdfPage.getViewport({ scale: 1 });
      const fitScale = () => (box.clientWidth || natural.width) / natural.width;
      const cssScale = fitScale();
      box.style.setProperty('--total-scale-factor', String(cssScale));
      resizes = new ResizeObserver(() =>
        box.style.setProperty('--total-scale-factor', String(fitScale())),
      );
      resizes.observe(box);
      const viewport = pdfPage.getViewport({ scale: cssScale * (window.devicePixelRatio || 1) });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      task = pdfPage.render({ canvas, viewport });
      // Another page's text goes now; a zoom's keeps it until the new one is placed.
      const last = box.querySelector<HTMLElement>('.pdf-text-layer');
      if (last && last.dataset.page !== String(page)) last.remove();
      text = layOutPdfText(pdfPage, pdfPage.getViewport({ scale: cssScale }));
      // A page whose text cannot be laid out is still shown, drawn.
      const [layer] = await Promise.all([text.done.catch(() => null), task.promise]);
      if (cancelled || !layer) return;
      layer.dataset.page = String(page);
      box.querySelector('.pdf-text-layer')?.remove();
      box.append(layer);
    })().catch((error: unknown) => {
      // A render cancelled for the next zoom or page is no failure.
      if (!cancelled && !(error instanceof Error && error.name === 'RenderingCancelledException')) {
        setFailed(true);
      }
    });
    return () => {
      cancelled = true;
      task?.cancel();
      text?.cancel();
      resizes?.disconnect();
    };
  }, [pdf, page, zoom]);

  if (failed) return <ViewerMessage>{viewerTexts.failed}</ViewerMessage>;
  return (
    <>
      {!pdf && <ViewerLoading />}
      <div
        ref={boxRef}
        hidden={!pdf}
        style={{ width: `${zoom * 100}%` }}
        className="relative mx-auto max-w-none"
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`${document.title}, page ${page}`}
          className="block h-auto w-full bg-white"
        />
      </div>
    </>
  );
}
