import { useQuery } from '@tanstack/react-query';
import { call } from '../api/client';
import { useAuth } from '../features/auth';

/**
 * A tenant row as the pages read it ('GET /tenants/:key', no session needed). The signed-in
 * user's own tenant came with the session: no second request for it while that is fresh.
 */
export function useTenantInfo(key: string | undefined, enabled = true) {
  const mine = useAuth().myTenant;
  const own = mine && mine.key === key ? mine : undefined;
  return useQuery({
    queryKey: ['tenant', key],
    queryFn: () => call('GET /tenants/:key', { params: { key: key ?? '' } }),
    enabled: enabled && !!key,
    staleTime: 30_000,
    retry: false,
    initialData: own,
    initialDataUpdatedAt: own ? Date.now() : undefined,
  });
}
