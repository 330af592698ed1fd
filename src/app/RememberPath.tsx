import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { lastPath } from './lastPath';

export interface RememberPathProps {
  children: ReactNode;
}

// Wraps the screens a guard let through; error screens are not wrapped, so they are never "previous".
export function RememberPath({ children }: RememberPathProps) {
  const { pathname, search } = useLocation();
  useEffect(() => lastPath.set(pathname + search), [pathname, search]);
  return children;
}
