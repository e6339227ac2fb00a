import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

const control =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-[invalid=true]:border-red-500';

/** The field's hint and error, read after its label. */
const describedBy = (id: string, hint: ReactNode, error: string | undefined) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

/** A compact control (dense lists and settings grids): smaller text, a 36 px row. */
const compactControl =
  'block min-h-9 w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-[invalid=true]:border-red-500';

function FieldShell({
  id,
  label,
  error,
  hint,
  announce = true,
  hideLabel = false,
  compact = false,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  announce?: boolean;
  hideLabel?: boolean;
  compact?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const labelClass = compact ? 'block shrink-0 text-sm text-slate-700' : 'block text-sm font-medium text-slate-800';
  return (
    <div className={className ?? (compact ? 'space-y-1' : 'space-y-1.5')}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : labelClass}>
        {label}
      </label>
      {children}
      {/* The hint stays when an error shows: it is part of the field's description (WCAG 3.3.2). */}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role={announce ? 'alert' : undefined} className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * `announce`: the error is an alert (read at once); a form with several errors announces only the
 * first (the others are read with their fields).
 */
type FieldExtras = { label: string; error?: string; hint?: ReactNode; announce?: boolean };
type InputFieldProps = InputHTMLAttributes<HTMLInputElement> & FieldExtras;

/** A labelled input: the visible label is its accessible name. */
export const InputField = forwardRef<HTMLInputElement, InputFieldProps>(function InputField(
  { label, error, hint, announce, id, className = '', ...props },
  ref,
) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} announce={announce}>
      <input
        ref={ref}
        id={fieldId}
        aria-invalid={!!error}
        aria-required={props.required || undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        className={`${control} ${className}`}
        {...props}
      />
    </FieldShell>
  );
});

type TextareaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & FieldExtras;

export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaFieldProps>(function TextareaField(
  { label, error, hint, announce, id, className = '', ...props },
  ref,
) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} announce={announce}>
      <textarea
        ref={ref}
        id={fieldId}
        aria-invalid={!!error}
        aria-required={props.required || undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        className={`${control} min-h-28 ${className}`}
        {...props}
      />
    </FieldShell>
  );
});

export type SelectOption = { value: string | number; label: string };

/** Options from a list of values and their German names (the value itself where a name is missing). */
export const optionsOf = <V extends string | number>(
  values: readonly V[],
  names: Partial<Record<V, string>> | ((value: V) => string),
): SelectOption[] =>
  values.map((value) => ({
    value,
    label: (typeof names === 'function' ? names(value) : names[value]) ?? String(value),
  }));

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> &
  FieldExtras & {
    /** The choices; `children` instead where they need groups. */
    options?: readonly SelectOption[];
    /** The label is read by screen readers only (the row around it names the choice). */
    hideLabel?: boolean;
    /** Smaller text and height, for dense lists and settings grids. */
    compact?: boolean;
    /** Replaces the wrapper's spacing classes (e.g. label beside the select). */
    wrapperClassName?: string;
  };

/** A labelled select: the visible (or screen-reader) label is its name, hint and error are tied to it. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  {
    label,
    error,
    hint,
    announce,
    hideLabel,
    compact,
    wrapperClassName,
    options,
    children,
    id,
    className = '',
    ...props
  },
  ref,
) {
  const auto = useId();
  const fieldId = id ?? auto;
  return (
    <FieldShell
      id={fieldId}
      label={label}
      error={error}
      hint={hint}
      announce={announce}
      hideLabel={hideLabel}
      compact={compact}
      className={wrapperClassName}
    >
      <select
        ref={ref}
        id={fieldId}
        aria-invalid={!!error}
        aria-required={props.required || undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        className={`${compact ? compactControl : control} ${className}`}
        {...props}
      >
        {children ??
          options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
      </select>
    </FieldShell>
  );
});
