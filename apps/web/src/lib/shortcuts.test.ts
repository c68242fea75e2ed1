import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createShortcutRegistry,
  documentMenuSteps,
  goToScreens,
  SEQUENCE_TIMEOUT_MS,
  shortcutCatalogue,
  statusMenuSteps,
  type ShortcutRegistry,
} from './shortcuts.ts';

let registry: ShortcutRegistry;
const listen = (event: KeyboardEvent) => registry.handleKeyDown(event);

beforeEach(() => {
  registry = createShortcutRegistry();
  document.addEventListener('keydown', listen);
});
afterEach(() => {
  document.removeEventListener('keydown', listen);
  document.body.replaceChildren();
  vi.useRealTimers();
});

/** A key pressed on `target` (the page's body unless named); answers whether it was taken. */
function press(key: string, init: KeyboardEventInit = {}, target: Element = document.body) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

function field(html: string): HTMLElement {
  document.body.insertAdjacentHTML('beforeend', html);
  const element = document.body.lastElementChild as HTMLElement;
  element.focus();
  return element;
}

describe('the catalogue', () => {
  it('names each shortcut once, by id and by keys', () => {
    const ids = shortcutCatalogue.map((shortcut) => shortcut.id);
    const keys = shortcutCatalogue.map((shortcut) => shortcut.keys.join(' '));
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has g then a letter for each screen of one list, each letter once', () => {
    const goTo = shortcutCatalogue.filter((shortcut) => shortcut.keys[0] === 'g');
    const letters = goToScreens.map((screen) => screen.letter);
    expect(goTo.map((shortcut) => shortcut.keys[1])).toEqual(letters);
    expect(new Set(letters).size).toBe(letters.length);
  });

  it('numbers the status menus of the steps the manage screen moves, 1 to 8', () => {
    const digits = shortcutCatalogue.filter((shortcut) => /^\d$/.test(shortcut.keys[0] ?? ''));
    expect(digits.map((shortcut) => shortcut.keys[0])).toEqual(
      statusMenuSteps.map((_, index) => String(index + 1)),
    );
    expect(statusMenuSteps).toHaveLength(8);
  });

  it("gives the identity documents' steps v then 1 to 3, in their cards' order, and no digit", () => {
    const afterV = shortcutCatalogue.filter((shortcut) => shortcut.keys[0] === 'v');
    expect(afterV.map((shortcut) => [shortcut.keys[1], shortcut.id])).toEqual([
      ['1', 'step-government_id_status'],
      ['2', 'step-national_id_status'],
      ['3', 'step-utility_bill_status'],
    ]);
    expect(documentMenuSteps.filter((key) => statusMenuSteps.includes(key))).toEqual([]);
  });
});

