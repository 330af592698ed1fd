import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { createQuoteSource, quoteSourcesQuery, updateQuoteSource } from '../../api/calls/entityLinks';
import type { QuoteSource } from '../../api/schemas/entities';
import { Alert } from '../../ui/feedback/Alert';
import { Spinner } from '../../ui/feedback/Spinner';
import { Button } from '../../ui/forms/Button';
import { TextField } from '../../ui/forms/TextField';
import { Card } from './Card';
import { formErrors } from './formErrors';
import { useInvalidateEntity } from './useInvalidateEntity';
import { errorMessage } from '../../api/httpErrors';

export interface QuoteSourcesTabProps {
  entityId: number;
  canEdit: boolean;
}

// The channels the entity's quotes come from. Quotes keep the source they came through, so a source is
// switched off rather than deleted.
export function QuoteSourcesTab({ entityId, canEdit }: QuoteSourcesTabProps) {
  const sources = useQuery(quoteSourcesQuery(entityId));
  const [draft, setDraft] = useState({ code: '', name: '' });
  const [notice, setNotice] = useState<string | null>(null);
  const invalidate = useInvalidateEntity();
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: () => createQuoteSource(entityId, draft),
    onSuccess: async (source) => {
      await invalidate(entityId);
      setDraft({ code: '', name: '' });
      setNotice(`${source.name} added.`);
    },
  });
  // Optimistic: the row shows its new state at once and goes back if the server refuses.
  const toggle = useMutation({
    mutationFn: (source: QuoteSource) =>
      updateQuoteSource(entityId, source.id, { is_enabled: !source.is_enabled }),
    onMutate: async (source) => {
      setNotice(null);
      const key = quoteSourcesQuery(entityId).queryKey;
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (all) =>
        all?.map((s) => (s.id === source.id ? { ...s, is_enabled: !source.is_enabled } : s)),
      );
      return { before };
    },
    onError: (_error, _source, context) => {
      if (context) queryClient.setQueryData(quoteSourcesQuery(entityId).queryKey, context.before);
    },
    onSuccess: (source) => setNotice(`${source.name} ${source.is_enabled ? 'switched on' : 'switched off'}.`),
    onSettled: () => invalidate(entityId),
  });
  const { fields, message } = formErrors(add.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    add.mutate();
  }

  return (
    <Card
      title="Quote sources"
      description="Where this entity’s quotes come from: its website, branded quote app, phone line…"
    >
      {notice && (
        <div className="mb-4">
          <Alert tone="success">{notice}</Alert>
        </div>
      )}
      {toggle.error && (
        <div className="mb-4">
          <Alert tone="error">{errorMessage(toggle.error)}</Alert>
        </div>
      )}
      {sources.isPending ? (
        <Spinner label="Loading quote sources…" />
      ) : sources.data?.length === 0 ? (
        <p className="text-sm text-slate-500">No quote sources yet.</p>
      ) : (
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Quote sources</caption>
          <thead>
            <tr className="text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
              <th scope="col" className="py-2 pr-4">
                Code
              </th>
              <th scope="col" className="py-2 pr-4">
                Label
              </th>
              <th scope="col" className="py-2 pr-4">
                Status
              </th>
              {canEdit && (
                <th scope="col" className="py-2">
                  <span className="sr-only">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {sources.data?.map((source) => (
              <tr key={source.id}>
                <td className="py-2 pr-4 font-mono text-[13px]">{source.code}</td>
                <td className="py-2 pr-4 text-slate-800">{source.label}</td>
                <td className="py-2 pr-4">
                  {source.is_enabled ? (
                    <span className="text-emerald-700">On</span>
                  ) : (
                    <span className="text-slate-500">Off</span>
                  )}
                </td>
                {canEdit && (
                  <td className="py-2 text-right">
                    <button
                      type="button"
                      className="text-sm font-medium text-indigo-700 hover:text-indigo-500 disabled:text-slate-400"
                      disabled={toggle.isPending}
                      onClick={() => toggle.mutate(source)}
                    >
                      {source.is_enabled ? 'Switch off' : 'Switch on'}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {canEdit && (
        <form
          onSubmit={submit}
          aria-label="Add quote source"
          noValidate
          className="mt-5 grid gap-4 border-t border-slate-100 pt-5 sm:grid-cols-[12rem_1fr_auto] sm:items-start"
        >
          <TextField
            label="Code"
            name="code"
            value={draft.code}
            onChange={(e) => setDraft((d) => ({ ...d, code: e.target.value }))}
            errors={fields.code}
            placeholder="WEBSITE"
          />
          <TextField
            label="Label"
            name="name"
            value={draft.name}
            onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
            errors={fields.name}
            placeholder="Agency website quote widget"
          />
          <Button type="submit" busy={add.isPending} className="sm:mt-6">
            Add source
          </Button>
          {message && !fields.code && !fields.name && (
            <div className="sm:col-span-3">
              <Alert tone="error">{message}</Alert>
            </div>
          )}
        </form>
      )}
    </Card>
  );
}
