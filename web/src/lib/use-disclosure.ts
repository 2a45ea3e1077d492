// A button that shows and hides a panel (the footer's legal links, the canvas description, the header
// menus): the open state, the panel's id and the props of the toggle button.
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useDismiss } from './use-dismiss.js';

export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggleProps = {
    type: 'button',
    'aria-expanded': open,
    'aria-controls': panelId,
    onClick: () => setOpen((v) => !v),
  } as const;
  return { open, setOpen, panelId, toggleProps };
}

/** A disclosure that Escape or a press outside the button and the panel closes (the header menus). */
export function useMenuDisclosure() {
  const { open, setOpen, panelId, toggleProps } = useDisclosure();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), [setOpen]);
  const refs = useMemo(() => [buttonRef, panelRef], []);
  useDismiss(open, close, refs, buttonRef);
  return { open, setOpen, close, panelId, buttonRef, panelRef, toggleProps };
}
