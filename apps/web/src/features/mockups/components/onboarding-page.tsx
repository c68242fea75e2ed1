import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import {
  countries,
  incorporationCountries,
  industries,
  onboardingCompanyTypes,
  shareholderCountOptions,
} from '@fd/contract';
import { Section } from '#/components/section.tsx';
import { Button } from '#/components/ui/button.tsx';
import { FieldError, TextField, inputClassName } from '#/components/ui/text-field.tsx';
import { mockupTexts, urlHintFor } from '../texts.ts';
import {
  checkLogo,
  emptyOwner,
  linkedinExample,
  logoAccept,
  onboardingDefaults,
  onboardingMessages,
  registrationStatesOf,
  residenceStatesOf,
  websiteExample,
  type LogoCheck,
} from '../onboarding-form.ts';
import { lazyResolver } from '#/lib/lazy-resolver.ts';
import { MockupPage } from './preview-notice.tsx';

/** The form's rules, loaded (with zod) on its first check. */
const onboardingResolver = lazyResolver(
  async () => (await import('../onboarding-schema.ts')).onboardingResolver,
);

const labelClassName = 'mb-1.5 block text-sm font-medium text-slate-700';
const hintClassName = 'mt-1.5 text-xs text-slate-600';
const legendClassName = 'mb-2 text-sm font-medium text-slate-700';

/**
 * TextField draws its hint in a lighter grey; these hints keep the darker one. A URL field's
 * error is its hint word for word, so the error takes the hint's place rather than repeat it.
 */
const hint = (text: string) => <span className="text-slate-600">{text}</span>;

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  error?: string | undefined;
  ref?: Ref<HTMLSelectElement>;
  children: ReactNode;
}

/** A labelled select with its error under it, like TextField. */
function SelectField({ label, error, className, ref, children, ...selectProps }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <select
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClassName(Boolean(error), 'disabled:bg-slate-100 disabled:text-slate-600')}
        {...selectProps}
      >
        {children}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A select's options: the empty choice that asks, then each value (or value and label). */
function Options({
  placeholder,
  items,
}: {
  placeholder: string;
  items: readonly (string | { value: string; label: string })[];
}) {
  return (
    <>
      <option value="">{placeholder}</option>
      {items.map((item) => {
        const { value, label } = typeof item === 'string' ? { value: item, label: item } : item;
        return (
          <option key={value} value={value}>
            {label}
          </option>
        );
      })}
    </>
  );
}

/** A state list is empty until its country is chosen. */
const statePlaceholder = (states: readonly unknown[]) =>
  states.length === 0 ? 'Select a country first' : 'Select a state';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  ref?: Ref<HTMLTextAreaElement>;
}

function TextAreaField({ label, className, ref, ...textareaProps }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <textarea id={id} ref={ref} rows={4} className={inputClassName(false)} {...textareaProps} />
    </div>
  );
}

/**
 * The onboarding form (docs/product.md §2.3), a static mock-up: every field with its rules
 * (docs/product.md §5), and a Submit that calls nothing and says so.
 */
