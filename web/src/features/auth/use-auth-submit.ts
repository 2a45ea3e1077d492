// The submit flow of every auth form: the client-side checks first (their messages go under the
// fields), then the call with the form busy; a failed call is spread over the form (formFailure:
// a message about one field under it, anything else in the banner).
import { useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { formFailure, NO_FAILURE, type FormFailure } from './auth-messages.js';
import { hasErrors, type FieldErrors } from './validation.js';

export interface AuthSubmitOptions<T> {
  /** False while the form cannot be sent at all (for example a password still too short). */
  ready?: boolean;
  /** Client-side checks; any message stops the submit. */
  validate?: () => FieldErrors;
  send: () => Promise<T>;
  /** After a successful call, still busy (a navigation away is awaited here). */
  onSuccess?: (result: T) => void | Promise<void>;
  /** The banner text when a failure brings no message of its own. */
  fallback: string;
  /** The form's fields a server message can belong to (none: every message goes in the banner). */
  fields?: readonly string[];
  /** Server field names for fields of this form, e.g. `{ otp: 'code' }`. */
  fieldAliases?: Record<string, string>;
  /** The form stays busy after a success (it leaves the page or is finished). */
  staysBusy?: boolean;
}

export interface AuthSubmit {
  busy: boolean;
  failure: FormFailure;
  onSubmit: (event: FormEvent) => void;
  /** Removes the message under one field (while the user edits it). */
  clearField: (name: string) => void;
  /** Removes every message (while the user edits a one-field form). */
  clearFailure: () => void;
}

export function useAuthSubmit<T>(options: AuthSubmitOptions<T>): AuthSubmit {
  const [failure, setFailure] = useState<FormFailure>(NO_FAILURE);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (busy || options.ready === false) return;
    const errors = options.validate?.() ?? {};
    if (hasErrors(errors)) {
      setFailure({ banner: null, fields: errors, flagged: [] });
      return;
    }
    setBusy(true);
    setFailure(NO_FAILURE);
    try {
      const result = await options.send();
      await options.onSuccess?.(result);
      if (!options.staysBusy) setBusy(false);
    } catch (error) {
      setFailure(formFailure(error, options.fallback, options.fields ?? [], options.fieldAliases));
      setBusy(false);
    }
  };

  return {
    busy,
    failure,
    onSubmit: (event) => {
      event.preventDefault();
      void submit();
    },
    clearField: (name) => setFailure((f) => ({ ...f, fields: { ...f.fields, [name]: undefined } })),
    clearFailure: () => setFailure(NO_FAILURE),
  };
}

/**
 * For a form whose values are one object: the props of the field `name` (its value, its message and
 * flag, and an onChange that stores the new value and clears the message under it).
 */
export function fieldBinder<V extends { [K in keyof V]: string }>(
  values: V,
  setValues: Dispatch<SetStateAction<V>>,
  { failure, clearField }: Pick<AuthSubmit, 'failure' | 'clearField'>,
) {
  return (name: keyof V & string) => ({
    name,
    value: values[name],
    error: failure.fields[name],
    flagged: failure.flagged.includes(name),
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      clearField(name);
    },
  });
}
