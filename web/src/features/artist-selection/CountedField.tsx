// A labelled text input or textarea limited to its maximum length, with a character counter and its
// error under it.
import { useId } from 'react';

export interface CountedFieldProps {
  label: string;
  name: string;
  value: string;
  max: number;
  error: string | undefined;
  disabled: boolean;
  multiline?: boolean;
  placeholder?: string;
  onChange(value: string): void;
}

export function CountedField(props: CountedFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const counterId = `${id}-counter`;
  const common = {
    id,
    name: props.name,
    className: `field__input${props.multiline ? ' field__input--multiline' : ''}`,
    value: props.value,
    maxLength: props.max,
    disabled: props.disabled,
    placeholder: props.placeholder,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': [props.error ? errorId : null, counterId].filter(Boolean).join(' '),
  };
  return (
    <div className={`field${props.error ? ' field--invalid' : ''}`}>
      <div className="field__label-row">
        <label className="field__label" htmlFor={id}>
          {props.label}
        </label>
        <span id={counterId} className="field__counter">
          {props.value.length}/{props.max}
        </span>
      </div>
      {props.multiline ? (
        <textarea {...common} rows={4} onChange={(event) => props.onChange(event.target.value)} />
      ) : (
        <input {...common} type="text" onChange={(event) => props.onChange(event.target.value)} />
      )}
      {props.error && (
        <p id={errorId} className="field__error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}
