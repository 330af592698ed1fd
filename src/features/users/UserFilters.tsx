import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { roleOptionsQuery } from '../../api/calls/roles';
import type { UserFilter } from '../../api/schemas/users';
import { Button } from '../../ui/forms/Button';
import { SelectField } from '../../ui/forms/SelectField';
import { TextField } from '../../ui/forms/TextField';

type Filter = Partial<Record<UserFilter, string>>;

export interface UserFiltersProps {
  initial: Filter;
  onSearch(filter: Filter): void;
}

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

// The user search form (SPEC §3: entityCode, userName, emailAddress, phoneNumber, roleName; plus status).
// It edits a draft; the search runs on submit.
export function UserFilters({ initial, onSearch }: UserFiltersProps) {
  const roles = useQuery(roleOptionsQuery).data ?? [];
  const [draft, setDraft] = useState(initial);
  const text = (key: UserFilter, label: string, type = 'text') => (
    <TextField
      label={label}
      name={key}
      type={type}
      value={draft[key] ?? ''}
      onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
    />
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(draft);
  }

  return (
    <form
      role="search"
      aria-label="Search users"
      onSubmit={submit}
      className="mb-4 grid gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
    >
      {text('userName', 'Name')}
      {text('emailAddress', 'Email')}
      {text('phoneNumber', 'Phone', 'tel')}
      {text('entityCode', 'Entity code')}
      <SelectField
        label="Role"
        name="roleName"
        placeholder="Any role"
        options={roles.map((r) => ({ value: r.role_name, label: r.role_name }))}
        value={draft.roleName ?? ''}
        onChange={(e) => setDraft({ ...draft, roleName: e.target.value })}
      />
      <SelectField
        label="Status"
        name="status"
        placeholder="Any status"
        options={STATUS_OPTIONS}
        value={draft.status ?? ''}
        onChange={(e) => setDraft({ ...draft, status: e.target.value })}
      />
      <div className="flex items-end gap-2 lg:col-span-2 lg:justify-end">
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
