import { describe, expect, it } from 'vitest';
import { readJson } from './read-json';

describe('reading an answer body', () => {
  it('reads JSON', async () => {
    await expect(readJson(new Response('{"message":"Bitte erneut versuchen."}'))).resolves.toEqual({
      message: 'Bitte erneut versuchen.',
    });
  });

  it('an empty body (204, a proxy error) is null, not a crash', async () => {
    await expect(readJson(new Response(null, { status: 204 }))).resolves.toBeNull();
    await expect(readJson(new Response(''))).resolves.toBeNull();
  });

  it("a proxy's HTML error page is null, so the caller shows its German fallback", async () => {
    await expect(readJson(new Response('<html>502 Bad Gateway</html>', { status: 502 }))).resolves.toBeNull();
  });
});
