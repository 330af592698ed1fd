import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { anyOf } from '../../api/access';
import { historyQuery } from '../../api/calls/history';
import { myEntitiesQuery } from '../../api/calls/myEntities';
import { profileQuery } from '../../api/calls/profile';
import { roleOptionsQuery } from '../../api/calls/roles';
import { USERS_KEY, updateUser, userQuery } from '../../api/calls/users';
import { ApiError, errorMessage, fieldErrorsOf } from '../../api/httpErrors';
import type { User } from '../../api/schemas/users';
import { Alert } from '../../ui/feedback/Alert';
import { SaveErrorAlert } from '../../ui/feedback/SaveErrorAlert';
import { Spinner } from '../../ui/feedback/Spinner';
import { HistoryList } from '../../ui/HistoryList';
import { Tabs } from '../../ui/layouts/Tabs';
import { PageHeader } from '../../ui/PageHeader';
import { NotFoundScreen } from '../../ui/screens/NotFoundScreen';
import { useAccess } from '../../ui/useAccess';
import { USER_HISTORY_LABELS, userHistoryFormatter } from './userHistory';
import { UserForm, type UserFormValues } from './UserForm';
import { UserPasswordPanel } from './UserPasswordPanel';
import { UserStatusActions } from './UserStatusActions';
import { UserStatusBadge } from './UserStatusBadge';
import { RecordSkeleton } from '../../ui/feedback/RecordSkeleton';

// /admin/users/{id}: a user's profile, entity and roles (editable with admin_user_edit), password, status and
// history. Outside the caller's entity scope the user does not exist (404).
export function UserScreen() {
  const id = Number(useParams().id);
  const user = useQuery(userQuery(id));
  if (user.error instanceof ApiError && user.error.status === 404) return <NotFoundScreen />;
  if (user.isError) return <Alert tone="error">{errorMessage(user.error)}</Alert>;
  if (!user.data) return <RecordSkeleton label="Loading the user…" />;
  // Keyed by id: another user's screen starts with its own notices and form.
  return <UserRecord key={user.data.id} user={user.data} />;
}

function UserRecord({ user }: { user: User }) {
  const { can } = useAccess();
  const queryClient = useQueryClient();
  const me = useQuery(profileQuery).data;
  const self = me?.id === user.id;
  // The server's rule, shown early: nobody manages a user who holds privileges they do not hold.
  const manageable = user.priv_codes.every((code) => can(anyOf(code)));
  const editable = can(anyOf('admin_user_edit')) && manageable;
  const [notice, setNotice] = useState<string | null>(null);
  // The form starts afresh after a save or a reload, never under the user's hands on a background refetch.
  const [generation, setGeneration] = useState(0);

  const save = useMutation({
    mutationFn: (values: UserFormValues) => updateUser(user.id, { ...values, version: user.version }),
    onMutate: () => setNotice(null),
    onSuccess: async (saved) => {
      queryClient.setQueryData(userQuery(user.id).queryKey, saved);
      setGeneration((g) => g + 1);
      setNotice('The user was saved.');
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
  });
  const errors = fieldErrorsOf(save.error);
  const passwordTab = self || (manageable && (can(anyOf('user_assign_passwd')) || editable));

  const profile = (
    <UserForm
      key={generation}
      user={user}
      self={self}
      readOnly={!editable}
      busy={save.isPending}
      errors={errors}
      submitLabel="Save user"
      notice={
        save.isError && (
          <SaveErrorAlert
            error={save.error}
            record="the user"
            onReload={async () => {
              save.reset();
              await queryClient.invalidateQueries({ queryKey: userQuery(user.id).queryKey });
              setGeneration((g) => g + 1);
            }}
          />
        )
      }
      onSubmit={(values) => save.mutate(values)}
    />
  );

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={user.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <UserStatusBadge enabled={user.is_enabled} />
            <span>{user.email}</span>
            <span aria-hidden="true">·</span>
            <span>
              {user.entity.entity_name} ({user.entity.entity_code})
            </span>
            {self && <span className="rounded bg-indigo-50 px-1.5 text-xs text-indigo-700">You</span>}
          </span>
        }
        back={{ to: '/admin/users', label: 'Users' }}
        actions={
          can(anyOf('admin_user_delete')) &&
          manageable &&
          !self && <UserStatusActions user={user} onChanged={(message) => setNotice(message)} />
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
            This user holds privileges you do not hold, so you cannot change their account.
          </Alert>
        </div>
      )}
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <Tabs
          label="User"
          tabs={[
            { id: 'profile', label: 'Profile and access', content: profile },
            ...(passwordTab
              ? [
                  {
                    id: 'password',
                    label: 'Password',
                    content: <UserPasswordPanel user={user} self={self} />,
                  },
                ]
              : []),
            { id: 'history', label: 'History', content: <UserHistory id={user.id} /> },
          ]}
        />
      </div>
    </div>
  );
}

function UserHistory({ id }: { id: number }) {
  const history = useQuery(historyQuery('users', id));
  const roles = useQuery(roleOptionsQuery).data ?? [];
  const entities = useQuery(myEntitiesQuery).data?.data ?? [];
  if (history.isError) return <Alert tone="error">{errorMessage(history.error)}</Alert>;
  if (!history.data) return <Spinner label="Loading the history…" />;
  return (
    <HistoryList
      entries={history.data}
      labels={USER_HISTORY_LABELS}
      formatValue={userHistoryFormatter(roles, entities)}
    />
  );
}
