// The owner's Delete button: the first click arms it ("Confirm Delete?"), the second deletes
// ("Deleting..."). Leaving the button or pressing Escape disarms it.
import { useEffect, useState } from 'react';
import { PAGE_TEXT } from './messages.js';

export function DeleteButton({ deleting, onDelete }: { deleting: boolean; onDelete(): void }) {
  const [armed, setArmed] = useState(false);

  // After a failed delete the button starts over.
  useEffect(() => {
    if (!deleting) setArmed(false);
  }, [deleting]);

  const label = deleting ? PAGE_TEXT.deleting : armed ? PAGE_TEXT.confirmDelete : PAGE_TEXT.delete;
  return (
    <button
      type="button"
      className={`delete-button${armed || deleting ? ' is-armed' : ''}`}
      disabled={deleting}
      onClick={() => {
        if (deleting) return;
        if (armed) onDelete();
        else setArmed(true);
      }}
      onBlur={() => {
        if (!deleting) setArmed(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setArmed(false);
      }}
    >
      {label}
    </button>
  );
}
