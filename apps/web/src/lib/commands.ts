/**
 * What the command menu (the top bar's quick jump, docs/product.md §12.3) offers besides
 * businesses: actions that screens and features put here while they are shown, the business the
 * actions act on, and whether the menu is open (a feature asks for what it offers only then).
 */

/** An action of the command menu: it opens an address, or runs. */
export interface Command {
  id: string;
  label: string;
  to?: string;
  run?: () => void;
}

/** The business an action such as 'Assign to me' acts on: the manage screen's, a highlighted row's. */
export interface CommandTarget {
  uuid: string;
  name: string;
}

interface CommandState {
  commands: readonly Command[];
  target: CommandTarget | null;
  menuOpen: boolean;
}

const bySource = new Map<string, readonly Command[]>();
const listeners = new Set<() => void>();
let state: CommandState = { commands: [], target: null, menuOpen: false };

function change(next: Partial<CommandState>): void {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
}

export const commandState = (): CommandState => state;

export function subscribeCommands(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A source's actions (empty to withdraw them), listed in the order the sources came. */
export function setCommands(source: string, commands: readonly Command[]): void {
  if (commands.length === 0) bySource.delete(source);
  else bySource.set(source, commands);
  change({ commands: [...bySource.values()].flat() });
}

export const setCommandTarget = (target: CommandTarget | null): void => change({ target });

export function setCommandMenuOpen(menuOpen: boolean): void {
  if (menuOpen !== state.menuOpen) change({ menuOpen });
}
