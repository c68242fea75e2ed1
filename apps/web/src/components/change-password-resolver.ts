/**
 * The password reset card's resolver, with the contract's schema: in a chunk of its own, loaded
 * (with zod) on the form's first check (docs/decisions/087-answers-schemas-load-with-the-first-call.md).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordFormSchema } from '@fd/contract';

export const changePasswordResolver = zodResolver(changePasswordFormSchema);
