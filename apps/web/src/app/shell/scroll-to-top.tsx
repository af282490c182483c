import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Every navigation to another page starts at the top (query-only changes, like list filters, do not jump). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname]);
  return null;
}
