import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { anyOf } from '../../api/access';
import { USERS_KEY, createUser, userQuery } from '../../api/calls/users';
import { errorMessage, fieldErrorsOf } from '../../api/httpErrors';
import { PASSWORD_MIN } from '../../api/schemas/auth';
import { Alert } from '../../ui/feedback/Alert';
import { TextField } from '../../ui/forms/TextField';
import { PageHeader } from '../../ui/PageHeader';
import { useAccess } from '../../ui/useAccess';
import { UserForm, type UserFormValues } from './UserForm';
import { toast } from '../../ui/feedback/toastStore';

type PasswordChoice = 'invite' | 'set';

// /admin/users/add: a new user, invited by e-mail to choose a password, or (with user_assign_passwd) given
// one now. On success the user's own screen opens with a confirmation.
export function UserAddScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { can } = useAccess();
  const maySetPassword = can(anyOf('user_assign_passwd'));
  const [choice, setChoice] = useState<PasswordChoice>('invite');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');

  const create = useMutation({
    mutationFn: (values: UserFormValues) =>
      createUser({
        ...values,
        ...(choice === 'set' && maySetPassword ? { password, password_confirmation: confirmation } : {}),
      }),
    onSuccess: async ({ data: user, invited }) => {
      queryClient.setQueryData(userQuery(user.id).queryKey, user);
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
      const notice = invited
        ? `${user.name} was added and invited by e-mail (${user.email}) to choose a password.`
        : `${user.name} was added and can sign in with the password you set.`;
      toast.success(notice);
      navigate(`/admin/users/${user.id}`);
    },
  });
  const errors = fieldErrorsOf(create.error);

  const passwordSection = (
    <section aria-labelledby="password-title" className="space-y-4 border-t border-slate-200 pt-6">
      <h2 id="password-title" className="text-base font-semibold text-slate-900">
        Password
      </h2>
      {maySetPassword ? (
        <>
          <div role="radiogroup" aria-label="How the user gets a password" className="space-y-2 text-sm">
            <label className="flex items-start gap-2">
              <input
                type="radio"
                name="passwordChoice"
                value="invite"
                checked={choice === 'invite'}
                onChange={() => setChoice('invite')}
                className="mt-0.5 size-4 text-indigo-600"
              />
              <span>
                <span className="font-medium text-slate-800">Send an invitation e-mail</span>
                <span className="block text-slate-500">
                  The user chooses a password through a link valid 7 days.
                </span>
              </span>
            </label>
            <label className="flex items-start gap-2">
              <input
                type="radio"
                name="passwordChoice"
                value="set"
                checked={choice === 'set'}
                onChange={() => setChoice('set')}
                className="mt-0.5 size-4 text-indigo-600"
              />
              <span>
                <span className="font-medium text-slate-800">Set a password now</span>
                <span className="block text-slate-500">Tell the user their password yourself.</span>
              </span>
            </label>
          </div>
          {choice === 'set' && (
            <div className="grid gap-4 md:grid-cols-2">
              <TextField
                label="Password"
                name="password"
                type="password"
                autoComplete="new-password"
                required
                minLength={PASSWORD_MIN}
                hint={`At least ${PASSWORD_MIN} characters.`}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                errors={errors.password}
              />
              <TextField
                label="Confirm password"
                name="password_confirmation"
                type="password"
                autoComplete="new-password"
                required
                value={confirmation}
                onChange={(e) => setConfirmation(e.target.value)}
                errors={errors.password_confirmation}
              />
            </div>
          )}
        </>
      ) : (
        <p className="text-sm text-slate-600">
          The user will be e-mailed an invitation to choose their password (the link is valid 7 days).
        </p>
      )}
    </section>
  );

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Add user"
        description="The user signs in with their e-mail address and gets the privileges of their roles."
        back={{ to: '/admin/users', label: 'Users' }}
      />
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <UserForm
          busy={create.isPending}
          errors={errors}
          submitLabel="Create user"
          notice={
            create.isError && (
              <Alert tone="error">
                {Object.keys(errors).length ? 'Check the fields marked below.' : errorMessage(create.error)}
              </Alert>
            )
          }
          extra={passwordSection}
          onSubmit={(values) => create.mutate(values)}
        />
      </div>
    </div>
  );
}
