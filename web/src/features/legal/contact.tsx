// An e-mail address shown as a mailto link, and the "Contact Us" list of the legal documents.
import { mailto } from '../../app/site.js';

export function MailLink({ address }: { address: string }) {
  return <a href={mailto(address)}>{address}</a>;
}

/** One line per topic: "{topic}: {address}". */
export function ContactList({ items }: { items: ReadonlyArray<readonly [topic: string, address: string]> }) {
  return (
    <ul>
      {items.map(([topic, address]) => (
        <li key={topic}>
          {topic}: <MailLink address={address} />
        </li>
      ))}
    </ul>
  );
}
