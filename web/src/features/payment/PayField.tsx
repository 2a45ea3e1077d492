// A labelled input of the payment modal (billing address, sandbox card) with its error under it.
import type { InputHTMLAttributes, ReactNode } from 'react';

interface PayFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  id: string;
  label: ReactNode;
  error: string | null | undefined;
  /** Classes of the field's box beside `field pay-field`. */
  fieldClass: string;
  /** Classes of the input (default `field__input`). */
  inputClass?: string;
}

export function PayField({
  id,
  label,
  error,
  fieldClass,
  inputClass = 'field__input',
  ...input
}: PayFieldProps) {
  return (
    <div className={`field pay-field ${fieldClass}${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
