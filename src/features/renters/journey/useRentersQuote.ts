import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { rentersQuoteQuery } from '../../../api/calls/rentersQuotes';

// The renters quote of the journey URL, kept where it is: when the quote is at another step than the URL
// (a link from search without a step, another tab, or a write just now), the screen goes to the quote's
// route, replacing the entry, as a step left behind cannot be returned to by URL.
export function useRentersQuote() {
  const { id = '' } = useParams();
  const query = useQuery({
    ...rentersQuoteQuery(id),
    enabled: id !== '',
    // A purchase running elsewhere ends soon: look again until it has.
    refetchInterval: (q) => (q.state.data?.step === 'purchasing' ? 2000 : false),
  });
  const quote = query.data ?? null;
  const location = useLocation();
  const navigate = useNavigate();
  const route = quote?.route;
  const elsewhere = route !== undefined && route !== `${location.pathname}${location.search}`;
  useEffect(() => {
    if (route && elsewhere) void navigate(route, { replace: true });
  }, [route, elsewhere, navigate]);
  return { id, query, quote, elsewhere };
}
