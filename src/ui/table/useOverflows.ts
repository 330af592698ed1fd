import { useEffect, useState, type RefObject } from 'react';

// Whether a box's content is wider or taller than the box, kept true to resizes (a window turned to portrait,
// a column shown): only a box that scrolls needs to be a focusable region for keyboard users.
export function useOverflows(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () =>
      setOverflows(box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}
