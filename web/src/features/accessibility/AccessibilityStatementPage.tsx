import { useQuery } from '@tanstack/react-query';
import { texts } from '../../../../common/texts';
import { call } from '../../api/client';
import { Card } from '../../ui/Card';
import { Page } from '../../ui/Page';

const t = texts.accessibility;
/** The day this statement was last checked against the app (a person updates it with each review). */
const REVIEWED = '28.11.2026';

/** "Erklärung zur Barrierefreiheit": the standard, what does not conform yet, and whom to tell about a barrier. */
export function AccessibilityStatementPage() {
  const config = useQuery({ queryKey: ['client-config'], queryFn: () => call('GET /client-config') });
  const contact = config.data?.accessibilityContact ?? null;
  return (
    <Page title={t.title} intro={t.intro}>
      <div className="space-y-5">
        <Card>
          <h2 className="mb-2 text-lg font-semibold text-slate-900">{t.standardTitle}</h2>
          <p className="text-slate-700">{t.standard}</p>
        </Card>
        <Card>
          <h2 className="mb-2 text-lg font-semibold text-slate-900">{t.stateTitle}</h2>
          <p className="text-slate-700">{t.state}</p>
          <h3 className="mb-2 mt-4 font-semibold text-slate-900">{t.knownTitle}</h3>
          <ul className="list-disc space-y-1 pl-5 text-slate-700">
            {t.known.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </Card>
        <Card>
          <h2 className="mb-2 text-lg font-semibold text-slate-900">{t.contactTitle}</h2>
          <p className="text-slate-700">{t.contactText}</p>
          <p className="mt-2 text-slate-700">
            {contact ? (
              <>
                {t.contactMail}{' '}
                <a href={`mailto:${contact}`} className="break-all font-semibold text-brand underline">
                  {contact}
                </a>
              </>
            ) : (
              t.contactFallback
            )}
          </p>
          <h3 className="mb-2 mt-4 font-semibold text-slate-900">{t.enforcementTitle}</h3>
          <p className="text-slate-700">{t.enforcement}</p>
        </Card>
        <p className="text-sm text-slate-600">{t.updated(REVIEWED)}</p>
      </div>
    </Page>
  );
}
