import { useEffect } from 'react';

// How long after a submit its answer may still mark fields invalid (a slow server, a payment).
const ANSWER_WAIT_MS = 30_000;

const INVALID = '[aria-invalid="true"]';
const ERRORS = `${INVALID}, [role="alert"]`;

// Focus may move only while the user is still where the submit left them: on the form, its button, or
// nowhere (the button was disabled or replaced while the request ran).
function focusIsFree(form: HTMLFormElement): boolean {
  const active = document.activeElement;
  return !active || active === document.body || form.contains(active) || !active.isConnected;
}

// The first invalid field of the form, or its error summary (role="alert") when no field is marked.
function errorTarget(form: HTMLFormElement): HTMLElement | null {
  return form.querySelector<HTMLElement>(INVALID) ?? form.querySelector<HTMLElement>('[role="alert"]');
}

const FOCUSABLE = 'input:not([type="hidden"]), select, textarea, button, [tabindex]';

function focusError(target: HTMLElement): void {
  // A group marked invalid (radio buttons) hands focus to its first control.
  const group = target.getAttribute('role') !== 'alert';
  const control = target.matches(FOCUSABLE) ? target : group && target.querySelector<HTMLElement>(FOCUSABLE);
  if (control) return control.focus();
  // An error summary is not focusable by itself; -1 keeps it out of the Tab order.
  target.setAttribute('tabindex', '-1');
  target.focus();
}

// Every form of the layout: when a submit comes back with the server's messages (SPEC §5) or the form's own,
// focus moves to the first field marked invalid, whose label, state and message (aria-describedby) a screen
// reader then reads, or to the form's error summary. Forms need nothing of their own for it: their fields
// mark themselves with aria-invalid. A submit that leaves the fields as they were moves nothing, and nor
// does an answer that comes after the user has gone back to typing.
export function useFocusInvalidOnSubmit(): void {
  useEffect(() => {
    let stop: () => void = () => {};
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      stop();
      // What was already shown before this submit moves focus only once it has gone and come back.
      const shown = new Set(form.querySelectorAll(ERRORS));
      const check = () => {
        if (!form.isConnected) return stop();
        for (const element of shown)
          if (!element.isConnected || !element.matches(ERRORS)) shown.delete(element);
        const target = errorTarget(form);
        if (!target || shown.has(target)) return;
        stop();
        if (focusIsFree(form)) focusError(target);
      };
      const observer = new MutationObserver(check);
      observer.observe(form, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['aria-invalid', 'role'],
      });
      const timer = setTimeout(() => stop(), ANSWER_WAIT_MS);
      // Once the user types or picks again, focus is theirs: a message arriving later must not pull it away.
      const userActs = () => stop();
      form.addEventListener('input', userActs);
      stop = () => {
        observer.disconnect();
        clearTimeout(timer);
        form.removeEventListener('input', userActs);
      };
    };
    // Capture: seen before React's own handler, whose validation may mark fields in the same event.
    document.addEventListener('submit', onSubmit, true);
    return () => {
      document.removeEventListener('submit', onSubmit, true);
      stop();
    };
  }, []);
}
