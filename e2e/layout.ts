import type { Page } from 'playwright-core';

/**
 * What is cut or overlaps with the text at 200 % (WCAG 1.4.4: the root font size doubled, as the
 * browser's text size setting does): the page wider than the screen, text overflowing its box
 * (an ellipsis counts only where the full text is in its title), the heading under the fixed header.
 * The root's size is put back afterwards.
 */
export const cutAtDoubleText = (page: Page) =>
  page.evaluate(async () => {
    const root = document.documentElement;
    root.style.fontSize = '200%';
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const found: string[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.className).split(' ').slice(0, 3).join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    if (root.scrollWidth > root.clientWidth) found.push(`page ${root.scrollWidth} > ${root.clientWidth} px wide`);
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (['INPUT', 'TEXTAREA', 'SELECT', 'OPTION', 'SCRIPT', 'STYLE', 'svg'].includes(el.tagName)) continue;
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
      if (!own) continue;
      const style = getComputedStyle(el);
      // Inline text is measured by its block; screen-reader-only text has a 1 px box by design.
      if (style.display === 'inline' || style.display === 'contents' || el.closest('.sr-only')) continue;
      if (el.getClientRects().length === 0 || style.visibility === 'hidden') continue;
      const scrolls = (o: string) => o === 'auto' || o === 'scroll';
      const wide = el.scrollWidth > el.clientWidth + 1 && !scrolls(style.overflowX);
      const tall = el.scrollHeight > el.clientHeight + 2 && !scrolls(style.overflowY);
      const ellipsis = style.textOverflow === 'ellipsis' && el.title.trim() === (el.textContent ?? '').trim();
      if ((wide || tall) && !ellipsis)
        found.push(`${name(el)} ${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight}`);
    }
    const header = document.querySelector('body > div header, header.fixed');
    const heading = document.querySelector('main h1, h1');
    if (header && heading) {
      window.scrollTo(0, 0);
      const under = header.getBoundingClientRect().bottom - heading.getBoundingClientRect().top;
      if (under > 1) found.push(`h1 ${under.toFixed(0)} px under the header`);
    }
    root.style.fontSize = '';
    return found.slice(0, 5);
  });
