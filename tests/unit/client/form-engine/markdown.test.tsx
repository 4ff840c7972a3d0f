import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../../../src/client/form-engine/markdown';

const html = (text: string) =>
  renderToStaticMarkup(<Markdown options={{ disableParsingRawHTML: true }}>{text}</Markdown>);

describe('Markdown (in place of markdown-to-jsx for rjsf)', () => {
  it('renders inline code, strong and emphasis', () => {
    expect(html('Unsupported field schema for field `root_a`: **no type**, *really* _none_.')).toBe(
      '<span>Unsupported field schema for field <code>root_a</code>: <strong>no type</strong>, <em>really</em> <em>none</em>.</span>',
    );
  });

  it('shows HTML and links as the text they are', () => {
    expect(html('<img src=x onerror=alert(1)> [site](javascript:alert(1))')).toBe(
      '<span>&lt;img src=x onerror=alert(1)&gt; [site](javascript:alert(1))</span>',
    );
  });

  it('leaves snake_case words and lone stars alone, and reads nothing inside code', () => {
    expect(html('a_b_c 2 * 3 `**x**`')).toBe('<span>a_b_c 2 * 3 <code>**x**</code></span>');
  });

  it('passes data attributes through and renders a non-string child as it is', () => {
    expect(
      renderToStaticMarkup(
        <Markdown data-testid="markdown">
          <b>x</b>
        </Markdown>,
      ),
    ).toBe('<span data-testid="markdown"><b>x</b></span>');
  });
});
