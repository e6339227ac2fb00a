import type { OwnPage } from '../../../../common/contracts/own-page';
import { texts } from '../../../../common/texts';
import { Card } from '../../ui/Card';
import { day } from './format';

const t = texts.ownPage;

/** The person's submissions: the material, what was made from it, where it was published and its takedown. */
export function SubmissionList({ submissions }: { submissions: OwnPage['submissions'] }) {
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{t.submissionsTitle}</h2>
      {submissions.length === 0 && <p className="mt-2 text-sm text-slate-600">{t.noSubmissions}</p>}
      <ul className="mt-3 space-y-5">
        {submissions.map((s) => (
          <li key={s.contentId} aria-label={t.submissionLabel(s.contentId)} className="space-y-2">
            <h3 className="font-semibold text-slate-900">
              {t.submissionLabel(s.contentId)}{' '}
              <span className="text-sm font-normal text-slate-500">{day(s.createdAt)}</span>
            </h3>
            <div>
              <h4 className="text-sm font-medium text-slate-800">{t.materialTitle}</h4>
              {s.media.length === 0 ? (
                <p className="text-sm text-slate-600">{t.noMaterial}</p>
              ) : (
                <ul className="list-disc pl-5 text-sm text-slate-700">
                  {s.media.map((m) => (
                    <li key={m.id} className="break-all">
                      {m.name}
                    </li>
                  ))}
                </ul>
              )}
              {s.transcript && (
                <details className="mt-1 text-sm">
                  <summary className="cursor-pointer text-slate-800">{t.transcriptTitle}</summary>
                  <p className="whitespace-pre-wrap text-slate-700">{s.transcript}</p>
                </details>
              )}
            </div>
            <div>
              <h4 className="text-sm font-medium text-slate-800">{t.madeTitle}</h4>
              {s.items.length === 0 && s.posts.length === 0 ? (
                <p className="text-sm text-slate-600">{t.nothingMade}</p>
              ) : (
                <ul className="list-disc pl-5 text-sm text-slate-700">
                  {s.items.map((i) => (
                    <li key={`item-${i.id}`}>
                      {t.itemKinds[i.kind] ?? i.kind}
                      {!i.usable && <span className="ml-2 font-medium text-red-700">({t.inboxWithdrawn})</span>}
                    </li>
                  ))}
                  {s.posts.map((p) => (
                    <li key={`post-${p.channel}`}>
                      {t.postLabel(texts.post.channels[p.channel] ?? p.channel)}
                      {p.marked && <span className="block font-medium text-red-700">{t.postMarked}</span>}
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div>
              <h4 className="text-sm font-medium text-slate-800">{t.publishedTitle}</h4>
              {s.posts.every((p) => p.publications.length === 0) ? (
                <p className="text-sm text-slate-600">{t.notPublished}</p>
              ) : (
                <ul className="space-y-1 text-sm text-slate-700">
                  {s.posts.flatMap((p) =>
                    p.publications.map((pub) => (
                      <li key={`${pub.url}-${pub.createdAt}`}>
                        <a href={pub.url} className="break-all text-brand underline" rel="noreferrer" target="_blank">
                          {t.publishedAt(texts.post.channels[pub.channel] ?? pub.channel, day(pub.createdAt))}
                        </a>
                        {pub.takedown && (
                          <span className="block font-medium text-red-700">
                            {pub.takedown.doneAt
                              ? t.takedownDone(day(pub.takedown.doneAt))
                              : t.takedownPending(day(pub.takedown.dueAt))}
                          </span>
                        )}
                      </li>
                    )),
                  )}
                </ul>
              )}
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
