import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { startRentersQuote, type StartRentersQuoteInput } from '../../../api/calls/rentersQuotes';
import { rentersRewriteQuery } from '../../../api/calls/rentersRewrite';
import { errorMessage } from '../../../api/httpErrors';
import type { RentersQuoteView } from '../../../api/schemas/rentersQuotes';
import type { RentersAddress } from '../../../machines/rentersQuoteContext';
import { Alert } from '../../../ui/feedback/Alert';
import { Spinner } from '../../../ui/feedback/Spinner';
import { PropertyForm } from './PropertyForm';
import { RentersFrame } from './RentersFrame';
import { rewriteSnapshotOf, rewriteSourceOf } from './rentersSnapshot';
import { useRentersWrite } from './useRentersWrite';

// A new renters quote: the start step saved creates the quote, which goes on at its coverage step. With
// ?rewriteOf=<policy number>&matterId=<m> it rewrites that policy (SPEC §4): the journey is prefilled
// from it and the quote is saved with rewrite_of.
export function RentersStartScreen() {
  const [params] = useSearchParams();
  const rewriteOf = params.get('rewriteOf')?.trim() || null;
  const write = useRentersWrite('', (body: StartRentersQuoteInput) =>
    startRentersQuote(rewriteOf ? { ...body, rewrite_of: rewriteOf } : body),
  );
  const navigate = useNavigate();
  const route = write.data?.route;
  useEffect(() => {
    if (route) void navigate(route);
  }, [route, navigate]);
  if (rewriteOf) {
    return (
      <RentersFrame title={`Rewrite ${rewriteOf}`} state="start" rewriteOf={rewriteOf}>
        <RewriteStart
          policyNumber={rewriteOf}
          // SPEC §3: a renters policy's matter id is its number's digits, should the link not say it.
          matterId={Number(params.get('matterId') ?? rewriteOf.replace(/\D/g, ''))}
          write={write}
        />
      </RentersFrame>
    );
  }
  return (
    <RentersFrame title="New renters quote" state="start">
      <PropertyForm quote={null} errors={write.errors} busy={write.isPending} onSubmit={write.mutate} />
    </RentersFrame>
  );
}

const wireAddress = (a: RentersAddress) => ({
  line_1: a.line1,
  line_2: a.line2,
  city: a.city,
  state: a.stateCode,
  zip_code: a.zipCode,
});

type Write = ReturnType<typeof useRentersWrite<StartRentersQuoteInput>>;

// The old policy's facts, sent to the journey as rentersQuote.rewriteStarted; the form starts from what
// the journey then holds. The new term starts where the server says the old cover ends (or today, when
// that has passed), and the date field says why.
function RewriteStart({
  policyNumber,
  matterId,
  write,
}: {
  policyNumber: string;
  matterId: number;
  write: Write;
}) {
  const valid = Number.isInteger(matterId) && matterId > 0;
  const answer = useQuery({ ...rentersRewriteQuery(matterId), enabled: valid });
  const data = answer.data;
  const snapshot = useMemo(() => {
    const source = data && data.source.policy_number === policyNumber ? rewriteSourceOf(data.source) : null;
    return source && rewriteSnapshotOf(source);
  }, [data, policyNumber]);
  if (!valid) return <Alert tone="error">The link does not say which policy to rewrite.</Alert>;
  if (answer.error) {
    return (
      <Alert tone="error" title="The policy could not be loaded">
        {errorMessage(answer.error)}
      </Alert>
    );
  }
  if (!data) return <Spinner label="Loading the policy…" />;
  if (!data.eligible || !snapshot) {
    const why = data.blockers.length > 0 ? data.blockers : ['The policy cannot be rewritten now.'];
    return (
      <Alert tone="error" title={`${policyNumber} cannot be rewritten`}>
        {why.join(' ')}{' '}
        {data.rewritten_as && (
          <Link
            to={`/renters/customers/${data.rewritten_as.customer_id}/policies/${data.rewritten_as.matter_id}`}
            className="font-medium underline"
          >
            Open {data.rewritten_as.policy_number}
          </Link>
        )}
      </Alert>
    );
  }
  const c = snapshot.context;
  const initial: Pick<RentersQuoteView, 'property' | 'effective_date' | 'interested_party'> = {
    property: c.property && wireAddress(c.property),
    effective_date: data.effective_date,
    interested_party: c.interestedParty && {
      name: c.interestedParty.name,
      ...wireAddress(c.interestedParty.address),
    },
  };
  return (
    <PropertyForm
      key={policyNumber}
      quote={null}
      initial={initial}
      effectiveDateHint={(date) =>
        date === data.effective_date
          ? data.effective_date_note
          : `The cover of ${policyNumber} ${data.old_cover_ends < data.effective_date ? 'ended' : 'ends'} on ${data.old_cover_ends}.`
      }
      errors={write.errors}
      busy={write.isPending}
      onSubmit={write.mutate}
    />
  );
}
