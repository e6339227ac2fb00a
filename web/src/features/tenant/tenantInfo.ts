import { useQuery } from '@tanstack/react-query';
import type { TenantInfo } from '../../../../common/schemas/tenants';
import type { EntryCard, Tenant } from '../../../../common/tenants';
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

/**
 * A seed tenant with what an admin edited on /admin/bereiche (name, brand colour, logo, start
 * page cards). Unedited rows equal the seed, so its routes, texts and looks stay as they are.
 */
export function seedWithRow(seed: Tenant, row: TenantInfo | undefined): Tenant {
  if (!row || row.key !== seed.key) return seed;
  const renamed = row.name !== seed.name;
  const recoloured = row.brandColor !== seed.brandColor;
  return {
    ...seed,
    name: row.name,
    shortName: renamed ? row.name : seed.shortName,
    // The association's footer is its full name (spec); the companies' footers are their names.
    footerName: renamed && seed.footerName === seed.name ? row.name : seed.footerName,
    brandColor: row.brandColor,
    startButtonColor: recoloured ? row.brandColor : seed.startButtonColor,
    logoUrl: row.logoUrl,
    dashboardCards: row.entryCards.length ? (row.entryCards as EntryCard[]) : seed.dashboardCards,
    // The video answer is offered where the row has its card (also on the content selection page).
    contentSelectionCards: row.entryCards.includes('video-answer')
      ? [...seed.contentSelectionCards.filter((c) => c !== 'video-answer'), 'video-answer']
      : seed.contentSelectionCards,
    videoMaxSeconds: row.videoMaxSeconds,
  };
}
