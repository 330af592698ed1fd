import {
  Menu,
  MenuButton,
  MenuHeading,
  MenuItem,
  MenuItems,
  MenuSection,
  MenuSeparator,
} from '@headlessui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  createTableView,
  deleteTableView,
  TABLE_VIEWS_KEY,
  tableViewsQuery,
  updateTableView,
} from '../../api/calls/tableViews';
import type { RoleRef, TableKey, TableView, TableViewState } from '../../api/schemas/tableViews';
import { ConfirmDialog } from '../feedback/ConfirmDialog';
import { ViewDialog } from './ViewDialog';

export interface SavedViewsProps {
  table: TableKey;
  // The saved view last applied (the URL's ?view=).
  viewId: number | null;
  // What the table shows now, to save.
  current: TableViewState;
  shows(state: TableViewState): boolean;
  onApply(view: TableView): void;
}

type Editing = { kind: 'new' } | { kind: 'edit'; view: TableView } | { kind: 'delete'; view: TableView };

const item =
  'block w-full px-3 py-2 text-left text-sm text-slate-700 data-disabled:cursor-not-allowed data-disabled:text-slate-400 data-focus:bg-indigo-50 data-focus:text-indigo-900';
const heading = 'px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500';

// "Saved views" of a search table: apply one of the user's views or one shared with their roles, save what
// the table shows as a new view, and update, rename, share or delete their own (docs/decisions/011).
export function SavedViews({ table, viewId, current, shows, onApply }: SavedViewsProps) {
  const queryClient = useQueryClient();
  const list = useQuery(tableViewsQuery(table));
  const views = list.data?.data ?? [];
  const own = views.filter((v) => v.mine);
  const shared = views.filter((v) => !v.mine);
  const active = views.find((v) => v.id === viewId) ?? null;
  const changed = active !== null && !shows(active.state);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [status, setStatus] = useState('');

  const done = (message: string) => {
    setEditing(null);
    setStatus(message);
    void queryClient.invalidateQueries({ queryKey: TABLE_VIEWS_KEY });
  };
  const create = useMutation({
    mutationFn: (value: { name: string; roleIds: number[] }) =>
      createTableView({ table, name: value.name, state: current, shared_role_ids: value.roleIds }),
    onSuccess: (view) => {
      onApply(view);
      done(`Saved the view “${view.name}”.`);
    },
  });
  const edit = useMutation({
    mutationFn: (args: { view: TableView; name: string; roleIds: number[] }) =>
      updateTableView(args.view.id, { name: args.name, shared_role_ids: args.roleIds }),
    onSuccess: (view) => done(`Changed the view “${view.name}”.`),
  });
  const saveState = useMutation({
    mutationFn: (view: TableView) => updateTableView(view.id, { state: current }),
    onSuccess: (view) => done(`Saved the changes to “${view.name}”.`),
    onError: () => setStatus('The view could not be saved. Try again.'),
  });
  const remove = useMutation({
    mutationFn: (view: TableView) => deleteTableView(view.id),
    onSuccess: (message) => done(message),
  });
  const apply = (view: TableView) => {
    setStatus('');
    onApply(view);
  };
  const open = (next: Editing) => {
    create.reset();
    edit.reset();
    remove.reset();
    setEditing(next);
  };

  const viewItem = (view: TableView) => (
    <MenuItem key={view.id}>
      <button type="button" className={item} onClick={() => apply(view)}>
        <span className="flex items-center gap-2">
          <span className="w-3 text-indigo-600" aria-hidden="true">
            {view.id === viewId ? '✓' : ''}
          </span>
          <span className="truncate font-medium">{view.name}</span>
          {view.id === viewId && <span className="sr-only">(applied)</span>}
        </span>
        {!view.mine && <span className="block pl-5 text-xs text-slate-500">shared by {view.owner.name}</span>}
        {view.mine && view.shared_roles.length > 0 && (
          <span className="block pl-5 text-xs text-slate-500">
            shared with {view.shared_roles.map((r) => r.name).join(', ')}
          </span>
        )}
      </button>
    </MenuItem>
  );

  return (
    <div className="flex items-center gap-2">
      <Menu>
        <MenuButton className="inline-flex max-w-xs items-center gap-2 rounded-md bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600">
          <span className="truncate">{active ? `View: ${active.name}` : 'Saved views'}</span>
          {changed && <span className="text-xs font-normal text-amber-700">(changed)</span>}
          <span aria-hidden="true" className="text-slate-400">
            ▾
          </span>
        </MenuButton>
        <MenuItems
          anchor="bottom start"
          className="z-40 max-h-96 w-72 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg [--anchor-gap:6px] focus:outline-none"
        >
          {list.isError && (
            <p className="px-3 py-2 text-sm text-red-700">The saved views could not be loaded.</p>
          )}
          {views.length === 0 && !list.isError && (
            <p className="px-3 py-2 text-sm text-slate-500">
              {list.isPending ? 'Loading views…' : 'No saved views yet.'}
            </p>
          )}
          {own.length > 0 && (
            <MenuSection>
              <MenuHeading className={heading}>Your views</MenuHeading>
              {own.map(viewItem)}
            </MenuSection>
          )}
          {shared.length > 0 && (
            <MenuSection>
              <MenuHeading className={heading}>Shared with you</MenuHeading>
              {shared.map(viewItem)}
            </MenuSection>
          )}
          <MenuSeparator className="my-1 h-px bg-slate-100" />
          <MenuItem>
            <button type="button" className={item} onClick={() => open({ kind: 'new' })}>
              Save as new view…
            </button>
          </MenuItem>
          {active?.mine && (
            <>
              <MenuItem disabled={!changed}>
                <button type="button" className={item} onClick={() => saveState.mutate(active)}>
                  Save changes to “{active.name}”
                </button>
              </MenuItem>
              <MenuItem>
                <button type="button" className={item} onClick={() => open({ kind: 'edit', view: active })}>
                  Rename or share “{active.name}”…
                </button>
              </MenuItem>
              <MenuItem>
                <button
                  type="button"
                  className={`${item} text-red-700`}
                  onClick={() => open({ kind: 'delete', view: active })}
                >
                  Delete “{active.name}”…
                </button>
              </MenuItem>
            </>
          )}
        </MenuItems>
      </Menu>
      <p role="status" className="text-sm text-slate-600">
        {status}
      </p>
      {editing?.kind === 'new' && (
        <ViewDialog
          title="Save as a new view"
          submitLabel="Save view"
          initial={{ name: '', roleIds: [] }}
          roles={list.data?.shareable_roles ?? []}
          busy={create.isPending}
          error={create.error}
          onSubmit={(value) => create.mutate(value)}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'edit' && (
        <ViewDialog
          title={`Rename or share “${editing.view.name}”`}
          submitLabel="Save"
          initial={{ name: editing.view.name, roleIds: editing.view.shared_roles.map((r) => r.id) }}
          roles={withRolesOf(list.data?.shareable_roles ?? [], editing.view)}
          busy={edit.isPending}
          error={edit.error}
          onSubmit={(value) => edit.mutate({ view: editing.view, ...value })}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'delete' && (
        <ConfirmDialog
          open
          danger
          title={`Delete the view “${editing.view.name}”?`}
          confirmLabel="Delete view"
          busy={remove.isPending}
          error={remove.error ? 'The view could not be deleted. Try again.' : null}
          onConfirm={() => remove.mutate(editing.view)}
          onClose={() => setEditing(null)}
        >
          {editing.view.shared_roles.length > 0
            ? 'It goes from your list and from the lists of the roles it is shared with.'
            : 'It goes from your list. The table stays as it is now.'}
        </ConfirmDialog>
      )}
    </div>
  );
}

// The roles offered for a view: those the user may share with, and those it already has (a role the user
// has since lost stays ticked until they untick it).
function withRolesOf(shareable: readonly RoleRef[], view: TableView): RoleRef[] {
  const extra = view.shared_roles.filter((role) => !shareable.some((r) => r.id === role.id));
  return [...shareable, ...extra];
}
