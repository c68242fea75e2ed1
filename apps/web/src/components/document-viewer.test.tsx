import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useState, type ReactNode } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DropdownMenu } from './ui/dropdown-menu.tsx';
import { DocumentViewer, viewerTexts, type ViewedDocument } from './document-viewer.tsx';

// Images and a file the viewer only offers for download: jsdom draws no PDF, the end-to-end
// spec does (e2e/tests/document-viewer.spec.ts). What is tested here is the controls.
const documents: ViewedDocument[] = [
  {
    key: 1,
    title: 'International passport',
    fileName: 'passport.png',
    contentType: 'image/png',
    url: '/files/1',
  },
  {
    key: 2,
    title: 'National ID',
    fileName: 'national-id.jpg',
    contentType: 'image/jpeg',
    url: '/files/2',
  },
  {
    key: 3,
    title: 'Company register',
    fileName: 'register.docx',
    contentType: 'application/octet-stream',
    url: '/files/3',
  },
];

function Harness({ actions }: { actions?: (document: ViewedDocument) => ReactNode }) {
  const [index, setIndex] = useState<number | null>(null);
  return (
    <>
      <button type="button" onClick={() => setIndex(0)}>
        Open the viewer
      </button>
      <DocumentViewer
        documents={documents}
        index={index}
        onIndexChange={setIndex}
        onClose={() => setIndex(null)}
        actions={actions}
      />
    </>
  );
}

/** Keys that got past the viewer to the page, where the app's own shortcuts listen. */
let keysReachingThePage: string[] = [];
const recordKey = (event: KeyboardEvent) => keysReachingThePage.push(event.key);
beforeEach(() => {
  keysReachingThePage = [];
  document.addEventListener('keydown', recordKey);
});
afterEach(() => document.removeEventListener('keydown', recordKey));

async function openViewer(actions?: (document: ViewedDocument) => ReactNode) {
  const user = userEvent.setup();
  render(<Harness actions={actions} />);
  await user.click(screen.getByRole('button', { name: 'Open the viewer' }));
  return { user, viewer: screen.getByRole('dialog', { name: 'International passport' }) };
}

const zoomShown = () => screen.getByRole('status', { name: 'Zoom' });

describe('DocumentViewer', () => {
  it('opens on the document asked for, with its place and the first control focused', async () => {
    const { viewer } = await openViewer();
    expect(viewer).toHaveAccessibleDescription('Document 1 of 3 · passport.png');
    // The first control has focus; at an end it stays focusable but does nothing.
    const previous = within(viewer).getByRole('button', { name: viewerTexts.previousDocument });
    expect(previous).toHaveFocus();
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    expect(
      within(viewer).getByRole('link', { name: 'Download International passport' }),
    ).toHaveAttribute('href', '/files/1');
  });

  it('moves through the documents with the arrow keys and the buttons, stopping at the ends', async () => {
    const { user } = await openViewer();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'National ID' })).toHaveAccessibleDescription(
      'Document 2 of 3 · national-id.jpg',
    );
    await user.keyboard('{ArrowRight}');
    const last = screen.getByRole('dialog', { name: 'Company register' });
    // Neither a PDF nor an image: offered for download, with no zoom.
    expect(within(last).getByText(viewerTexts.unsupported)).toBeInTheDocument();
    expect(
      within(last).queryByRole('button', { name: viewerTexts.zoomIn }),
    ).not.toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Company register' })).toBeInTheDocument();

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: 'National ID' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: viewerTexts.previousDocument }));
    expect(screen.getByRole('dialog', { name: 'International passport' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: viewerTexts.nextDocument }));
    expect(screen.getByRole('dialog', { name: 'National ID' })).toBeInTheDocument();
    expect(keysReachingThePage).toEqual([]);
  });

  it('zooms with + and - by steps, within its bounds, and each document starts fitted', async () => {
    const { user, viewer } = await openViewer();
    expect(zoomShown()).toHaveTextContent('100%');
    await user.keyboard('+');
    expect(zoomShown()).toHaveTextContent('125%');
    await user.keyboard('=');
    expect(zoomShown()).toHaveTextContent('150%');
    await user.keyboard('---');
    expect(zoomShown()).toHaveTextContent('75%');
    await user.keyboard('--');
    expect(zoomShown()).toHaveTextContent('50%');
    expect(within(viewer).getByRole('button', { name: viewerTexts.zoomOut })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(within(viewer).getByRole('button', { name: viewerTexts.zoomIn }));
    expect(zoomShown()).toHaveTextContent('75%');
    // Still loading in jsdom, so hidden: its width is the zoom's share of the box.
    expect(viewer.querySelector('img[alt="International passport"]')).toHaveStyle({
      width: '75%',
    });

    await user.keyboard('{ArrowRight}');
    expect(zoomShown()).toHaveTextContent('100%');
    expect(keysReachingThePage).toEqual([]);
  });

  it('keeps its keys from the page, but not the keys it does not handle', async () => {
    const { user } = await openViewer();
    await user.keyboard('j?');
    expect(keysReachingThePage).toEqual(['j', '?']);
  });

  it('keeps focus inside while open and closes on Escape, giving focus back', async () => {
    const { user, viewer } = await openViewer();
    const first = within(viewer).getByRole('button', { name: viewerTexts.previousDocument });
    const close = within(viewer).getByRole('button', { name: viewerTexts.close });
    // Backwards from the first control goes round to the last, and on again to the first.
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
    await user.tab();
    expect(first).toHaveFocus();

    keysReachingThePage = [];
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open the viewer' })).toHaveFocus();
    expect(keysReachingThePage).toEqual([]);
  });

  it('closes with its Close button, giving focus back', async () => {
    const { user, viewer } = await openViewer();
    await user.click(within(viewer).getByRole('button', { name: viewerTexts.close }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open the viewer' })).toHaveFocus();
  });

  it('leaves a menu inside it its own keys: arrows move in the menu, Escape closes the menu alone', async () => {
    const chosen: string[] = [];
    const { user, viewer } = await openViewer((shown) => (
      <DropdownMenu
        label={`Change status of ${shown.title}`}
        trigger="Change status"
        items={['Approved', 'Failed'].map((label) => ({
          label,
          onSelect: () => chosen.push(`${shown.title}: ${label}`),
        }))}
      />
    ));
    await user.click(
      within(viewer).getByRole('button', { name: 'Change status of International passport' }),
    );
    expect(screen.getByRole('menuitem', { name: 'Approved' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(screen.getByRole('dialog', { name: 'International passport' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Failed' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menuitem')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'International passport' })).toBeInTheDocument();
    await user.click(
      within(viewer).getByRole('button', { name: 'Change status of International passport' }),
    );
    await user.click(screen.getByRole('menuitem', { name: 'Failed' }));
    expect(chosen).toEqual(['International passport: Failed']);
  });
});
