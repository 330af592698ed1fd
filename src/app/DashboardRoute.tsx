import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigation, useRevalidator } from 'react-router-dom';
import { actingEntityStore } from '../api/actingEntity';
import { toAccessSubject } from '../api/accessSubject';
import { brandQuery } from '../api/calls/brand';
import { myEntitiesQuery } from '../api/calls/myEntities';
import { profileQuery } from '../api/calls/profile';
import type { MyEntitiesResponse } from '../api/schemas/session';
import { logoTarget, visibleMenu } from '../api/visibleMenu';
import { loginPathFor } from '../features/auth/safeRedirect';
import { useSessionState } from '../features/auth/useSessionState';
import type { ActingEntitySelectProps } from '../ui/layouts/ActingEntitySelect';
import { DashboardLayout } from '../ui/layouts/DashboardLayout';
import { Spinner } from '../ui/feedback/Spinner';
import { UnsavedChangesPrompt } from '../ui/forms/UnsavedChangesPrompt';
import { FALLBACK_BRAND_NAME } from './GuestRoute';
import { usePageTitle } from './pageTitle';
import { useSessionRecording } from './useSessionRecording';

// The entities a user may pick in the header: those that can quote, plus the current one.
function actingChoices(entities: MyEntitiesResponse) {
  const quotable = entities.data.filter((e) => e.canQuote);
  const hasCurrent = quotable.some((e) => e.entityCode === entities.acting.entityCode);
  return hasCurrent ? quotable : [entities.acting, ...quotable];
}

export function DashboardRoute() {
  const state = useSessionState();
  const navigation = useNavigation();
  const location = useLocation();
  const revalidator = useRevalidator();
  const queryClient = useQueryClient();
  const [switching, setSwitching] = useState(false);
  const authorised = state === 'authorised';
  // Only a live session asks the server; after logout or expiry the cache is gone on purpose.
  const profile = useQuery({ ...profileQuery, enabled: authorised }).data;
  const entities = useQuery({ ...myEntitiesQuery, enabled: authorised }).data;
  const brand = useQuery(brandQuery).data;
  usePageTitle(brand?.data.name ?? FALLBACK_BRAND_NAME);
  // Support recording of the signed-in session, when the server records (docs/session-recording.md).
  useSessionRecording(authorised && brand?.sessionRecording === true);

  // SPEC §4: a session that expired (401/419/503) goes to login, and comes back here after it.
  if (state === 'unauthorised' && navigation.state === 'idle') {
    return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  }

  async function chooseEntity(entityCode: string) {
    setSwitching(true);
    try {
      actingEntityStore.set(entityCode);
      // Everything the server answered was for the previous entity; the guard then re-checks this route.
      await queryClient.invalidateQueries();
      await revalidator.revalidate();
    } finally {
      setSwitching(false);
    }
  }

  const subject = profile ? toAccessSubject(profile, entities?.acting) : null;
  const actingEntity: ActingEntitySelectProps | null = entities
    ? {
        current: entities.acting,
        options: actingChoices(entities),
        onChange: chooseEntity,
        disabled: switching,
      }
    : null;

  return (
    <DashboardLayout
      brandName={brand?.data.name ?? FALLBACK_BRAND_NAME}
      logoHref={logoTarget(subject)}
      userName={profile?.name ?? ''}
      menu={visibleMenu(subject, entities?.acting)}
      actingEntity={actingEntity}
      footer={{
        environment: brand?.environment ?? null,
        legalName: brand?.data.legalName ?? null,
        sandbox: brand?.sandbox ?? null,
      }}
      busy={navigation.state !== 'idle' || switching}
    >
      {profile ? <Outlet /> : <Spinner label="Loading…" />}
      <UnsavedChangesPrompt />
    </DashboardLayout>
  );
}
