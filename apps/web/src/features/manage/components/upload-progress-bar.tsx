/** The share of an upload sent so far, 0 to 1, as a labelled progress bar in whole percent. */
export function UploadProgressBar({
  value,
  label = 'Upload progress',
}: {
  value: number;
  label?: string;
}) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className="space-y-1.5">
      <div className="flex justify-between text-xs font-medium text-slate-600">
        <span>{label}</span>
        <span aria-hidden="true" className="tabular-nums">
          {percent}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-indigo-600 transition-[width] duration-200"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
