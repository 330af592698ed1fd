import { useCallback, useState } from 'react';
import { localStore } from '../../api/storage';

const KEY = 'portal.menuOpen';
const DESKTOP = '(min-width: 1024px)';

function isDesktop(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.(DESKTOP).matches;
}

// The side menu starts open on wide screens and closed on narrow ones; on wide screens the
// user's last choice is remembered. On narrow screens it closes again after each navigation.
export function useMenuOpen(): { open: boolean; toggle: () => void; closeOnNarrow: () => void } {
  const [open, setOpen] = useState(() => isDesktop() && localStore()?.getItem(KEY) !== 'false');
  const toggle = useCallback(() => {
    setOpen((was) => {
      if (isDesktop()) localStore()?.setItem(KEY, String(!was));
      return !was;
    });
  }, []);
  const closeOnNarrow = useCallback(() => {
    if (!isDesktop()) setOpen(false);
  }, []);
  return { open, toggle, closeOnNarrow };
}
