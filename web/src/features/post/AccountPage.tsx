import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { notifyModes, type NotificationPrefs } from '../../../../common/schemas/post';
import { texts } from '../../../../common/texts';
import { ApiError } from '../../lib/api';
import { call } from '../../api/client';
import { notify, notifyFailure } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { optionsOf, SelectField } from '../../ui/Field';
import { Page } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { OwnPageView } from '../own-page';

const t = texts.post;
const hours = Array.from({ length: 24 }, (_, h) => h);

/** /konto: every signed-in person's own page; editors also set their mails about new submissions here. */
export function AccountPage() {
  return (
    <Page title={t.accountTitle} intro={t.accountIntro}>
      <div className="space-y-8">
        <NotificationSettings />
        <OwnPageView access="konto" />
      </div>
    </Page>
  );
}

/** The editor's mails about new completed submissions; nothing for those who edit no tenant. */
function NotificationSettings() {
  const prefs = useQuery({
    queryKey: ['notification-prefs'],
    queryFn: () => call('GET /account/notifications'),
    retry: false,
  });
  const [choice, setChoice] = useState<NotificationPrefs>();
  useEffect(() => {
    if (prefs.data && !choice) setChoice(prefs.data);
  }, [prefs.data, choice]);
  const save = useMutation({
    mutationFn: (next: NotificationPrefs) => call('PUT /account/notifications', { body: next }),
    onSuccess: () => notify.success(t.notifySaved),
    onError: (e) => notifyFailure(e),
  });
  if (prefs.isError && prefs.error instanceof ApiError && prefs.error.status === 403) return null;
  if (!choice)
    return prefs.isError ? <p role="alert">{prefs.error.message}</p> : <Spinner text={texts.common.loading} />;
  return (
    <Card>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(choice);
        }}
        className="space-y-4"
      >
        <fieldset>
          <legend className="mb-2 text-lg font-semibold text-slate-900">{t.notifyTitle}</legend>
          <div className="space-y-2">
            {notifyModes.map((mode) => (
              <label
                key={mode}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 has-[:checked]:border-brand has-[:checked]:bg-slate-50"
              >
                <input
                  type="radio"
                  name="mode"
                  value={mode}
                  checked={choice.mode === mode}
                  onChange={() => setChoice({ ...choice, mode })}
                  className="h-4 w-4 accent-[var(--brand)]"
                />
                <span className="text-slate-900">{t.notifyModes[mode]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {choice.mode === 'digest' && (
          <SelectField
            id="digest-hour"
            label={t.digestHour}
            className="sm:w-48"
            options={optionsOf(hours, t.hourOption)}
            value={choice.digestHour}
            onChange={(e) => setChoice({ ...choice, digestHour: Number(e.target.value) })}
          />
        )}
        <Button type="submit" disabled={save.isPending}>
          {t.notifySave}
        </Button>
      </form>
    </Card>
  );
}
