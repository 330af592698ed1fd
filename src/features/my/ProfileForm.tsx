import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { updateMyProfile } from '../../api/calls/mySettings';
import { profileQuery } from '../../api/calls/profile';
import { errorMessage, fieldErrorsOf } from '../../api/httpErrors';
import type { Profile } from '../../api/schemas/session';
import { Alert } from '../../ui/feedback/Alert';
import { Button } from '../../ui/forms/Button';
import { TextField } from '../../ui/forms/TextField';
import { useDirtyForm } from '../../ui/forms/unsavedChanges';

export interface ProfileFormProps {
  profile: Profile;
}

// Name, phone and extension of the signed-in user. The e-mail address is the login: user admins change it.
export function ProfileForm({ profile }: ProfileFormProps) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState({
    firstName: profile.firstName,
    lastName: profile.lastName,
    phone: profile.phone ?? '',
    ext: profile.ext ?? '',
  });
  const dirty = useDirtyForm();
  const save = useMutation({
    mutationFn: updateMyProfile,
    // The header shows the name: it changes at once.
    onSuccess: (updated) => {
      queryClient.setQueryData(profileQuery.queryKey, updated);
      dirty.markClean();
    },
  });
  const errors = fieldErrorsOf(save.error);
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (save.isSuccess) save.reset();
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(values);
  }

  return (
    <form
      {...dirty.formProps}
      onSubmit={submit}
      aria-labelledby="profile-title"
      className="max-w-2xl space-y-6"
      noValidate
    >
      <div>
        <h2 id="profile-title" className="text-base font-semibold text-slate-900">
          Your profile
        </h2>
        <p className="mt-1 text-sm text-slate-500">
          How you appear to colleagues and on the records you change.
        </p>
      </div>
      {save.isSuccess && <Alert tone="success">Your profile has been saved.</Alert>}
      {save.isError && Object.keys(errors).length === 0 && (
        <Alert tone="error">{errorMessage(save.error)}</Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          required
          value={values.firstName}
          onChange={set('firstName')}
          errors={errors.firstName}
        />
        <TextField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          required
          value={values.lastName}
          onChange={set('lastName')}
          errors={errors.lastName}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          value={profile.email}
          readOnly
          disabled
          hint="Your sign-in address. Ask a user administrator to change it."
          className="sm:col-span-2"
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          value={values.phone}
          onChange={set('phone')}
          errors={errors.phone}
          hint="Digits only are kept, e.g. 512 555 0100."
        />
        <TextField
          label="Extension"
          name="ext"
          inputMode="numeric"
          value={values.ext}
          onChange={set('ext')}
          errors={errors.ext}
        />
      </div>
      <div className="flex justify-end border-t border-slate-200 pt-4">
        <Button type="submit" busy={save.isPending}>
          Save profile
        </Button>
      </div>
    </form>
  );
}
