import { useId, useRef, useState, type FormEvent } from 'react';
import { Upload } from 'lucide-react';
import { validationMessages } from '@fd/contract';
import { Button } from '#/components/ui/button.tsx';
import { FieldError, inputClassName } from '#/components/ui/text-field.tsx';
import { formatFileSize } from '#/lib/format.ts';

/**
 * The mock-ups' docs upload: choose a file (and a note), 'Upload' — which keeps it on this page
 * only and says so. Nothing leaves the browser.
 */
export function MockDocsUpload() {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | undefined>();
  const [added, setAdded] = useState<{ key: number; name: string; size: number }[]>([]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setError(validationMessages.fileRequired);
      fileRef.current?.focus();
      return;
    }
    setError(undefined);
    setAdded((list) => [{ key: Date.now(), name: file.name, size: file.size }, ...list]);
    event.currentTarget.reset();
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-file`} className="mb-1.5 block text-sm font-medium text-slate-700">
            Document
          </label>
          <input
            ref={fileRef}
            id={`${id}-file`}
            type="file"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={() => setError(undefined)}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-200"
          />
          <FieldError id={`${id}-error`} message={error} />
        </div>
        <div>
          <label htmlFor={`${id}-note`} className="mb-1.5 block text-sm font-medium text-slate-700">
            Note for the client (optional)
          </label>
          <input id={`${id}-note`} type="text" className={inputClassName(false)} />
        </div>
      </div>
      <div className="flex justify-end">
        <Button type="submit">
          <Upload aria-hidden="true" className="size-4" />
          Upload
        </Button>
      </div>
      <div role="status">
        {added.length > 0 && (
          <div className="rounded-xl border border-slate-200 p-4">
            <p className="text-sm text-slate-700">
              Kept on this preview only: nothing was uploaded or sent to the client.
            </p>
            <ul className="mt-2 space-y-1 text-sm text-slate-900">
              {added.map((file) => (
                <li key={file.key}>
                  {file.name} · {formatFileSize(file.size)}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </form>
  );
}
