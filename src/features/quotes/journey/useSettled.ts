import { useEffect, useState } from 'react';

// The value once it has stopped changing for `ms`: the premium is asked for once per pause in the
// agent's changes, not per click or key.
export function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
