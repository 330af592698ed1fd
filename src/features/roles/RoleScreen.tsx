import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { anyOf } from '../../api/access';
import { historyQuery } from '../../api/calls/history';
import { profileQuery } from '../../api/calls/profile';
import { ROLES_KEY, deleteRole, privilegesQuery, roleQuery, updateRole } from '../../api/calls/roles';
import { ApiError, errorMessage, fieldErrorsOf } from '../../api/httpErrors';
import type { Role } from '../../api/schemas/roles';
import { Alert } from '../../ui/feedback/Alert';
import { SaveErrorAlert } from '../../ui/feedback/SaveErrorAlert';
import { ConfirmDialog } from '../../ui/feedback/ConfirmDialog';
import { Spinner } from '../../ui/feedback/Spinner';
import { Button } from '../../ui/forms/Button';
import { HistoryList } from '../../ui/HistoryList';
import { Tabs } from '../../ui/layouts/Tabs';
import { PageHeader } from '../../ui/PageHeader';
import { NotFoundScreen } from '../../ui/screens/NotFoundScreen';
import { useAccess } from '../../ui/useAccess';
import { RoleForm } from './RoleForm';
import { ROLE_HISTORY_LABELS } from './roleHistory';
import { toast } from '../../ui/feedback/toastStore';
import { RecordSkeleton } from '../../ui/feedback/RecordSkeleton';

// /admin/roles/{id}: a role's details and privilege tree (editable with admin or admin_role_edit), its
// history, and delete.
export function RoleScreen() {
  const id = Number(useParams().id);
  const role = useQuery(roleQuery(id));
  if (role.error instanceof ApiError && role.error.status === 404) return <NotFoundScreen />;
  if (role.isError) return <Alert tone="error">{errorMessage(role.error)}</Alert>;
  if (!role.data) return <RecordSkeleton label="Loading the role…" />;
  // Keyed by id: another role's screen starts with its own notices and form.
  return <RoleRecord key={role.data.id} role={role.data} />;
}

function RoleRecord({ role }: { role: Role }) {
  const { can } = useAccess();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  // The form starts afresh after a save or a reload, never under the user's hands on a background refetch.
  const [generation, setGeneration] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const me = useQuery(profileQuery).data;
  // The server's rules, shown early: nobody changes a role carrying more than they hold, nor deletes one they
  // hold themselves or one with a privilege that can never be granted again.
  const manageable = role.privileges.every((p) => can(anyOf(p.priv_code)));
  const editable = can(anyOf('admin', 'admin_role_edit')) && manageable;
  const lasting = useQuery(privilegesQuery).data?.some(
    (p) => !p.is_grantable && role.privileges.some((r) => r.priv_code === p.priv_code),
  );
  const deletable =
    can(anyOf('admin', 'admin_role_delete')) && manageable && !lasting && !me?.roles.includes(role.role_name);

  const save = useMutation({
    mutationFn: (values: Parameters<typeof updateRole>[1]) =>
      updateRole(role.id, { ...values, version: role.version }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(roleQuery(role.id).queryKey, saved);
      setGeneration((g) => g + 1);
      setNotice('The role was saved.');
      await queryClient.invalidateQueries({ queryKey: ROLES_KEY });
    },
    onMutate: () => setNotice(null),
  });
  const remove = useMutation({
    mutationFn: () => deleteRole(role.id),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: roleQuery(role.id).queryKey });
      await queryClient.invalidateQueries({ queryKey: ROLES_KEY });
      toast.success(`The role ${role.role_name} was deleted.`);
      navigate('/admin/roles', { replace: true });
    },
  });
  const errors = fieldErrorsOf(save.error);

  const details = (
    <RoleForm
      key={generation}
      role={role}
      readOnly={!editable}
      busy={save.isPending}
      errors={errors}
      submitLabel="Save role"
      notice={
        save.isError && (
          <SaveErrorAlert
            error={save.error}
            record="the role"
            onReload={async () => {
              save.reset();
              await queryClient.invalidateQueries({ queryKey: roleQuery(role.id).queryKey });
              setGeneration((g) => g + 1);
            }}
          />
        )
      }
      onSubmit={(values) => save.mutate(values)}
    />
  );

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={role.role_name}
        description={
          <>
            {role.role_desc || 'No description'} · {role.privileges.length} privileges · held by{' '}
            {role.user_count} {role.user_count === 1 ? 'user' : 'users'} · {ownerLabel(role.owner)}
          </>
        }
        back={{ to: '/admin/roles', label: 'Roles' }}
        actions={
          deletable && (
            <Button variant="secondary" onClick={() => setConfirming(true)} className="text-red-700">
              Delete role
            </Button>
          )
        }
      />
      {notice && (
        <div className="mb-4">
          <Alert tone="success">{notice}</Alert>
        </div>
      )}
      {!manageable && (
        <div className="mb-4">
          <Alert tone="info">
            This role holds privileges you do not hold, so you cannot change or delete it.
          </Alert>
        </div>
      )}
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <Tabs
          label="Role"
          tabs={[
            { id: 'details', label: 'Details', content: details },
            { id: 'history', label: 'History', content: <RoleHistory id={role.id} /> },
          ]}
        />
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Delete the role ${role.role_name}?`}
        confirmLabel="Delete role"
        danger
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={() => remove.mutate()}
        onClose={() => {
          setConfirming(false);
          remove.reset();
        }}
      >
        {role.user_count > 0 ? (
          <p>
            {role.user_count} {role.user_count === 1 ? 'user holds' : 'users hold'} this role and will lose
            its privileges at once. This cannot be undone.
          </p>
        ) : (
          <p>No user holds this role. This cannot be undone.</p>
        )}
      </ConfirmDialog>
    </div>
  );
}

function RoleHistory({ id }: { id: number }) {
  const history = useQuery(historyQuery('roles', id));
  if (history.isError) return <Alert tone="error">{errorMessage(history.error)}</Alert>;
  if (!history.data) return <Spinner label="Loading the history…" />;
  return <HistoryList entries={history.data} labels={ROLE_HISTORY_LABELS} />;
}

// Who owns the role (docs/decisions/012): the house's roles may go to anyone, an agency's only to its users.
function ownerLabel(owner: Role['owner']): string {
  if (!owner) return 'a house role, for any agency';
  return `owned by ${owner.entity_name} (${owner.entity_code}), for its users only`;
}
