/**
 * The character classes of text people read (docs/decisions/075-text-people-read.md): what is
 * refused, what is invisible, what a link may carry. Plain strings and patterns, with no schema
 * library, so the web app's screens may read them without loading zod; the rule built on them
 * is in text.ts.
 */
type CodeRange = readonly [first: number, last: number];

/**
 * C0 and C1 control characters and DEL (escape codes, bells, carriage returns, line breaks…),
 * and the bidirectional embedding, override and isolate controls, which reorder how the text
 * around them is shown.
 */
const controlRanges: readonly CodeRange[] = [
  [0x00, 0x1f],
  [0x7f, 0x9f],
  [0x202a, 0x202e],
  [0x2066, 0x2069],
];
const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * Characters that show nothing on their own: Unicode's white space and its default-ignorable
 * code points (zero-width space and joiners, the byte-order mark, soft hyphen, variation
 * selectors, Hangul fillers…), and the braille blank. Within the Basic Multilingual Plane, so
 * that the document's pattern reads the same in every regular-expression dialect.
 */
const invisibleRanges: readonly CodeRange[] = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0x85, 0x85],
  [0xa0, 0xa0],
  [0xad, 0xad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x1680, 0x1680],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x2000, 0x200f],
  [0x2028, 0x202f],
  [0x205f, 0x206f],
  [0x2800, 0x2800],
  [0x3000, 0x3000],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff0, 0xfff8],
];

const hex = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`;
/** A character-class body (`\u0000-\u001f…`) that ECMAScript, Python and Rust all read alike. */
export const classBody = (ranges: readonly CodeRange[]) =>
  ranges
    .map(([first, last]) => (first === last ? hex(first) : `${hex(first)}-${hex(last)}`))
    .join('');

/** The control ranges less the characters a multi-line field keeps. */
const controlsBut = (kept: readonly number[]): CodeRange[] =>
  controlRanges.flatMap(([first, last]) => {
    const pieces: CodeRange[] = [];
    let start = first;
    for (let code = first; code <= last; code += 1) {
      if (kept.includes(code)) {
        if (start < code) pieces.push([start, code - 1]);
        start = code + 1;
      }
    }
    if (start <= last) pieces.push([start, last]);
    return pieces;
  });

export interface TextKind {
  /** Characters refused anywhere in the value. */
  refused: readonly CodeRange[];
  /** Said when one is there. */
  refusedMessage: (field: string) => string;
}

/** U+2028 and U+2029, the line and paragraph separators: line breaks too. */
const separatorRange: CodeRange = [0x2028, 0x2029];

export const singleLine: TextKind = {
  refused: [...controlRanges, separatorRange],
  refusedMessage: (field) =>
    `${field} must be one line of text, without line breaks, tabs or other control characters.`,
};
export const multiLine: TextKind = {
  refused: controlsBut([TAB, LINE_FEED, CARRIAGE_RETURN]),
  refusedMessage: (field) =>
    `${field} must not contain control characters (line breaks and tabs are fine).`,
};

/**
 * The value as the document describes it: only allowed characters, at least one of them
 * visible. Spaces around the text are allowed (the server trims them).
 */
export const documentedPattern = ({ refused }: TextKind) => {
  const allowed = `[^${classBody(refused)}]*`;
  return `^${allowed}${visibleCharacter(refused)}${allowed}$`;
};

/** One character that shows: not refused, not white space, not invisible. */
const visibleCharacter = (refused: readonly CodeRange[]) =>
  `[^${classBody([...refused, ...invisibleRanges])}]`;

/**
 * A character of a link's path, query or fragment: visible, on one line (the pattern of a link
 * people are shown, in every regular-expression dialect).
 */
export const linkCharacter = visibleCharacter(singleLine.refused);

/** What `String.prototype.trim` (and so zod's `trim()`) takes off either end of a value. */
export const surroundingSpace = `[${classBody([
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
])}]`;

export const invisibleOnly = new RegExp(`^[${classBody(invisibleRanges)}]*$`);
