import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { routePreloads } from './preload';

describe('route preloads from the build manifest', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'web-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("announces a page's chunks the shell does not load already, its first answers, and nothing elsewhere", () => {
    mkdirSync(path.join(root, '.vite'));
    writeFileSync(
      path.join(root, '.vite/manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', imports: ['_api.js'] },
        '_api.js': { file: 'assets/api-1.js' },
        '_drafts.js': { file: 'assets/drafts-1.js', imports: ['_api.js', '_icons.js'] },
        '_icons.js': { file: 'assets/icons-1.js' },
        'src/features/uploads/pages.ts': { file: 'assets/pages-1.js', imports: ['index.html', '_drafts.js'] },
        'src/features/inbox/InboxDetailPage.tsx': { file: 'assets/detail-1.js', imports: ['index.html', '_icons.js'] },
      }),
    );
    const link = routePreloads(root);
    const uploadChunks =
      '</assets/pages-1.js>; rel=modulepreload, </assets/drafts-1.js>; rel=modulepreload, </assets/icons-1.js>; rel=modulepreload';
    expect(link('/p/vdi/upload')).toBe(uploadChunks);
    expect(link('/p/firma-a/upload/')).not.toBeNull();
    const answers = `${uploadChunks}, </api/health>; rel=preload; as=fetch; crossorigin, </api/media/limits>; rel=preload; as=fetch; crossorigin`;
    for (const page of [
      '/upload',
      '/image-upload',
      '/firma-a/upload',
      '/bank/document-image-upload',
      '/t/firma-c/upload',
    ])
      expect([page, link(page)]).toEqual([page, answers]);
    expect(link('/login')).toBeNull();
    expect(link('/upload?x=1')).toBe(answers);
    expect(link('/eingang')).toBe(
      '</api/tenant-labels>; rel=preload; as=fetch; crossorigin, </api/inbox>; rel=preload; as=fetch; crossorigin',
    );
    // A filtered inbox asks for another URL: nothing is fetched for nothing.
    expect(link('/eingang?status=neu')).toBeNull();
    expect(link('/eingang/42')).toBe(
      [
        '</assets/detail-1.js>; rel=modulepreload',
        '</assets/icons-1.js>; rel=modulepreload',
        '</api/inbox/42>; rel=preload; as=fetch; crossorigin',
        '</api/posts/42>; rel=preload; as=fetch; crossorigin',
        '</api/content/42>; rel=preload; as=fetch; crossorigin',
        '</api/tenant-labels>; rel=preload; as=fetch; crossorigin',
      ].join(', '),
    );
    expect(link('/eingang/abc')).toBeNull();
    const token = 'A'.repeat(43);
    expect(link(`/freigabe/${token}`)).toBe(`</api/freigabe/${token}>; rel=preload; as=fetch; crossorigin`);
    expect(link('/freigabe/kurz')).toBeNull();
    // A page whose module the build does not have announces nothing of it.
    expect(link('/mitglieder')).toBeNull();
    expect(link('/p/vdi/upload/x')).toBeNull();
  });

  it('does nothing without a build', () => {
    expect(routePreloads(path.join(root, 'missing'))('/p/vdi/upload')).toBeNull();
  });
});
