import { useEffect, useState } from 'react';
import { texts } from '../../../../common/texts';
import { call } from '../../api/client';
import { failureMessage } from '../../lib/notify';
import { Page } from '../../ui/Page';
import { usePersonalLink } from '../personal-links';

const t = texts.campaigns.invitation;

/** /e/<code>/keine-erinnerungen: the mail's one-click stop of reminders (sent by the page, not by the link's GET). */
export function UnsubscribePage() {
  const code = usePersonalLink()?.code ?? '';
  const [result, setResult] = useState<string | null>(null);
  useEffect(() => {
    call('POST /personal-links/:code/campaign/unsubscribe', { params: { code } }).then(
      () => setResult(t.unsubscribed),
      (error: unknown) => setResult(failureMessage(error, texts.finish.unexpectedError)),
    );
  }, [code]);
  return <Page title={t.unsubscribeTitle} intro={result ?? t.unsubscribing} />;
}
