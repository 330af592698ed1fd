import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { startRentersQuote } from '../../../api/calls/rentersQuotes';
import { PropertyForm } from './PropertyForm';
import { RentersFrame } from './RentersFrame';
import { useRentersWrite } from './useRentersWrite';

// A new renters quote: the start step saved creates the quote, which goes on at its coverage step.
export function RentersStartScreen() {
  const write = useRentersWrite('', startRentersQuote);
  const navigate = useNavigate();
  const route = write.data?.route;
  useEffect(() => {
    if (route) void navigate(route);
  }, [route, navigate]);
  return (
    <RentersFrame title="New renters quote" state="start">
      <PropertyForm quote={null} errors={write.errors} busy={write.isPending} onSubmit={write.mutate} />
    </RentersFrame>
  );
}
