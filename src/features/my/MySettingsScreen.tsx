import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { myEntitiesQuery } from '../../api/calls/myEntities';
import { profileQuery } from '../../api/calls/profile';
import { portalRoute } from '../../api/portalRoutes';
import { Tabs } from '../../ui/layouts/Tabs';
import { PageHeader } from '../../ui/PageHeader';
import { useAccess } from '../../ui/useAccess';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';
import { RecordSkeleton } from '../../ui/feedback/RecordSkeleton';

// /my/settings (SPEC §2 "own settings"): the signed-in user's profile and password, what they may do, and
// for agency staff the way to their agency's settings.
export function MySettingsScreen() {
  const profile = useQuery(profileQuery).data;
  const entities = useQuery(myEntitiesQuery).data;
  const { can } = useAccess();
  if (!profile) return <RecordSkeleton label="Loading your settings…" />;
  const own = entities?.data.find((e) => e.id === profile.entityId);
  const agencySettings = can(portalRoute('my-entity').check) && own;

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="My settings" description={profile.email} />
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <Tabs
            label="Settings"
            tabs={[
              { id: 'profile', label: 'Profile', content: <ProfileForm profile={profile} /> },
              { id: 'password', label: 'Password', content: <PasswordForm email={profile.email} /> },
            ]}
          />
        </div>
        <aside className="space-y-4 text-sm" aria-label="Your access">
          <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <h2 className="font-semibold text-slate-900">Your access</h2>
            <dl className="mt-3 space-y-3">
              <div>
                <dt className="text-slate-500">Entity</dt>
                <dd className="mt-0.5 text-slate-800">
                  {own ? `${own.entityName} (${own.entityCode})` : '—'}
                </dd>
              </div>
              <div>
                <dt className="text-slate-500">Roles</dt>
                <dd className="mt-1 flex flex-wrap gap-1.5">
                  {profile.roles.length ? (
                    profile.roles.map((role) => (
                      <span
                        key={role}
                        className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700 ring-1 ring-inset ring-indigo-200"
                      >
                        {role}
                      </span>
                    ))
                  ) : (
                    <span className="text-slate-500">No roles assigned</span>
                  )}
                </dd>
              </div>
            </dl>
            <p className="mt-3 text-xs text-slate-500">Roles are assigned by your user administrator.</p>
          </div>
          {agencySettings && (
            <Link
              to={`/my/entities/${own.id}`}
              className="block rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition hover:border-indigo-300"
            >
              <span className="font-medium text-indigo-700">Your agency’s settings →</span>
              <span className="mt-0.5 block text-slate-500">
                Locations, contacts and settings of {own.entityName}
              </span>
            </Link>
          )}
        </aside>
      </div>
    </div>
  );
}
