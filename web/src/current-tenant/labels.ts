import { useQuery } from '@tanstack/react-query';
import { tenantKeys, tenants, type TenantKey } from '../../../common/tenants';
import { call } from '../api/client';

/** The tenant rows' names and colours for the inbox and the dashboard ('GET /tenant-labels'). */
export function useTenantLabels() {
  const query = useQuery({
    queryKey: ['tenant-labels'],
    queryFn: () => call('GET /tenant-labels'),
    staleTime: 30_000,
    retry: 1,
  });
  const rows =
    query.data ??
    tenantKeys.map((key) => ({
      key,
      name: tenants[key].name,
      brandColor: tenants[key].brandColor,
      builtin: true,
      archived: false,
    }));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return {
    rows,
    label: (key: string) => tenantLabelOf(key, byKey.get(key)),
    colour: (key: string) => byKey.get(key)?.brandColor ?? tenants[key as TenantKey]?.brandColor ?? '#64748b',
  };
}

/** A tenant's label: the row's name; the association keeps "VDI-Bereich" until an admin renames it. */
export function tenantLabelOf(key: string, row: { name: string } | undefined): string {
  const seed = tenants[key as TenantKey];
  const name = row?.name ?? seed?.name ?? key;
  return seed?.style.areaLabel && name === seed.name ? seed.style.areaLabel : name;
}
