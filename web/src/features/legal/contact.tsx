// An e-mail address shown as a mailto link, and the "Contact Us" section that ends each legal document.
import type { ReactNode } from 'react';
import { mailto } from '../../app/site.js';
import type { LegalSection } from './LegalDocument.js';

export function MailLink({ address }: { address: string }) {
  return <a href={mailto(address)}>{address}</a>;
}

type Contacts = ReadonlyArray<readonly [topic: string, address: string]>;

/** One line per topic: "{topic}: {address}". */
function ContactList({ items }: { items: Contacts }) {
  return (
    <ul>
      {items.map(([topic, address]) => (
        <li key={topic}>
          {`${topic}: `}
          <MailLink address={address} />
        </li>
      ))}
    </ul>
  );
}

/** "Contact Us": the addresses to write to per topic, then anything else (a postal address). */
export function contactSection(items: Contacts, after?: ReactNode): LegalSection {
  return {
    id: 'contact',
    title: 'Contact Us',
    body: (
      <>
        <ContactList items={items} />
        {after}
      </>
    ),
  };
}
