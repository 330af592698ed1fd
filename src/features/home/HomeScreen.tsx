import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { toAccessSubject } from '../../api/accessSubject';
import { myEntitiesQuery } from '../../api/calls/myEntities';
import { profileQuery } from '../../api/calls/profile';
import { visibleMenu } from '../../api/visibleMenu';
import { Spinner } from '../../ui/feedback/Spinner';

// The start page: who is signed in, for which entity, and a card for every area they may open.
export function HomeScreen() {
  const profile = useQuery(profileQuery).data;
  const entities = useQuery(myEntitiesQuery).data;
  if (!profile) return <Spinner label="Loading your profile…" />;
  const acting = entities?.acting ?? null;
  const groups = visibleMenu(toAccessSubject(profile, acting), acting);

  return (
    <div className="mx-auto max-w-6xl">
      <section
        aria-labelledby="welcome"
        className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h1 id="welcome" className="text-2xl font-semibold tracking-tight text-slate-900">
          Welcome, {profile.name}
        </h1>
        <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-500">Signed in as</dt>
            <dd className="mt-0.5 font-medium text-slate-800">{profile.email}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Roles</dt>
            <dd className="mt-0.5 flex flex-wrap gap-1.5" data-testid="roles">
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
          <div>
            <dt className="text-slate-500">Acting for</dt>
            <dd className="mt-0.5 font-medium text-slate-800" data-testid="home-acting-entity">
              {acting ? `${acting.entityName} (${acting.entityCode})` : '—'}
            </dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="areas" className="mt-8">
        <h2 id="areas" className="text-lg font-semibold text-slate-900">
          Your areas
        </h2>
        {groups.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">
            Your roles do not open any area of the portal yet. Ask an administrator to grant you the
            privileges you need.
          </p>
        ) : (
          <div className="mt-4 grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
            {groups.map((group) => (
              <div key={group.label}>
                <h3 className="text-xs font-semibold uppercase tracking-wider text-slate-500">
                  {group.label}
                </h3>
                <ul className="mt-2 space-y-2">
                  {group.items.map((item) => (
                    <li key={item.route.id}>
                      <Link
                        to={item.to}
                        className="group block rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm transition hover:border-indigo-300 hover:shadow"
                      >
                        <span className="font-medium text-slate-800 group-hover:text-indigo-700">
                          {item.label}
                        </span>
                        <span className="block text-xs text-slate-500">{item.route.area}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
