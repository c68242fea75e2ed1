import { useRef, useState, type FormEvent } from 'react';
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  validationMessages as m,
  type LoginRequest,
} from '@fd/contract';

/*
 * The sign-in form, written out instead of react-hook-form with `zodResolver(loginRequestSchema)`
 * so that neither react-hook-form nor zod is part of the sign-in screen's download
 * (docs/decisions/031-a-light-first-visit-the-sign-in.md). The check gives what the contract's
 * `loginRequestSchema` gives — the same first message for each field, the same values (the email
 * trimmed) — and login-form.test.ts holds the two together over a table of inputs; the server still
 * checks the body with the schema itself. The form behaves as `useForm` did here: nothing is
 * checked before the first submit; a submit checks both fields and focuses the first wrong one;
 * after it, a field is checked again each time it changes.
 */

type LoginField = keyof LoginRequest;
export type LoginFormErrors = Partial<Record<LoginField, string>>;

/** In the order they are on screen: the first wrong one gets the focus. */
const loginFields: LoginField[] = ['email', 'password'];

/** zod 4's `z.email()` pattern (its needless escapes dropped), which `loginRequestSchema` applies. */
const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

function emailError(email: string): string | undefined {
  if (email.length === 0) return m.emailRequired;
  if (email.length > EMAIL_MAX_LENGTH || !emailPattern.test(email)) return m.emailInvalid;
  return undefined;
}

function passwordError(password: string): string | undefined {
  if (password.length === 0) return m.passwordRequired;
  if (password.length > PASSWORD_MAX_LENGTH) {
    return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  }
  return undefined;
}

/** The values as sent (the email trimmed), or the first message of each wrong field. */
export function checkLoginForm(
  form: LoginRequest,
): { values: LoginRequest; errors: null } | { values: null; errors: LoginFormErrors } {
  const email = form.email.trim();
  const errors: LoginFormErrors = {};
  const forEmail = emailError(email);
  const forPassword = passwordError(form.password);
  if (forEmail) errors.email = forEmail;
  if (forPassword) errors.password = forPassword;
  if (forEmail || forPassword) return { values: null, errors };
  return { values: { email, password: form.password }, errors: null };
}

/** The sign-in form's state: `register(name)` goes on each input, `handleSubmit` on the form. */
export function useLoginForm(onValid: (values: LoginRequest) => Promise<void>) {
  const inputs = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});
  const submitted = useRef(false);
  const [errors, setErrors] = useState<LoginFormErrors>({});

  const read = (): LoginRequest => ({
    email: inputs.current.email?.value ?? '',
    password: inputs.current.password?.value ?? '',
  });

  const register = (name: LoginField) => ({
    name,
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onChange: () => {
      if (!submitted.current) return;
      const message = checkLoginForm(read()).errors?.[name];
      setErrors((previous) => ({ ...previous, [name]: message }));
    },
  });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    const checked = checkLoginForm(read());
    if (checked.errors) {
      setErrors(checked.errors);
      const firstWrong = loginFields.find((name) => checked.errors[name]);
      if (firstWrong) inputs.current[firstWrong]?.focus();
      return;
    }
    setErrors({});
    await onValid(checked.values);
  };

  return { register, handleSubmit, errors };
}
