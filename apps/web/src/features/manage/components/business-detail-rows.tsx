import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import { Pencil } from 'lucide-react';
import {
  INCORPORATION_DATE_FIRST,
  businessDetailLabels,
  errorMessages,
  incorporationCountries,
  incorporationStates,
  industries,
  latestIncorporationDay,
  manageTexts,
  onboardingCompanyTypes,
  successMessages,
  type BusinessDetail,
  type EditableBusinessDetail,
  type IncorporationCountry,
} from '@fd/contract';
import { DetailItem, DetailList } from '#/components/detail-list.tsx';
import { Button } from '#/components/ui/button.tsx';
import { FieldError, inputClassName } from '#/components/ui/text-field.tsx';
import { ApiError } from '#/lib/api-client.ts';
import { formatDate, orNil } from '#/lib/format.ts';
import { notifyError, notifySuccess } from '#/lib/toast.tsx';
import { useEditBusinessDetail } from '../api/edit-business-detail.ts';

/** The schema an editor checks its value with, loaded when the first editor opens. */
const loadDetailRequestSchema = async () =>
  (await import('../api/detail-request-schema.ts')).businessSetupRequestSchema;

/** The one row without Edit (docs/product.md §3.6): the label is ours, the contract has none. */
const INCORPORATION_NUMBER_LABEL = 'Incorporation Number';

/** The rows of docs/product.md §2.3 "Manage business", in its order. */
const rowKeys = [
  'business_name',
  'business_industry',
  'company_type',
  'country_of_incorporation',
  'state_of_incorporation',
  'incorporation_number',
  'new_business_formation_address',
  'incorporation_date',
  'tax_id',
] as const satisfies readonly (EditableBusinessDetail | 'incorporation_number')[];

interface Choice {
  value: string;
  label: string;
}
const toChoices = (values: readonly string[]): Choice[] =>
  values.map((value) => ({ value, label: value }));

/** A value in its canonical spelling among `values` (the server matches case-insensitively). */
const canonical = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate.toLowerCase() === (value ?? '').trim().toLowerCase());

const countryOf = (business: BusinessDetail): IncorporationCountry | undefined =>
  canonical(incorporationCountries, business.country_of_incorporation);

const stateChoices = (country: IncorporationCountry): Choice[] =>
  incorporationStates[country].map(({ value, note }) => ({
    value,
    label: note ? `${value} (${note})` : value,
  }));

const stateValues = (country: IncorporationCountry) =>
  incorporationStates[country].map((state) => state.value);

/** What the edit's answer says went wrong (docs/product.md §8.1). */
function editErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 400 && error.validations) {
    const first = Object.values(error.validations).flat()[0];
    if (first) return first;
  }
  return errorMessages.businessEdit;
}

/** The value shown in a row: dates en-US, and Nil for anything empty. */
function displayValue(business: BusinessDetail, key: (typeof rowKeys)[number]): string {
  if (key === 'incorporation_date') return orNil(formatDate(business.incorporation_date));
  return orNil(business[key]);
}

/** The value an editor starts from; a choice not among the options starts empty. */
function initialValue(business: BusinessDetail, field: EditableBusinessDetail): string {
  const country = countryOf(business);
  switch (field) {
    case 'business_industry':
      return canonical(industries, business.business_industry) ?? '';
    case 'company_type':
      return canonical(onboardingCompanyTypes, business.company_type) ?? '';
    case 'country_of_incorporation':
      return country ?? '';
    case 'state_of_incorporation':
      return (country && canonical(stateValues(country), business.state_of_incorporation)) ?? '';
    default:
      return business[field] ?? '';
  }
}

interface DetailEditorProps {
  business: BusinessDetail;
  field: EditableBusinessDetail;
  /** After a save or a cancel: the row shows its value again. */
  onDone: () => void;
}

/**
 * One detail's inline editor (docs/product.md §2.3, §7.4 "Edit"): Enter saves, Escape cancels,
 * and Save sends that one field only. The browser checks it with the contract's own schema first.
 */
