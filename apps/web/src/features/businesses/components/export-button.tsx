import { useEffect, useRef, useState } from 'react';
import { exportTexts } from '@fd/contract';
import { Button } from '#/components/ui/button.tsx';
import { formatCount } from '#/lib/format.ts';
import type { BusinessListView } from '../business-list-view.ts';
import {
  businessExportQuery,
  downloadBusinessExport,
  exportFailureMessage,
  formatExportProgress,
  saveFile,
} from '../business-export.ts';

type ExportState =
  | { kind: 'idle' }
  | { kind: 'running'; rows: number; total: number | undefined }
  | { kind: 'done'; rows: number; fileName: string }
  | { kind: 'stopped'; message: string; cancelled: boolean };

/**
 * 'Export CSV' (docs/product.md §11.3): the view on screen as a file, every page of it. While it
 * downloads, the rows received (of the list's total when it is exact) and a Cancel button that
 * stops the download and the server's work; leaving the screen cancels it too.
 */
export function ExportButton({
  view,
  total,
}: {
  view: BusinessListView;
  /** The view's row count when exact; the progress then reads '12,000 of 40,000 rows'. */
  total: number | undefined;
}) {
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const running = useRef<AbortController | null>(null);
  const exportButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  useEffect(() => () => running.current?.abort(), []);

  const isRunning = state.kind === 'running';
  const wasRunning = useRef(false);
  useEffect(() => {
    if (isRunning) cancelButton.current?.focus();
    // Cancel, which had the focus, is gone: the focus goes back to where the export began,
    // unless the manager has moved it elsewhere meanwhile.
    else if (wasRunning.current && document.activeElement === document.body) {
      exportButton.current?.focus();
    }
    wasRunning.current = isRunning;
  }, [isRunning]);

  async function start() {
    const controller = new AbortController();
    running.current = controller;
    const started = { total };
    setState({ kind: 'running', rows: 0, ...started });
    try {
      const exported = await downloadBusinessExport(businessExportQuery(view), {
        signal: controller.signal,
        onRows: (rows) => setState({ kind: 'running', rows, ...started }),
      });
      saveFile(exported);
      setState({ kind: 'done', rows: exported.rows, fileName: exported.fileName });
    } catch (error) {
      if (running.current !== controller) return;
      setState({
        kind: 'stopped',
        message: exportFailureMessage(error),
        cancelled: controller.signal.aborted,
      });
    } finally {
      if (running.current === controller) running.current = null;
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
      <Button
        ref={exportButton}
        variant="secondary"
        isLoading={isRunning}
        loadingText={exportTexts.button}
        onClick={() => void start()}
      >
        {exportTexts.button}
      </Button>
      {state.kind === 'running' && (
        <>
          <progress
            aria-label={exportTexts.progressLabel}
            className="h-2 w-28 accent-indigo-600"
            {...(state.total ? { max: state.total, value: Math.min(state.rows, state.total) } : {})}
          />
          <Button ref={cancelButton} variant="ghost" onClick={() => running.current?.abort()}>
            {exportTexts.cancel}
          </Button>
        </>
      )}
      <p role="status" className="min-w-0 text-slate-600 empty:hidden">
        {state.kind === 'running' && formatExportProgress(state.rows, state.total)}
        {state.kind === 'done' &&
          `Exported ${formatCount(state.rows)} ${state.rows === 1 ? 'row' : 'rows'} to ${state.fileName}.`}
        {state.kind === 'stopped' && state.cancelled && state.message}
      </p>
      {state.kind === 'stopped' && !state.cancelled && (
        <p role="alert" className="min-w-0 text-red-700">
          {state.message}
        </p>
      )}
    </div>
  );
}
