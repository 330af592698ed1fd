import { useQuery } from '@tanstack/react-query';
import { Outlet, useNavigation } from 'react-router-dom';
import { brandQuery } from '../api/calls/brand';
import { GuestLayout } from '../ui/layouts/GuestLayout';
import { usePageTitle } from './pageTitle';

export const FALLBACK_BRAND_NAME = 'Agent Portal';

export function GuestRoute() {
  const brand = useQuery(brandQuery).data;
  const navigation = useNavigation();
  usePageTitle(brand?.data.name ?? FALLBACK_BRAND_NAME);
  return (
    <GuestLayout
      brandName={brand?.data.name ?? FALLBACK_BRAND_NAME}
      footer={{
        environment: brand?.environment ?? null,
        legalName: brand?.data.legalName ?? null,
        sandbox: brand?.sandbox ?? null,
      }}
      busy={navigation.state !== 'idle'}
    >
      <Outlet />
    </GuestLayout>
  );
}
