/**
 * The keyboard shortcuts (docs/product.md §12.3; docs/decisions/108-one-shortcut-registry.md): one
 * catalogue that the `?` dialog lists and the handlers bind to, and one dispatcher that reads
 * every key the page does not take itself.
 */
import { formationStepKeys, formationStepNames, type FormationStepKey } from '@fd/contract';
import { paths } from '#/config/paths.ts';

/** A screen `g` then its letter opens; the command menu offers the same list. */
export interface GoToScreen {
  letter: string;
  name: string;
  path: string;
}

/**
 * `g` then a letter. One list for the handlers, the `?` dialog and the command menu: a new screen
 * is one more line.
 */
export const goToScreens: readonly GoToScreen[] = [
  { letter: 'b', name: 'Businesses', path: paths.business },
  { letter: 'd', name: 'Documents', path: paths.documents },
  { letter: 'r', name: 'Requests', path: paths.request },
  { letter: 'c', name: 'Compliance', path: paths.compliance },
  { letter: 'i', name: 'Insights', path: paths.insights },
  { letter: 'n', name: 'Notifications', path: paths.mobileNotifications },
  { letter: 's', name: 'Settings', path: paths.settings },
];

/**
 * The identity documents' steps, in the order of their cards in Verification documents (moved
 * there, not in Status management): `v` then 1, 2, 3 open their menus.
 */
export const documentMenuSteps: readonly FormationStepKey[] = [
  'government_id_status',
  'national_id_status',
  'utility_bill_status',
];

/**
 * The steps of the manage screen's Status management that have a status menu, in the order
 * shown: the digit keys 1, 2, … open their menus.
 */
export const statusMenuSteps: readonly FormationStepKey[] = formationStepKeys.filter(
  (key) => key !== 'document_verification_status' && !documentMenuSteps.includes(key),
);

/** The shortcut that opens a step's status menu on the manage screen. */
export const stepMenuShortcut = (key: FormationStepKey): string => `step-${key}`;

export type ShortcutGroup = 'Anywhere' | 'Lists' | 'Manage business';

export interface ShortcutDefinition {
  id: string;
  /** The keys pressed one after the other; a chord with Control reads `Mod+Enter`. */
  keys: readonly string[];
  description: string;
  group: ShortcutGroup;
  /** Also while typing in a field: chords with Control, and Escape. */
  inFields?: boolean;
}

/** Every shortcut: what the `?` dialog lists, in its order, and what handlers register for. */
export const shortcutCatalogue: readonly ShortcutDefinition[] = [
  { id: 'help', keys: ['?'], description: 'Show the keyboard shortcuts', group: 'Anywhere' },
  { id: 'search', keys: ['/'], description: 'Search businesses', group: 'Anywhere' },
  {
    id: 'command-menu',
    keys: ['Mod+k'],
    description: 'Open the command menu',
    group: 'Anywhere',
    inFields: true,
  },
  ...goToScreens.map((screen) => ({
    id: `go-${screen.letter}`,
    keys: ['g', screen.letter],
    description: `Go to ${screen.name}`,
    group: 'Anywhere' as const,
  })),
  {
    id: 'close',
    keys: ['Escape'],
    description: 'Close the open dialog or menu',
    group: 'Anywhere',
    inFields: true,
  },
  { id: 'list-next', keys: ['j'], description: 'Highlight the next row', group: 'Lists' },
  { id: 'list-previous', keys: ['k'], description: 'Highlight the previous row', group: 'Lists' },
  { id: 'list-open', keys: ['Enter'], description: 'Open the highlighted row', group: 'Lists' },
  ...statusMenuSteps.map((key, index) => ({
    id: stepMenuShortcut(key),
    keys: [String(index + 1)],
    description: `Open the status menu of ${formationStepNames[key]}`,
    group: 'Manage business' as const,
  })),
  ...documentMenuSteps.map((key, index) => ({
    id: stepMenuShortcut(key),
    keys: ['v', String(index + 1)],
    description: `Open the status menu of ${formationStepNames[key]}`,
    group: 'Manage business' as const,
  })),
  {
    id: 'comment-post',
    keys: ['Mod+Enter'],
    description: 'Post the comment being written',
    group: 'Manage business',
    inFields: true,
  },
];

/** How long `g` waits for its letter. */
export const SEQUENCE_TIMEOUT_MS = 1500;

/** What a handler answers: `false` when the key was not its to take (it then goes on as usual). */
export type ShortcutHandler = (event: KeyboardEvent) => boolean | void;

