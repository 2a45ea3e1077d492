// The sandbox provider's card input, labelled "test mode" (no real card is charged).
import {
  TEST_CARDS,
  formatCardNumber,
  formatExpiry,
  type CardErrors,
  type CardFields,
} from './sandbox-card.js';
import { PayField } from './PayField.js';

interface Props {
  card: CardFields;
  errors: CardErrors;
  disabled: boolean;
  onChange(card: CardFields): void;
}

export function SandboxCardInput({ card, errors, disabled, onChange }: Props) {
  const field = (
    key: keyof CardFields,
    label: string,
    props: { placeholder: string; autoComplete: string; format?: (v: string) => string; maxLength: number },
  ) => {
    const error = errors[key];
    const id = `card-${key}`;
    return (
      <PayField
        id={id}
        fieldClass={`pay-card__${key}`}
        inputClass="field__input pay-card__input"
        label={label}
        error={error}
        inputMode="numeric"
        value={card[key]}
        placeholder={props.placeholder}
        autoComplete={props.autoComplete}
        maxLength={props.maxLength}
        disabled={disabled}
        onChange={(e) =>
          onChange({ ...card, [key]: props.format ? props.format(e.target.value) : e.target.value })
        }
      />
    );
  };
  return (
    <fieldset className="pay-section pay-card" disabled={disabled}>
      <legend className="pay-section__title">
        Card details <span className="pay-card__badge">test mode</span>
      </legend>
      <div className="pay-card__grid">
        {field('number', 'Card number', {
          placeholder: '4242 4242 4242 4242',
          autoComplete: 'cc-number',
          format: formatCardNumber,
          maxLength: 23,
        })}
        {field('expiry', 'Expiry (MM / YY)', {
          placeholder: 'MM / YY',
          autoComplete: 'cc-exp',
          format: formatExpiry,
          maxLength: 7,
        })}
        {field('cvc', 'CVC', { placeholder: '123', autoComplete: 'cc-csc', maxLength: 4 })}
      </div>
      <p className="pay-card__hint">
        Test mode: no real card is charged. Test cards:{' '}
        {TEST_CARDS.map((c, i) => (
          <span key={c.number}>
            {i > 0 ? '; ' : ''}
            <code>{c.number}</code> {c.outcome}
          </span>
        ))}
        . Any future expiry date and any CVC.
      </p>
    </fieldset>
  );
}