function DetailEditor({ business, field, onDone }: DetailEditorProps) {
  const id = useId();
  const label = businessDetailLabels[field];
  const [value, setValue] = useState(() => initialValue(business, field));
  const [error, setError] = useState<string>();
  const [latestDay] = useState(() => latestIncorporationDay(new Date()));
  const fieldRef = useRef<HTMLElement | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const edit = useEditBusinessDetail(business.uuid);
  const country = countryOf(business);
  const needsCountry = field === 'state_of_incorporation' && !country;

  // A Save while the schema loads waits for it, and a second one meanwhile is ignored.
  const checking = useRef(false);

  useEffect(() => (fieldRef.current ?? cancelRef.current)?.focus(), []);
  useEffect(() => {
    // Loaded while the manager types; a failure shows on Save.
    loadDetailRequestSchema().catch(() => undefined);
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (edit.isPending || needsCountry || checking.current) return;
    checking.current = true;
    let checked;
    try {
      checked = (await loadDetailRequestSchema()).safeParse({ [field]: value });
    } catch {
      notifyError(errorMessages.businessEdit);
      return;
    } finally {
      checking.current = false;
    }
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    edit.mutate(
      { field, value: value.trim() },
      {
        onSuccess: () => {
          notifySuccess(successMessages.businessUpdated(label));
          onDone();
        },
        onError: (failure) => notifyError(editErrorText(failure)),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      if (!edit.isPending) onDone();
    } else if (event.key === 'Enter' && event.target instanceof HTMLSelectElement) {
      // A select does not submit its form on Enter the way an input does.
      event.preventDefault();
      event.currentTarget.requestSubmit();
    }
  };

  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  let hint: ReactNode = null;
  if (needsCountry) {
    hint = 'Set the country of incorporation first: the states offered follow it.';
  } else if (field === 'country_of_incorporation') {
    const newCountry = canonical(incorporationCountries, value);
    const state = business.state_of_incorporation;
    if (
      newCountry &&
      newCountry !== country &&
      state &&
      !canonical(stateValues(newCountry), state)
    ) {
      hint = `Saving clears the state of incorporation (${state}): it is not a state of ${newCountry}.`;
    } else {
      hint = 'The state of incorporation is kept only if it is a state of the new country.';
    }
  } else if (field === 'tax_id') {
    hint = 'Format: NN-NNNNNNN';
  }
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const control = {
    id: inputId,
    ref: (element: HTMLElement | null) => {
      fieldRef.current = element;
    },
    value,
    onChange: (event: { target: { value: string } }) => setValue(event.target.value),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    className: inputClassName(Boolean(error)),
  };

  const select = (choices: Choice[]) => (
    <select {...control}>
      {value === '' && (
        <option value="" disabled>
          Choose…
        </option>
      )}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </select>
  );
  const editorInput = (): ReactNode => {
    switch (field) {
      case 'business_industry':
        return select(toChoices(industries));
      case 'company_type':
        return select(toChoices(onboardingCompanyTypes));
      case 'country_of_incorporation':
        return select(toChoices(incorporationCountries));
      case 'state_of_incorporation':
        return country ? select(stateChoices(country)) : null;
      case 'incorporation_date':
        return <input type="date" min={INCORPORATION_DATE_FIRST} max={latestDay} {...control} />;
      default:
        return <input type="text" autoComplete="off" {...control} />;
    }
  };
  const input = editorInput();

  return (
    <form
      onSubmit={(event) => void submit(event)}
      onKeyDown={onKeyDown}
      noValidate
      className="space-y-2"
    >
      {input && (
        <label htmlFor={inputId} className="sr-only">
          {label}
        </label>
      )}
      {input}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
      <div className="flex gap-2">
        {!needsCountry && (
          <Button
            type="submit"
            className="px-3 py-1.5"
            isLoading={edit.isPending}
            loadingText={manageTexts.saving}
          >
            Save
          </Button>
        )}
        <Button
          variant="secondary"
          className="px-3 py-1.5"
          disabled={edit.isPending}
          onClick={onDone}
          ref={cancelRef}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * The manage screen's business detail rows (docs/product.md §2.3): each value or Nil, and an
 * Edit button on every row but the incorporation number. One row is edited at a time; when its
 * editor closes, focus returns to its Edit button.
 */
export function BusinessDetailRows({ business }: { business: BusinessDetail }) {
  const [editing, setEditing] = useState<EditableBusinessDetail | null>(null);
  const editButtons = useRef(new Map<EditableBusinessDetail, HTMLButtonElement>());

  const finish = (field: EditableBusinessDetail) => {
    flushSync(() => setEditing(null));
    editButtons.current.get(field)?.focus();
  };

  return (
    <DetailList>
      {rowKeys.map((key) => {
        if (key === 'incorporation_number') {
          return (
            <DetailItem key={key} label={INCORPORATION_NUMBER_LABEL}>
              {displayValue(business, key)}
            </DetailItem>
          );
        }
        const label = businessDetailLabels[key];
        const isEditing = editing === key;
        return (
          <DetailItem
            key={key}
            label={label}
            action={
              !isEditing && (
                <Button
                  variant="ghost"
                  className="-my-1 px-2 py-1"
                  aria-label={`Edit ${label}`}
                  ref={(element) => {
                    if (element) editButtons.current.set(key, element);
                    else editButtons.current.delete(key);
                  }}
                  onClick={() => setEditing(key)}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                  {/* On a phone the icon alone, named 'Edit …', leaves the row to its value. */}
                  <span className="max-sm:hidden">Edit</span>
                </Button>
              )
            }
          >
            {isEditing ? (
              <DetailEditor business={business} field={key} onDone={() => finish(key)} />
            ) : (
              displayValue(business, key)
            )}
          </DetailItem>
        );
      })}
    </DetailList>
  );
}
