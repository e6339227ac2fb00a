import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { optionsOf, SelectField } from './Field';

/** The markup as the browser gets it, read back with the DOM-less parser of the test (attributes by id). */
const render = (node: React.ReactElement) => renderToStaticMarkup(node);
const attr = (html: string, tag: string, name: string) =>
  new RegExp(`<${tag}[^>]*\\s${name}="([^"]*)"`).exec(html)?.[1];

describe('SelectField', () => {
  it('names the select by its label and lists the options in order', () => {
    const html = render(
      <SelectField id="role" label="Rolle" options={optionsOf(['a', 'b'] as const, { a: 'Autor', b: 'Bearbeiter' })} />,
    );
    expect(attr(html, 'label', 'for')).toBe('role');
    expect(attr(html, 'select', 'id')).toBe('role');
    expect(html).toContain('<option value="a">Autor</option><option value="b">Bearbeiter</option>');
    expect(attr(html, 'select', 'aria-invalid')).toBe('false');
    expect(attr(html, 'select', 'aria-describedby')).toBeUndefined();
  });

  it('ties hint and error to the select and marks it invalid', () => {
    const html = render(<SelectField id="kind" label="Art" hint="Wählen Sie eine Art." error="Pflichtfeld" required />);
    expect(attr(html, 'select', 'aria-describedby')).toBe('kind-hint kind-error');
    expect(attr(html, 'select', 'aria-invalid')).toBe('true');
    expect(attr(html, 'select', 'aria-required')).toBe('true');
    expect(html).toMatch(/<p id="kind-hint"[^>]*>Wählen Sie eine Art\.<\/p>/);
    expect(html).toMatch(/<p id="kind-error" role="alert"[^>]*>Pflichtfeld<\/p>/);
  });

  it('keeps a hidden label for screen readers and takes grouped options as children', () => {
    const html = render(
      <SelectField id="q" label="Zitat" hideLabel>
        <optgroup label="Aus dem Transkript">
          <option value="x">x</option>
        </optgroup>
      </SelectField>,
    );
    expect(html).toMatch(/<label for="q" class="sr-only">Zitat<\/label>/);
    expect(html).toContain('<optgroup label="Aus dem Transkript"><option value="x">x</option></optgroup>');
  });

  it('names options by a function and falls back to the value', () => {
    expect(optionsOf([7, 8], (h) => `${h} Uhr`)).toEqual([
      { value: 7, label: '7 Uhr' },
      { value: 8, label: '8 Uhr' },
    ]);
    expect(optionsOf(['x', 'y'] as const, { x: 'Iks' })).toEqual([
      { value: 'x', label: 'Iks' },
      { value: 'y', label: 'y' },
    ]);
  });
});
