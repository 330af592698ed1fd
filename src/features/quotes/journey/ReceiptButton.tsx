import { useMutation } from '@tanstack/react-query';
import { downloadReceipt } from '../../../api/calls/quoteJourney';
import { errorMessage } from '../../../api/httpErrors';
import { Button } from '../../../ui/forms/Button';

// The payment receipt of one policy (GET /v2/downloadReceipt), as a PDF download.
export function ReceiptButton({ policyNumber }: { policyNumber: string }) {
  const download = useMutation({
    mutationFn: () => downloadReceipt(policyNumber),
  });
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <Button
        variant="secondary"
        busy={download.isPending}
        aria-label={`Download receipt for ${policyNumber}`}
        onClick={() => download.mutate()}
      >
        Download receipt
      </Button>
      {download.error && (
        <span role="alert" className="text-xs text-red-700">
          {errorMessage(download.error)}
        </span>
      )}
    </span>
  );
}