describe('the registry', () => {
  it('runs a bound key and takes it; an unbound key is left alone', () => {
    const help = vi.fn();
    registry.register('help', help);
    expect(press('?')).toBe(true);
    expect(help).toHaveBeenCalledTimes(1);
    expect(press('j')).toBe(false);
  });

  it('refuses an id the catalogue does not have', () => {
    expect(() => registry.register('no-such-shortcut', () => undefined)).toThrow(/catalogue/);
  });

  it('lets the latest handler answer, and the one before when it declines', () => {
    const first = vi.fn();
    const second = vi.fn(() => false);
    registry.register('list-next', first);
    const release = registry.register('list-next', second);
    expect(press('j')).toBe(true);
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledTimes(1);
    release();
    press('j');
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledTimes(2);
  });

  it('leaves the key when every handler declines', () => {
    registry.register('list-open', () => false);
    expect(press('Enter')).toBe(false);
  });

  it('runs g then a letter, within the time allowed only', () => {
    vi.useFakeTimers();
    const goSettings = vi.fn();
    const goBusinesses = vi.fn();
    registry.register('go-s', goSettings);
    registry.register('go-b', goBusinesses);
    expect(press('g')).toBe(true);
    press('s');
    expect(goSettings).toHaveBeenCalledTimes(1);

    press('g');
    vi.advanceTimersByTime(SEQUENCE_TIMEOUT_MS + 1);
    press('b');
    expect(goBusinesses).not.toHaveBeenCalled();

    // A letter that follows no g, or a g followed by another key, goes nowhere.
    press('b');
    press('g');
    press('x');
    press('b');
    expect(goBusinesses).not.toHaveBeenCalled();
  });

  it('ignores keys typed in an input, a textarea, a select or an editable element', () => {
    const help = vi.fn();
    const goSettings = vi.fn();
    registry.register('help', help);
    registry.register('go-s', goSettings);
    for (const html of [
      '<input type="text">',
      '<input type="search">',
      '<textarea></textarea>',
      '<select><option>a</option></select>',
      '<div contenteditable="true"></div>',
    ]) {
      const target = field(html);
      expect(press('?', {}, target), html).toBe(false);
      press('g', {}, target);
      press('s', {}, target);
    }
    expect(help).not.toHaveBeenCalled();
    expect(goSettings).not.toHaveBeenCalled();
  });

  it('runs the chords meant for fields there: Ctrl-Enter in a textarea, Ctrl-K in an input', () => {
    const post = vi.fn();
    const menu = vi.fn();
    registry.register('comment-post', post);
    registry.register('command-menu', menu);
    expect(press('Enter', { ctrlKey: true }, field('<textarea></textarea>'))).toBe(true);
    expect(press('k', { metaKey: true }, field('<input type="text">'))).toBe(true);
    expect(post).toHaveBeenCalledTimes(1);
    expect(menu).toHaveBeenCalledTimes(1);
  });

  it('ignores a key held with a modifier it does not name', () => {
    const next = vi.fn();
    const post = vi.fn();
    const goSettings = vi.fn();
    registry.register('list-next', next);
    registry.register('comment-post', post);
    registry.register('go-s', goSettings);
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { altKey: true }]) {
      expect(press('j', init)).toBe(false);
    }
    expect(press('J', { shiftKey: true })).toBe(false);
    expect(press('Enter', { ctrlKey: true, shiftKey: true })).toBe(false);
    expect(press('Enter', { altKey: true })).toBe(false);
    press('g', { ctrlKey: true });
    press('s');
    expect(next).not.toHaveBeenCalled();
    expect(post).not.toHaveBeenCalled();
    expect(goSettings).not.toHaveBeenCalled();
    // `?` is Shift and `/` on most keyboards: Shift with a sign is the sign.
    const help = vi.fn();
    registry.register('help', help);
    press('?', { shiftKey: true });
    expect(help).toHaveBeenCalledTimes(1);
  });

  it('leaves a key that a part of the page took first', () => {
    const next = vi.fn();
    registry.register('list-next', next);
    const viewer = field('<div tabindex="0"></div>');
    viewer.addEventListener('keydown', (event) => event.preventDefault());
    press('j', {}, viewer);
    expect(next).not.toHaveBeenCalled();
  });

  it('closes the top layer only on Escape, in a field too', () => {
    const closeDialog = vi.fn();
    const closeMenu = vi.fn();
    registry.pushLayer(closeDialog);
    const releaseMenu = registry.pushLayer(closeMenu);
    expect(press('Escape', {}, field('<input type="text">'))).toBe(true);
    expect(closeMenu).toHaveBeenCalledTimes(1);
    expect(closeDialog).not.toHaveBeenCalled();
    releaseMenu();
    press('Escape');
    expect(closeDialog).toHaveBeenCalledTimes(1);
  });

  it('holds the page shortcuts while a layer is open', () => {
    const next = vi.fn();
    registry.register('list-next', next);
    const release = registry.pushLayer(() => undefined);
    expect(press('j')).toBe(false);
    release();
    press('j');
    expect(next).toHaveBeenCalledTimes(1);
    expect(press('Escape')).toBe(false);
  });
});
