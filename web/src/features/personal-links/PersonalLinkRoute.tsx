import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { texts } from '../../../../common/texts';
import { call } from '../../api/client';
import { TenantProvider } from '../../current-tenant/TenantContext';
import { ApiError } from '../../lib/api';
import { failureMessage } from '../../lib/notify';
import { Page } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { PersonalLinkContext } from './context';

const t = texts.personalLinks;

/** Asks the server whom a code belongs to (a few times at most: unknown codes count against the address). */
export function usePersonalLinkState(code: string) {
  return useQuery({
    queryKey: ['personal-link', code],
    queryFn: () => call('GET /personal-links/:code', { params: { code } }),
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status > 0 && error.status < 500),
    staleTime: 30_000,
  });
}

/**
 * A page of a personal link (/e/:code/…): the person's tenant, in its brand, with the public
 * link's pages below /e/<code>, and the link (person, campaign) for the pages below.
 */
export function PersonalLinkRoute({ children }: { children: ReactNode }) {
  const code = useParams().code ?? '';
  const state = usePersonalLinkState(code);
  if (state.isPending) return <Spinner fill text={t.loading} />;
  if (state.isError) {
    const message = failureMessage(state.error, texts.common.errorTitle);
    return <Page title={t.expiredTitle} intro={message} />;
  }
  return (
    <PersonalLinkContext.Provider value={{ code, link: state.data }}>
      <TenantProvider tenant={state.data.tenant} viaPublicLink basePath={`/e/${code}`}>
        {children}
      </TenantProvider>
    </PersonalLinkContext.Provider>
  );
}
