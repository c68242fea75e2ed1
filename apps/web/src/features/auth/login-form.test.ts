import { describe, expect, it } from 'vitest';
import { loginRequestSchema, type LoginRequest } from '@fd/contract';
import { checkLoginForm } from './login-form.ts';

/** What the contract's schema answers: the values, or the first message of each field. */
function bySchema(form: LoginRequest) {
  const parsed = loginRequestSchema.safeParse(form);
  if (parsed.success) return { values: parsed.data, errors: null };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { values: null, errors };
}

const emails = [
  '',
  '   ',
  'ngozi@example.com',
  '  ngozi@example.com  ',
  'NGOZI.EZE+desk@Example.CO.UK',
  "o'brien@example.ie",
  'not-an-email',
  'a@b',
  'a@b.c',
  'a@b.cd',
  '.a@b.cd',
  'a.@b.cd',
  'a..b@c.de',
  'a@-b.cd',
  'a@b-.cd',
  'a b@c.de',
  'ä@b.cd',
  'a@b.c1',
  `${'a'.repeat(64)}@${'b'.repeat(180)}.com`,
  `${'a'.repeat(64)}@${'b'.repeat(186)}.com`,
  `  ${'a'.repeat(64)}@${'b'.repeat(185)}.com  `,
];
const passwords = ['', ' ', 'secret', 'a'.repeat(256), 'a'.repeat(257)];

describe('the sign-in form check', () => {
  it("answers as the contract's loginRequestSchema, for every pair of a table of inputs", () => {
    for (const email of emails) {
      for (const password of passwords) {
        const form = { email, password };
        expect(checkLoginForm(form), JSON.stringify(form)).toEqual(bySchema(form));
      }
    }
  });
});
