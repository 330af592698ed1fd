import { useState, type FormEvent } from 'react';
import type { RoleFilter } from '../../api/schemas/roles';
import { Button } from '../../ui/forms/Button';
import { TextField } from '../../ui/forms/TextField';

type Filter = Partial<Record<RoleFilter, string>>;

export interface RoleFiltersProps {
  initial: Filter;
  onSearch(filter: Filter): void;
}

// The role search form (SPEC §3: name, description). It edits a draft; the search runs on submit.
export function RoleFilters({ initial, onSearch }: RoleFiltersProps) {
  const [draft, setDraft] = useState(initial);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(draft);
  }

  return (
    <form
      role="search"
      aria-label="Search roles"
      onSubmit={submit}
      className="mb-4 grid gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_1fr_auto]"
    >
      <TextField
        label="Name"
        name="name"
        value={draft.name ?? ''}
        onChange={(e) => setDraft({ ...draft, name: e.target.value })}
      />
      <TextField
        label="Description"
        name="description"
        value={draft.description ?? ''}
        onChange={(e) => setDraft({ ...draft, description: e.target.value })}
      />
      <div className="flex items-end gap-2">
        <Button type="submit">Search</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setDraft({});
            onSearch({});
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}
