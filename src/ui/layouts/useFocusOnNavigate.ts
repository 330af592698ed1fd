import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

// How long a screen may take to show its heading (lazy code, then its data) before focus settles on <main>.
const HEADING_WAIT_MS = 8_000;
// How long after a change of the query alone the old content may still be on its way out.
const QUERY_WAIT_MS = 3_000;

// The first screen of a page load keeps the browser's own start (the skip link first); every later one, in
// this layout or after it replaced another (sign-in), takes focus.
let pageLoaded = false;

function headingOf(main: HTMLElement): HTMLElement | null {
  return main.querySelector<HTMLElement>('h1');
}

// Focus may move only while nobody has put it elsewhere: on the body (the link that was followed is gone),
// or still on the menu, header or screen element that started the navigation.
function focusIsFree(started: Element | null): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active === started || !active.isConnected;
}

function focusElement(element: HTMLElement): void {
  // Headings are not focusable by themselves; -1 keeps them out of the Tab order.
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.classList.add('focus:outline-none');
  element.focus({ preventScroll: true });
  window.scrollTo({ top: 0 });
}

// Runs `attempt` now and on every change inside <main> until it succeeds or the time is up.
function retryOnChange(main: HTMLElement, ms: number, attempt: () => boolean, atEnd?: () => void) {
  if (attempt()) return () => {};
  const observer = new MutationObserver(() => {
    if (!attempt()) return;
    observer.disconnect();
    clearTimeout(timer);
  });
  observer.observe(main, { childList: true, subtree: true, characterData: true });
  const timer = setTimeout(() => {
    observer.disconnect();
    atEnd?.();
  }, ms);
  return () => {
    observer.disconnect();
    clearTimeout(timer);
  };
}

// After each change of path, focus goes to the new screen's main heading (a screen reader then reads its
// name), or to <main> when the screen shows none in time. A change of the query alone (tabs, filters,
// paging) keeps focus where the user is, unless what they were on went away with the content it changed (a
// journey's next step at the same path): then focus goes to the heading too, not back to the page's top.
export function useFocusOnNavigate(mainRef: RefObject<HTMLElement | null>): void {
  const { pathname, search } = useLocation();
  // Where the page was loaded, until the first navigation away from it.
  const loadedAt = useRef(pageLoaded ? null : pathname + search);
  // Null on mount: arriving in this layout (after sign-in) is a change of path.
  const previousPath = useRef<string | null>(null);
  // The element focus was last on, to tell "gone with the old content" from "never anywhere".
  const lastFocused = useRef<Element | null>(null);

  useEffect(() => {
    const remember = (event: FocusEvent) => {
      lastFocused.current = event.target instanceof Element ? event.target : null;
    };
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, []);

  useEffect(() => {
    pageLoaded = true;
    const pathChanged = previousPath.current !== pathname;
    previousPath.current = pathname;
    if (loadedAt.current !== null) {
      if (loadedAt.current === pathname + search) return;
      loadedAt.current = null;
    }
    const main = mainRef.current;
    if (!main) return;

    if (!pathChanged) {
      const lost = () => {
        const active = document.activeElement;
        const gone = lastFocused.current !== null && !lastFocused.current.isConnected;
        return gone && (!active || active === document.body);
      };
      return retryOnChange(main, QUERY_WAIT_MS, () => {
        if (!lost()) return false;
        focusElement(headingOf(main) ?? main);
        return true;
      });
    }

    const started = document.activeElement;
    const place = (element: HTMLElement) => {
      if (focusIsFree(started)) focusElement(element);
    };
    // The router shows the new screen once its data is loaded; a screen whose code or data comes later shows
    // a spinner first, and its heading after.
    return retryOnChange(
      main,
      HEADING_WAIT_MS,
      () => {
        const heading = headingOf(main);
        if (heading) place(heading);
        return heading !== null;
      },
      () => place(headingOf(main) ?? main),
    );
  }, [pathname, search, mainRef]);
}
