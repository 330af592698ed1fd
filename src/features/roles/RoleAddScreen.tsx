import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { ROLES_KEY, createRole, roleQuery } from '../../api/calls/roles';
import { errorMessage, fieldErrorsOf } from '../../api/httpErrors';
import { Alert } from '../../ui/feedback/Alert';
import { PageHeader } from '../../ui/PageHeader';
import { RoleForm } from './RoleForm';
import { toast } from '../../ui/feedback/toastStore';

// /admin/roles/add: a new role; on success the role's own screen opens with a confirmation.
export function RoleAddScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: createRole,
    onSuccess: async (role) => {
      queryClient.setQueryData(roleQuery(role.id).queryKey, role);
      await queryClient.invalidateQueries({ queryKey: ROLES_KEY });
      toast.success(`The role ${role.role_name} was created.`);
      navigate(`/admin/roles/${role.id}`);
    },
  });
  const errors = fieldErrorsOf(create.error);

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Add role"
        description="Name the role and tick the privileges it grants. You can grant only privileges you hold."
        back={{ to: '/admin/roles', label: 'Roles' }}
      />
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <RoleForm
          busy={create.isPending}
          errors={errors}
          submitLabel="Create role"
          notice={
            create.isError && (
              <Alert tone="error">
                {Object.keys(errors).length ? 'Check the fields marked below.' : errorMessage(create.error)}
              </Alert>
            )
          }
          onSubmit={(values) => create.mutate(values)}
        />
      </div>
    </div>
  );
}
