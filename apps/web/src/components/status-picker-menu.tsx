import { ChevronDown } from 'lucide-react';
import { buttonClassName } from './ui/button.tsx';
import { DropdownMenu } from './ui/dropdown-menu.tsx';

interface StatusPickerMenuProps<Choice extends string> {
  /** What the status belongs to, e.g. 'Tax EIN': the button reads 'Change status of Tax EIN'. */
  name: string;
  choices: readonly { value: Choice; label: string }[];
  onChoose: (choice: Choice) => void;
}

/** The 'Change status' button and its menu of choices, beside a status badge. */
export function StatusPickerMenu<Choice extends string>({
  name,
  choices,
  onChoose,
}: StatusPickerMenuProps<Choice>) {
  return (
    <DropdownMenu
      label={`Change status of ${name}`}
      trigger={
        <>
          Change status
          <ChevronDown aria-hidden="true" className="size-4" />
        </>
      }
      triggerClassName={buttonClassName('secondary', 'px-3 py-1.5')}
      items={choices.map((choice) => ({
        label: choice.label,
        onSelect: () => onChoose(choice.value),
      }))}
    />
  );
}
