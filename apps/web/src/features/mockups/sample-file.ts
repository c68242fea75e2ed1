import type { FileItem } from '#/components/file-list.tsx';

/** A sample document of the fixtures: what the list shows of it. */
export interface SampleDocument {
  id: string;
  title: string;
  fileName: string;
  /** In bytes, shown in KB. */
  size: number;
}

/**
 * A mock-up's file as the shared file list shows it. Its download is a short text made in the
 * browser (a data: address), so the link works and still nothing is fetched.
 */
export function sampleFileItem(document: SampleDocument, action?: FileItem['action']): FileItem {
  const text = `${document.title}\n\nSample file of the Formation Desk preview: it holds no client data.\n`;
  return {
    key: document.id,
    title: document.title,
    fileName: document.fileName.replace(/\.[^.]+$/, '.txt'),
    size: document.size,
    url: `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`,
    isLocal: true,
    action,
  };
}
