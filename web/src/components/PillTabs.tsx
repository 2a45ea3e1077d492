// A row of tabs on a pill track (.pill-tabs): the sign-in screen's Sign In / Sign Up and the
// submission list's Hot / New. Each tab is a button with role "tab" controlling one panel.
import type { ReactNode } from 'react';

export interface PillTab<T extends string> {
  value: T;
  content: ReactNode;
  /** The tab's id, for a panel labelled by it. */
  id?: string;
}

export function PillTabs<T extends string>(props: {
  /** The tab list's own class, beside the shared `pill-tabs`; its tabs get `<className>__tab`. */
  className: string;
  label: string;
  tabs: ReadonlyArray<PillTab<T>>;
  selected: T;
  /** The id of the panel the tabs control. */
  controls: string;
  onSelect(value: T): void;
}) {
  const { className, selected, onSelect } = props;
  return (
    <div className={`pill-tabs ${className}`} role="tablist" aria-label={props.label}>
      {props.tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          id={tab.id}
          aria-selected={selected === tab.value}
          aria-controls={props.controls}
          className={`pill-tabs__option ${className}__tab`}
          onClick={() => {
            if (selected !== tab.value) onSelect(tab.value);
          }}
        >
          {tab.content}
        </button>
      ))}
    </div>
  );
}
