import { useQuery } from '@tanstack/react-query';
import { call } from '../api/client';

/** A tenant row as the pages read it ('GET /tenants/:key', no session needed). */
export function useTenantInfo(key: string | undefined, enabled = true) {
  return useQuery({
    queryKey: ['tenant', key],
    queryFn: () => call('GET /tenants/:key', { params: { key: key ?? '' } }),
    enabled: enabled && !!key,
    staleTime: 30_000,
    retry: false,
  });
}
