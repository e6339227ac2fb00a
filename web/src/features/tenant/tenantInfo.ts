import { useQuery } from '@tanstack/react-query';
import type { TenantInfo } from '../../../../common/schemas/tenants';
import { api } from '../../lib/api';

/** A tenant row as the pages read it (GET /api/tenants/:key, no session needed). */
export function useTenantInfo(key: string | undefined, enabled = true) {
  return useQuery({
    queryKey: ['tenant', key],
    queryFn: () => api.get<TenantInfo>(`/api/tenants/${encodeURIComponent(key ?? '')}`),
    enabled: enabled && !!key,
    staleTime: 30_000,
    retry: false,
  });
}
