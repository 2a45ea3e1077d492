// Billing Information: US address fields with the rules of spec section 5 (@tessera/facts/address, the
// payment service's too), shown once a field is left (or all of them after a Pay attempt).
import { useState } from 'react';
import {
  ADDRESS_CITY_MAX,
  ADDRESS_LINE_MAX,
  US_STATES,
  addressFieldProblem,
  type AddressField,
  type BillingAddress,
} from '@tessera/facts/address';
import { PayField } from './PayField.js';

interface Props {
  address: BillingAddress;
  onChange(address: BillingAddress): void;
  showAllErrors: boolean;
  disabled: boolean;
}

interface FieldSpec {
  field: AddressField;
  label: string;
  autoComplete: string;
  maxLength?: number;
  optional?: boolean;
  inputMode?: 'numeric';
  placeholder?: string;
  list?: string;
}

const FIELDS: FieldSpec[] = [
  { field: 'line1', label: 'Address line 1', autoComplete: 'address-line1', maxLength: ADDRESS_LINE_MAX + 1 },
  {
    field: 'line2',
    label: 'Address line 2',
    autoComplete: 'address-line2',
    maxLength: ADDRESS_LINE_MAX + 1,
    optional: true,
  },
  { field: 'city', label: 'City', autoComplete: 'address-level2', maxLength: ADDRESS_CITY_MAX + 1 },
];

export function BillingAddressForm({ address, onChange, showAllErrors, disabled }: Props) {
  const [touched, setTouched] = useState<Partial<Record<AddressField, boolean>>>({});
  const errorOf = (field: AddressField) =>
    showAllErrors || touched[field] ? addressFieldProblem(field, address[field]) : null;
  const set = (field: AddressField, value: string) => onChange({ ...address, [field]: value });
  const touch = (field: AddressField) => setTouched((t) => ({ ...t, [field]: true }));

  const input = (spec: FieldSpec) => {
    const error = errorOf(spec.field);
    const id = `billing-${spec.field}`;
    return (
      <PayField
        key={spec.field}
        id={id}
        fieldClass={`pay-field--${spec.field}`}
        label={
          <>
            {spec.label}
            {spec.optional ? <span className="pay-field__optional"> (optional)</span> : null}
          </>
        }
        error={error}
        value={address[spec.field]}
        autoComplete={spec.autoComplete}
        maxLength={spec.maxLength}
        inputMode={spec.inputMode}
        placeholder={spec.placeholder}
        list={spec.list}
        disabled={disabled}
        onChange={(e) =>
          set(spec.field, spec.field === 'state' ? e.target.value.toUpperCase() : e.target.value)
        }
        onBlur={() => touch(spec.field)}
      />
    );
  };

  const countryError = errorOf('country');
  return (
    <fieldset className="pay-section pay-billing" disabled={disabled}>
      <legend className="pay-section__title">Billing Information</legend>
      <div className="pay-billing__grid">
        {FIELDS.map(input)}
        {input({
          field: 'state',
          label: 'State',
          autoComplete: 'address-level1',
          maxLength: 2,
          placeholder: 'NY',
          list: 'billing-states',
        })}
        <datalist id="billing-states">
          {US_STATES.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </datalist>
        {input({
          field: 'postal_code',
          label: 'ZIP code',
          autoComplete: 'postal-code',
          inputMode: 'numeric',
          maxLength: 10,
          placeholder: '10001',
        })}
        <div className={`field pay-field pay-field--country${countryError ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor="billing-country">
            Country
          </label>
          <select
            id="billing-country"
            className="field__input"
            value={address.country}
            autoComplete="country"
            onChange={(e) => set('country', e.target.value)}
            onBlur={() => touch('country')}
          >
            <option value="US">United States</option>
          </select>
          {countryError ? <p className="field__error">{countryError}</p> : null}
        </div>
      </div>
    </fieldset>
  );
}
