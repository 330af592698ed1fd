import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { localStore } from '../../api/storage';

const KEY = 'portal.menuOpen';
const DESKTOP = '(min-width: 1024px)';

function isDesktop(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.(DESKTOP).matches;
}

const remembered = () => localStore()?.getItem(KEY) !== 'false';

export interface MenuOpen {
  open: boolean;
  toggle: () => void;
  closeOnNarrow: () => void;
  // The button that opens and closes the menu: focus comes back to it when the menu closes over the page.
  toggleRef: RefObject<HTMLButtonElement | null>;
}

// The side menu starts open on wide screens and closed on narrow ones; on wide screens the user's last
// choice is remembered. On narrow screens it lies over the page: it closes again after each navigation and
// with Escape, focus moves into it when it opens and back to its button when it closes. A window that
// narrows (a tablet turned upright) closes it; one that widens brings back the remembered choice.
export function useMenuOpen(menuId: string): MenuOpen {
  const [open, setOpen] = useState(() => isDesktop() && remembered());
  const toggleRef = useRef<HTMLButtonElement>(null);
  const toggle = useCallback(() => {
    setOpen((was) => {
      if (isDesktop()) localStore()?.setItem(KEY, String(!was));
      return !was;
    });
  }, []);
  const closeOnNarrow = useCallback(() => {
    if (!isDesktop()) setOpen(false);
  }, []);

  useEffect(() => {
    const query = window.matchMedia?.(DESKTOP);
    if (!query) return;
    const follow = () => setOpen(query.matches && remembered());
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);

  // Over the page only: into the menu as it opens, Escape closes it and focus goes back to its button.
  const overlay = open && !isDesktop();
  useEffect(() => {
    if (!overlay) return;
    document.getElementById(menuId)?.querySelector<HTMLElement>('a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [overlay, menuId]);

  return { open, toggle, closeOnNarrow, toggleRef };
}