export function OnboardingPage() {
  const ids = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [previewShown, setPreviewShown] = useState(false);
  const {
    control,
    register,
    handleSubmit,
    setValue,
    clearErrors,
    formState: { errors, isSubmitted, submitCount },
  } = useForm({
    resolver: onboardingResolver,
    defaultValues: onboardingDefaults,
    // Focus goes to the first invalid control in the page's order (the effect below), which
    // also covers the shareholders' total, a rule on a group rather than on one field.
    shouldFocusError: false,
  });
  const owners = useFieldArray({ control, name: 'owners' });

  useEffect(() => {
    if (submitCount === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount]);

  const [logo, registrationCountry, residenceCountry] = useWatch({
    control,
    name: ['logo', 'registrationCountry', 'residenceCountry'],
  });
  // A pick's verdict shows at once, not only after a submit; while it is measured, nothing.
  const setLogo = (next: LogoCheck | null) => {
    clearErrors('logo');
    setValue('logo', next, { shouldValidate: next !== null && !next.checking });
  };

  const registrationStates = registrationStatesOf(registrationCountry);
  const residenceStates = residenceStatesOf(residenceCountry);
  const totalError = errors.owners?.root?.message ?? errors.owners?.message;
  const totalErrorId = `${ids}-total-error`;
  const companyTypeErrorId = `${ids}-company-type-error`;

  // Before the first submit a cleared state is no news; after it, its message follows at once.
  const clearState = (name: 'registrationState' | 'residenceState') =>
    setValue(name, '', { shouldValidate: isSubmitted });

  const setShareholderCount = (event: ChangeEvent<HTMLSelectElement>) => {
    const count = Number(event.target.value);
    const current = owners.fields.length;
    if (count > current) {
      owners.append(Array.from({ length: count - current }, () => ({ ...emptyOwner })));
    } else if (count < current) {
      owners.remove(Array.from({ length: current - count }, (_, index) => count + index));
    }
  };

  return (
    <MockupPage title="Onboarding">
      <form
        ref={formRef}
        noValidate
        aria-label="Onboarding"
        // Any edit after a valid submit makes the preview statement stale.
        onChange={() => setPreviewShown(false)}
        onSubmit={handleSubmit(
          () => setPreviewShown(true),
          () => setPreviewShown(false),
        )}
        className="space-y-6"
      >
        <Section title="Company details">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Company name"
              autoComplete="organization"
              error={errors.companyName?.message}
              {...register('companyName')}
            />
            <SelectField
              label="Industry"
              error={errors.industry?.message}
              {...register('industry')}
            >
              <Options placeholder="Select an industry" items={industries} />
            </SelectField>
            <SelectField
              label="Country of registration"
              error={errors.registrationCountry?.message}
              {...register('registrationCountry', {
                onChange: () => clearState('registrationState'),
              })}
            >
              <Options placeholder="Select a country" items={incorporationCountries} />
            </SelectField>
            <SelectField
              label="State of registration"
              disabled={registrationStates.length === 0}
              error={errors.registrationState?.message}
              {...register('registrationState')}
            >
              <Options
                placeholder={statePlaceholder(registrationStates)}
                items={registrationStates.map(({ value, note }) => ({
                  value,
                  label: note ? `${value} — ${note}` : value,
                }))}
              />
            </SelectField>
            <TextAreaField
              label="Description (optional)"
              className="sm:col-span-2"
              {...register('description')}
            />
            <fieldset
              className="sm:col-span-2"
              aria-describedby={errors.companyType ? companyTypeErrorId : undefined}
            >
              <legend className={legendClassName}>Company type</legend>
              <div className="flex flex-wrap gap-3">
                {onboardingCompanyTypes.map((type) => (
                  <label
                    key={type}
                    className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 has-checked:border-indigo-600 has-checked:bg-indigo-50"
                  >
                    <input
                      type="radio"
                      value={type}
                      aria-invalid={errors.companyType ? true : undefined}
                      className="size-4 accent-indigo-600"
                      {...register('companyType')}
                    />
                    {type}
                  </label>
                ))}
              </div>
              <FieldError id={companyTypeErrorId} message={errors.companyType?.message} />
            </fieldset>
            <TextField
              label="Website (optional)"
              inputMode="url"
              autoComplete="url"
              hint={errors.website ? undefined : hint(urlHintFor(websiteExample))}
              error={errors.website?.message}
              {...register('website')}
            />
            <TextField
              label="LinkedIn URL (optional)"
              inputMode="url"
              hint={errors.linkedinUrl ? undefined : hint(urlHintFor(linkedinExample))}
              error={errors.linkedinUrl?.message}
              {...register('linkedinUrl')}
            />
            <LogoField error={errors.logo?.message} hasLogo={logo !== null} onChange={setLogo} />
          </div>
        </Section>

        <Section title="Company owners">
          <div className="space-y-4">
            <SelectField
              label="Number of shareholders"
              className="sm:max-w-xs"
              value={owners.fields.length}
              onChange={setShareholderCount}
            >
              {shareholderCountOptions.map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </SelectField>
            <fieldset aria-describedby={totalError ? totalErrorId : undefined}>
              <legend className={legendClassName}>Shareholders</legend>
              <div className="space-y-4">
                {owners.fields.map((field, index) => {
                  const ownerErrors = errors.owners?.[index];
                  const percentageError = ownerErrors?.percentage?.message;
                  return (
                    <fieldset key={field.id} className="rounded-xl border border-slate-200 p-4">
                      <legend className="px-1 text-sm font-semibold text-slate-900">
                        Shareholder {index + 1}
                      </legend>
                      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
                        <TextField
                          label="Owner name"
                          error={ownerErrors?.name?.message}
                          {...register(`owners.${index}.name`)}
                        />
                        <TextField
                          label="Ownership percentage"
                          type="number"
                          inputMode="decimal"
                          min={1}
                          max={100}
                          step={0.01}
                          error={percentageError}
                          trailing={
                            <span aria-hidden="true" className="pr-3 text-sm text-slate-600">
                              %
                            </span>
                          }
                          // A wrong total puts every share in question; its own message wins.
                          {...(totalError && !percentageError
                            ? { 'aria-invalid': true, 'aria-describedby': totalErrorId }
                            : {})}
                          {...register(`owners.${index}.percentage`)}
                        />
                        <label className="flex items-center gap-2 text-sm text-slate-700 max-sm:min-h-6 sm:col-span-2">
                          <input
                            type="checkbox"
                            className="size-4 accent-indigo-600"
                            {...register(`owners.${index}.isCompany`)}
                          />
                          This owner is a company
                        </label>
                      </div>
                    </fieldset>
                  );
                })}
              </div>
              <FieldError id={totalErrorId} message={totalError} />
            </fieldset>
          </div>
        </Section>

        <Section title="Personal details">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Full name"
              autoComplete="name"
              className="sm:col-span-2"
              error={errors.fullName?.message}
              {...register('fullName')}
            />
            <SelectField
              label="Country of residence"
              autoComplete="country-name"
              error={errors.residenceCountry?.message}
              {...register('residenceCountry', { onChange: () => clearState('residenceState') })}
            >
              <Options placeholder="Select a country" items={countries} />
            </SelectField>
            <SelectField
              label="State of residence"
              autoComplete="address-level1"
              disabled={residenceStates.length === 0}
              error={errors.residenceState?.message}
              {...register('residenceState')}
            >
              <Options placeholder={statePlaceholder(residenceStates)} items={residenceStates} />
            </SelectField>
            <TextField
              label="Address"
              autoComplete="street-address"
              error={errors.address?.message}
              {...register('address')}
            />
            <TextField
              label="ZIP code"
              autoComplete="postal-code"
              error={errors.zipCode?.message}
              {...register('zipCode')}
            />
          </div>
        </Section>

        <div className="space-y-4">
          <div role="status">
            {previewShown && (
              <p className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
                {onboardingMessages.previewSubmitted}
              </p>
            )}
          </div>
          <div className="flex justify-end">
            <Button type="submit" className="w-full sm:w-auto">
              Submit
            </Button>
          </div>
        </div>
      </form>
    </MockupPage>
  );
}

/**
 * The company logo: checked in the browser as soon as it is picked (docs/product.md §5), and
 * nothing is uploaded. A later pick overrules an earlier one still being measured.
 */
function LogoField({
  error,
  hasLogo,
  onChange,
}: {
  error: string | undefined;
  hasLogo: boolean;
  onChange: (logo: LogoCheck | null) => void;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const latestPick = useRef(0);
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');

  const pick = async (file: File | undefined) => {
    const pickNumber = ++latestPick.current;
    if (!file) {
      onChange(null);
      return;
    }
    onChange({ fileName: file.name, checking: true, problem: null });
    const problem = await checkLogo(file);
    if (pickNumber === latestPick.current) {
      onChange({ fileName: file.name, checking: false, problem });
    }
  };

  const remove = () => {
    if (inputRef.current) inputRef.current.value = '';
    void pick(undefined);
  };

  return (
    <div className="sm:col-span-2">
      <label htmlFor={id} className={labelClassName}>
        Company logo (optional)
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={id}
          ref={inputRef}
          type="file"
          accept={logoAccept}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => void pick(event.target.files?.[0])}
          className="block min-w-0 flex-1 text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200"
        />
        {hasLogo && (
          <Button variant="secondary" onClick={remove}>
            Remove logo
          </Button>
        )}
      </div>
      <p id={`${id}-hint`} className={hintClassName}>
        {mockupTexts.logoHint}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
