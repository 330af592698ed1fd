import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { quoteViewQuery } from '../../../api/calls/quoteJourney';
import { journeySnapshotOf } from './journeySnapshot';

// The quote of a journey screen (the route's uuid), kept where it is: when the quote is at another step
// than the URL (an old bookmark, another tab moved it on, or a write just did), the screen goes to the
// quote's route. Replacing the entry, because a journey step left behind cannot be returned to by URL.
export function useJourneyQuote() {
  const { uuid = '' } = useParams();
  const query = useQuery({
    ...quoteViewQuery(uuid),
    enabled: uuid !== '',
    // A purchase running elsewhere (another tab) ends soon: look again until it has.
    refetchInterval: (q) => (q.state.data?.step === 'purchasing' ? 2000 : false),
  });
  const quote = query.data ?? null;
  const location = useLocation();
  const navigate = useNavigate();
  const route = quote?.route;
  const elsewhere = route !== undefined && route !== location.pathname;
  useEffect(() => {
    if (route && elsewhere) void navigate(route, { replace: true });
  }, [route, elsewhere, navigate]);
  const snapshot = useMemo(() => journeySnapshotOf(quote), [quote]);
  return { uuid, query, quote, snapshot, elsewhere };
}
