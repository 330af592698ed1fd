import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { deleteContact, deleteLocation } from '../../api/calls/entityLocations';
import type { Contact, Location } from '../../api/schemas/entities';
import { ConfirmDialog } from '../../ui/feedback/ConfirmDialog';
import { ContactForm } from './ContactForm';
import { addressLines, auditLine } from './format';
import { formatPhone } from '../../ui/format';
import { LocationForm } from './LocationForm';
import { useInvalidateEntity } from './useInvalidateEntity';

export interface LocationCardProps {
  entityId: number;
  location: Location;
  typeName: string;
  canEdit: boolean;
  onNotice(message: string): void;
}

type Removal = { kind: 'location' } | { kind: 'contact'; contact: Contact };

const linkButton = 'text-sm font-medium text-indigo-700 hover:text-indigo-500';

// One office: its address and the people at it, each editable in place by entity editors.
export function LocationCard({ entityId, location, typeName, canEdit, onNotice }: LocationCardProps) {
  const [editing, setEditing] = useState(false);
  const [contactForm, setContactForm] = useState<Contact | 'new' | null>(null);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const invalidate = useInvalidateEntity();
  const remove = useMutation({
    mutationFn: (what: Removal) =>
      what.kind === 'location'
        ? deleteLocation(entityId, location.id)
        : deleteContact(entityId, location.id, what.contact.id),
    onSuccess: async (_done, what) => {
      await invalidate(entityId);
      setRemoval(null);
      onNotice(what.kind === 'location' ? `${location.name} removed.` : `${what.contact.name} removed.`);
    },
  });
  const done = (message: string) => {
    setEditing(false);
    setContactForm(null);
    onNotice(message);
  };

  if (editing) {
    return (
      <LocationForm
        entityId={entityId}
        location={location}
        onDone={done}
        onCancel={() => setEditing(false)}
      />
    );
  }
  return (
    <article
      aria-label={location.name}
      className={`rounded-lg border bg-white p-4 shadow-sm ${location.is_enabled ? 'border-slate-200' : 'border-dashed border-slate-300 opacity-75'}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="font-semibold text-slate-900">
            {location.name}{' '}
            <span className="ml-1 rounded-full bg-indigo-50 px-2 py-0.5 align-middle text-xs font-medium text-indigo-700 ring-1 ring-inset ring-indigo-200">
              {typeName}
            </span>
            {!location.is_enabled && (
              <span className="ml-1 rounded-full bg-slate-100 px-2 py-0.5 align-middle text-xs font-medium text-slate-600">
                Not in use
              </span>
            )}
          </h3>
          <address className="mt-1 text-sm not-italic text-slate-600">
            {addressLines(location).map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
          <p className="mt-1 text-xs text-slate-500" data-testid="location-audit">
            {auditLine(location)}
          </p>
        </div>
        {canEdit && (
          <div className="flex gap-4">
            <button type="button" className={linkButton} onClick={() => setEditing(true)}>
              Edit location
            </button>
            <button
              type="button"
              className="text-sm font-medium text-red-700 hover:text-red-600"
              onClick={() => setRemoval({ kind: 'location' })}
            >
              Remove
            </button>
          </div>
        )}
      </header>

      <div className="mt-4 border-t border-slate-100 pt-3">
        <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Contacts</h4>
        {location.contacts.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">No contacts at this location.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100">
            {location.contacts.map((contact) =>
              contactForm !== 'new' && contactForm?.id === contact.id ? (
                <li key={contact.id}>
                  <ContactForm
                    entityId={entityId}
                    locationId={location.id}
                    contact={contact}
                    onDone={done}
                    onCancel={() => setContactForm(null)}
                  />
                </li>
              ) : (
                <li
                  key={contact.id}
                  className="flex flex-wrap items-start justify-between gap-3 py-2 text-sm"
                >
                  <div className="min-w-0">
                    <p className="font-medium text-slate-800">{contact.name}</p>
                    <p className="text-slate-600">
                      {formatPhone(contact.phone, contact.extension)}
                      {contact.email && (
                        <>
                          {' · '}
                          <a href={`mailto:${contact.email}`} className="text-indigo-700 hover:underline">
                            {contact.email}
                          </a>
                        </>
                      )}
                    </p>
                    {contact.notes && <p className="text-xs text-slate-500">{contact.notes}</p>}
                    <p className="text-xs text-slate-500" data-testid="contact-audit">
                      {auditLine(contact)}
                    </p>
                  </div>
                  {canEdit && (
                    <div className="flex gap-4">
                      <button
                        type="button"
                        className={linkButton}
                        onClick={() => setContactForm(contact)}
                        aria-label={`Edit ${contact.name}`}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="text-sm font-medium text-red-700 hover:text-red-600"
                        onClick={() => setRemoval({ kind: 'contact', contact })}
                        aria-label={`Remove ${contact.name}`}
                      >
                        Remove
                      </button>
                    </div>
                  )}
                </li>
              ),
            )}
          </ul>
        )}
        {canEdit &&
          (contactForm === 'new' ? (
            <ContactForm
              entityId={entityId}
              locationId={location.id}
              onDone={done}
              onCancel={() => setContactForm(null)}
            />
          ) : (
            <button type="button" className={`mt-2 ${linkButton}`} onClick={() => setContactForm('new')}>
              + Add contact
            </button>
          ))}
      </div>

      <ConfirmDialog
        open={removal !== null}
        title={removal?.kind === 'contact' ? `Remove ${removal.contact.name}?` : `Remove ${location.name}?`}
        confirmLabel="Remove"
        danger
        busy={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={() => removal && remove.mutate(removal)}
        onClose={() => {
          setRemoval(null);
          remove.reset();
        }}
      >
        {removal?.kind === 'contact'
          ? 'The contact is removed from this location. The entity’s history keeps a record of it.'
          : `The location and its ${location.contacts.length} contact(s) are removed. The entity’s history keeps a record of them.`}
      </ConfirmDialog>
    </article>
  );
}
