import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { OTP_LENGTH } from '@fd/contract';
import { inputClassName } from '#/components/ui/text-field.tsx';

/** Stands for an empty box in the value, so a digit keeps its position when an earlier box is empty. */
const EMPTY_CELL = ' ';

/** The boxes of a value: one digit or '' each. */
export function otpCells(value: string, length = OTP_LENGTH): string[] {
  return Array.from({ length }, (_, index) => {
    const char = value.charAt(index);
    return /^\d$/.test(char) ? char : '';
  });
}

const cellsToValue = (cells: string[]) => cells.map((cell) => cell || EMPTY_CELL).join('');

interface OtpInputProps {
  /**
   * The code, position by position, with a space for an empty box
   * ('12 456'): validation trims it, so a gap reads as an incomplete code.
   */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The id of the message the boxes are described by (the field error). */
  describedBy?: string | undefined;
  invalid?: boolean;
  disabled?: boolean;
}

/**
 * Six one-digit boxes: digits only, typing advances, Backspace on an empty box
 * moves back, and pasting (or autofilling) the whole code fills every box.
 */
export function OtpInput({
  value,
  onChange,
  onBlur,
  describedBy,
  invalid,
  disabled,
}: OtpInputProps) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const cells = otpCells(value);

  const focusBox = (index: number) => {
    const input = inputs.current[Math.max(0, Math.min(index, OTP_LENGTH - 1))];
    input?.focus();
    input?.select();
  };

  /** Writes `digits` into the boxes from `start` on and focuses the box after the last one. */
  const fillFrom = (start: number, digits: string) => {
    const next = [...cells];
    const written = digits.slice(0, OTP_LENGTH - start).split('');
    written.forEach((digit, offset) => {
      next[start + offset] = digit;
    });
    onChange(cellsToValue(next));
    focusBox(start + written.length);
  };

  const onBoxChange = (index: number, raw: string) => {
    if (raw === '') {
      const next = [...cells];
      next[index] = '';
      onChange(cellsToValue(next));
      return;
    }
    // The whole code at once (autofill from an SMS or a password manager) fills every box.
    const allDigits = raw.replace(/\D/g, '');
    if (allDigits.length >= OTP_LENGTH) {
      fillFrom(0, allDigits);
      return;
    }
    // Typing into a filled box: keep only what was just typed, which replaces the old digit.
    const previous = cells[index] ?? '';
    const typed = previous && raw.length > 1 ? raw.replace(previous, '') : raw;
    const digit = typed.replace(/\D/g, '').slice(-1);
    if (digit) fillFrom(index, digit); // a letter: nothing changes
  };

  const onBoxPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const text = event.clipboardData.getData('text/plain') || event.clipboardData.getData('text');
    const digits = text.replace(/\D/g, '');
    if (!digits) return;
    fillFrom(digits.length >= OTP_LENGTH ? 0 : index, digits);
  };

  const onBoxKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && cells[index] === '' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < OTP_LENGTH - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  return (
    <div className="flex justify-between gap-2 sm:gap-3">
      {cells.map((cell, index) => (
        <input
          // The boxes are a fixed row; their position is their identity.
          key={index}
          ref={(element) => {
            inputs.current[index] = element;
          }}
          type="text"
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Digit ${index + 1}`}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          disabled={disabled}
          value={cell}
          onChange={(event) => onBoxChange(index, event.target.value)}
          onPaste={(event) => onBoxPaste(index, event)}
          onKeyDown={(event) => onBoxKeyDown(index, event)}
          onFocus={(event) => event.target.select()}
          onBlur={onBlur}
          className={inputClassName(
            Boolean(invalid),
            'h-12 w-11 px-0 text-center text-lg font-semibold sm:h-14 sm:w-12',
          )}
        />
      ))}
    </div>
  );
}
