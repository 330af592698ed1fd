import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { USERS_KEY, deleteUser, setUserActive, userQuery } from '../../api/calls/users';
import { errorMessage } from '../../api/httpErrors';
import type { User } from '../../api/schemas/users';
import { ConfirmDialog } from '../../ui/feedback/ConfirmDialog';
import { Button } from '../../ui/forms/Button';
import { toast } from '../../ui/feedback/toastStore';

type Action = 'deactivate' | 'delete';

export interface UserStatusActionsProps {
  user: User;
  onChanged(notice: string): void;
}

// Deactivate, reactivate and delete (admin_user_delete). The destructive two ask first; both end the user's
// sessions at once.
export function UserStatusActions({ user, onChanged }: UserStatusActionsProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Action | null>(null);

  const status = useMutation({
    mutationFn: (active: boolean) => setUserActive(user.id, active),
    onSuccess: async (saved) => {
      queryClient.setQueryData(userQuery(user.id).queryKey, saved);
      setAsking(null);
      onChanged(
        saved.is_enabled ? `${saved.name} was reactivated.` : `${saved.name} was deactivated and signed out.`,
      );
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteUser(user.id),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: userQuery(user.id).queryKey });
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
      toast.success(`${user.name} was deleted.`);
      navigate('/admin/users', { replace: true });
    },
  });
  const busy = status.isPending || remove.isPending;
  const failure = status.error ?? remove.error;

  const close = () => {
    setAsking(null);
    status.reset();
    remove.reset();
  };

  return (
    <>
      {user.is_enabled ? (
        <Button variant="secondary" onClick={() => setAsking('deactivate')}>
          Deactivate
        </Button>
      ) : (
        <Button variant="secondary" busy={status.isPending} onClick={() => status.mutate(true)}>
          Reactivate
        </Button>
      )}
      <Button variant="secondary" className="text-red-700" onClick={() => setAsking('delete')}>
        Delete user
      </Button>
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'delete' ? `Delete ${user.name}?` : `Deactivate ${user.name}?`}
        confirmLabel={asking === 'delete' ? 'Delete user' : 'Deactivate'}
        danger
        busy={busy}
        error={failure ? errorMessage(failure) : null}
        onConfirm={() => (asking === 'delete' ? remove.mutate() : status.mutate(false))}
        onClose={close}
      >
        {asking === 'delete' ? (
          <p>
            {user.email} is signed out at once and can never sign in again; the address stays reserved. Their
            history is kept. This cannot be undone.
          </p>
        ) : (
          <p>
            {user.email} is signed out at once and cannot sign in until reactivated. Their roles and history
            are kept.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
