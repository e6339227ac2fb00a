import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsentKind } from '../../../../common/finish-rules';
import { texts } from '../../../../common/texts';
import { call } from '../../api/client';
import { notify, notifyFailure } from '../../lib/notify';

const t = texts.ownPage;

/** The own page of `access` (`konto` or a personal link's code), with its withdrawal and erasure. */
export function useOwnPage(access: string) {
  const client = useQueryClient();
  const key = ['own-page', access];
  const page = useQuery({ queryKey: key, queryFn: () => call('GET /own-page/:access', { params: { access } }) });
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const withdraw = useMutation({
    mutationFn: (kinds: ConsentKind[]) =>
      call('POST /own-page/:access/withdrawals', { params: { access }, body: { kinds } }),
    onSuccess: (r) => {
      notify.success(t.withdrawnTitle, t.withdrawnText(r.tasks, r.voided));
      return refresh();
    },
    onError: notifyFailure,
  });
  const erase = useMutation({
    mutationFn: () => call('POST /own-page/:access/erasure', { params: { access } }),
    onSuccess: refresh,
    onError: notifyFailure,
  });
  return { page, withdraw, erase };
}
