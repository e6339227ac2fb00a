import type { Plugin } from 'vite';

/**
 * Puts the app's one stylesheet (Tailwind, ~7 KB compressed) into index.html: the first paint
 * then waits for no second request. The shell is revalidated with an ETag, so a returning
 * browser does not fetch it again. The CSP allows inline styles ('unsafe-inline' for style-src).
 */
export function inlineCss(): Plugin {
  return {
    name: 'content-assistent:inline-css',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        return html.replace(
          /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g,
          (tag, file: string) => {
            const asset = ctx.bundle![file];
            if (asset?.type !== 'asset') return tag;
            const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
            return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
          },
        );
      },
    },
  };
}
