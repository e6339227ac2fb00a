import { lastMailTo, type TestApp } from '../../server/testing/harness';

/**
 * The submission the inbox's detail page shows, with a LinkedIn post sent to its contributor for
 * approval; `token` is the approval link's (from the mail in the outbox). `editor`: the session
 * cookie of the association's editor.
 */
export async function benchSubmission(t: TestApp, editor: string): Promise<{ id: number; token: string }> {
  const at = new Date().toISOString();
  const { id } = await t.app.db
    .insertInto('submissions')
    .values({
      tenant: 'vdi',
      kind: 'voice',
      created_at: at,
      updated_at: at,
      transcript: 'Sie: Grüße aus der Werkstatt.',
      contact_email: 'erika@bench.test',
      contact_first_name: 'Erika',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const post = async (what: string, body: unknown) => {
    const res = await fetch(`${t.url}/api/posts/${id}/linkedin/${what}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.url, cookie: editor },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${what}: ${res.status} ${await res.text()}`);
  };
  await post('versions', { body: 'Grüße aus der Werkstatt: so entsteht bei uns ein Prüfstand. #Ingenieure' });
  await post('approvals', {});
  const mail = await lastMailTo(t.app.db, 'erika@bench.test');
  return { id, token: /\/freigabe\/([A-Za-z0-9_-]{40,})/.exec(mail.body)![1]! };
}
