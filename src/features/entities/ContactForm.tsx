import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { createContact, updateContact } from '../../api/calls/entityLocations';
import type { Contact } from '../../api/schemas/entities';
import { Alert } from '../../ui/feedback/Alert';
import { Button } from '../../ui/forms/Button';
import { TextAreaField } from '../../ui/forms/TextAreaField';
import { TextField } from '../../ui/forms/TextField';
import { formErrors } from './formErrors';
import { formatPhone } from '../../ui/format';
import { useInvalidateEntity } from './useInvalidateEntity';
import { useDirtyForm } from '../../ui/forms/unsavedChanges';

export interface ContactFormProps {
  entityId: number;
  locationId: number;
  contact?: Contact;
  onDone(message: string): void;
  onCancel(): void;
}

type Values = Record<'name' | 'phone' | 'extension' | 'email' | 'notes', string>;

// Adds or edits a person at a location: a phone number or an email address (or both) is needed.
export function ContactForm({ entityId, locationId, contact, onDone, onCancel }: ContactFormProps) {
  const [values, setValues] = useState<Values>({
    name: contact?.name ?? '',
    phone: contact?.phone ? formatPhone(contact.phone) : '',
    extension: contact?.extension ?? '',
    email: contact?.email ?? '',
    notes: contact?.notes ?? '',
  });
  const invalidate = useInvalidateEntity();
  const save = useMutation({
    mutationFn: () => {
      const body = {
        name: values.name,
        phone: values.phone || null,
        extension: values.extension || null,
        email: values.email || null,
        notes: values.notes || null,
      };
      return contact
        ? updateContact(entityId, locationId, contact.id, body)
        : createContact(entityId, locationId, body);
    },
    onSuccess: async (saved) => {
      await invalidate(entityId);
      onDone(contact ? `${saved.name} saved.` : `${saved.name} added.`);
    },
  });
  const { fields, message } = formErrors(save.error);
  // Saved or cancelled, the form closes: unmounting clears the guard.
  const dirty = useDirtyForm();
  const field = (key: keyof Values) => ({
    name: key,
    value: values[key],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
    errors: fields[key],
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }

  return (
    <form
      {...dirty.formProps}
      onSubmit={submit}
      aria-label={contact ? `Edit contact ${contact.name}` : 'New contact'}
      noValidate
      className="mt-3 rounded-lg border border-indigo-200 bg-indigo-50/40 p-4"
    >
      {message && (
        <div className="mb-3">
          <Alert tone="error">{message}</Alert>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6">
        <TextField label="Contact name" {...field('name')} className="lg:col-span-2" required />
        <TextField
          label="Phone"
          {...field('phone')}
          type="tel"
          className="lg:col-span-1"
          autoComplete="tel"
        />
        <TextField label="Extension" {...field('extension')} inputMode="numeric" maxLength={6} />
        <TextField
          label="Email"
          {...field('email')}
          type="email"
          className="lg:col-span-2"
          autoComplete="email"
        />
        <TextAreaField label="Notes" {...field('notes')} rows={2} className="sm:col-span-2 lg:col-span-6" />
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" busy={save.isPending}>
          {contact ? 'Save contact' : 'Add contact'}
        </Button>
      </div>
    </form>
  );
}