/** Typing in a field: a key there is text, not a shortcut. */
export function typingInField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable ||
      target.closest('[contenteditable]:not([contenteditable="false"])') !== null ||
      ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * A key as the catalogue names it: a letter in lower case, a sign as typed (Shift makes `?` of
 * `/`, so it counts for nothing there), `Mod+` before a key pressed with Control or ⌘, named keys
 * as the browser names them. A letter or named key with Shift, Alt, or Control with Shift, is
 * nobody's shortcut: those belong to the browser and the system.
 */
function chordOf(event: KeyboardEvent): string | null {
  if (event.altKey) return null;
  const named = event.key.length > 1;
  const key = named ? event.key : event.key.toLowerCase();
  if (event.ctrlKey || event.metaKey) return event.shiftKey ? null : `Mod+${key}`;
  const letter = !named && event.key.toLowerCase() !== event.key.toUpperCase();
  if (event.shiftKey && (named || letter)) return null;
  return key;
}

export interface ShortcutRegistry {
  /** Binds a handler to a catalogue entry while mounted; the latest one bound answers first. */
  register: (id: string, handler: ShortcutHandler) => () => void;
  /** A dialog, menu or panel that Escape closes; the last opened is on top. */
  pushLayer: (close: () => void) => () => void;
  handleKeyDown: (event: KeyboardEvent) => void;
}

export function createShortcutRegistry(
  catalogue: readonly ShortcutDefinition[] = shortcutCatalogue,
): ShortcutRegistry {
  const handlers = new Map<string, ShortcutHandler[]>();
  const layers: (() => void)[] = [];
  let pending: { first: string; timer: ReturnType<typeof setTimeout> } | null = null;

  const clearPending = () => {
    if (pending) clearTimeout(pending.timer);
    pending = null;
  };
  const bound = (definition: ShortcutDefinition) => (handlers.get(definition.id)?.length ?? 0) > 0;

  /** The latest handler that takes the key; true when one did. */
  const run = (definition: ShortcutDefinition, event: KeyboardEvent) => {
    const stack = handlers.get(definition.id) ?? [];
    for (const handler of [...stack].reverse()) {
      if (handler(event) !== false) {
        event.preventDefault();
        return true;
      }
    }
    return false;
  };

  const handleKeyDown = (event: KeyboardEvent) => {
    // A part of the page that took the key (a menu's arrows, a viewer's own keys) keeps it.
    if (event.defaultPrevented || event.isComposing) return;
    const chord = chordOf(event);
    if (chord === null) return;
    if (chord === 'Escape') {
      clearPending();
      const top = layers.at(-1);
      if (top) {
        event.preventDefault();
        top();
      }
      return;
    }
    // Under a dialog or an open menu the page's shortcuts wait: only Escape reaches it.
    if (layers.length > 0) return;
    const inField = typingInField(event.target);
    if (pending) {
      const first = pending.first;
      clearPending();
      const second = catalogue.find(
        (definition) =>
          definition.keys.length === 2 &&
          definition.keys[0] === first &&
          definition.keys[1] === chord &&
          bound(definition) &&
          (!inField || definition.inFields),
      );
      if (second && run(second, event)) return;
    }
    const usable = catalogue.filter(
      (definition) =>
        definition.keys[0] === chord && bound(definition) && (!inField || definition.inFields),
    );
    if (usable.some((definition) => definition.keys.length > 1)) {
      event.preventDefault();
      pending = { first: chord, timer: setTimeout(clearPending, SEQUENCE_TIMEOUT_MS) };
      return;
    }
    const single = usable.find((definition) => definition.keys.length === 1);
    if (single) run(single, event);
  };

  return {
    register(id, handler) {
      if (!catalogue.some((definition) => definition.id === id)) {
        throw new Error(`No shortcut "${id}" in the catalogue`);
      }
      const stack = handlers.get(id) ?? [];
      stack.push(handler);
      handlers.set(id, stack);
      return () => {
        const at = stack.lastIndexOf(handler);
        if (at >= 0) stack.splice(at, 1);
      };
    },
    pushLayer(close) {
      layers.push(close);
      return () => {
        const at = layers.lastIndexOf(close);
        if (at >= 0) layers.splice(at, 1);
      };
    },
    handleKeyDown,
  };
}

let pageRegistry: ShortcutRegistry | null = null;

/**
 * The page's registry, listening on the window once anything registers: in the bubbling phase,
 * after every part of the page had the key, so a part that stops it keeps it.
 */
export function shortcutRegistry(): ShortcutRegistry {
  if (!pageRegistry) {
    const registry = createShortcutRegistry();
    window.addEventListener('keydown', registry.handleKeyDown);
    pageRegistry = registry;
  }
  return pageRegistry;
}

/** How the `?` dialog writes a key. */
export const keyLabel = (key: string): string =>
  key === 'Mod+k' ? 'Ctrl K' : key === 'Mod+Enter' ? 'Ctrl Enter' : key === 'Escape' ? 'Esc' : key;
