import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

const control =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-[invalid=true]:border-red-500';

/** The field's hint and error, read after its label. */
const describedBy = (id: string, hint: ReactNode, error: string | undefined) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

function FieldShell({
  id,
  label,
  error,
  hint,
  announce = true,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  announce?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
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
