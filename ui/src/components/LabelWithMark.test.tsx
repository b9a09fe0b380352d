import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LabelWithMark } from './LabelWithMark';

describe('a label and its mark', () => {
  it.each([
    ['the mark goes with the last word', 'What would you like us to know before your visit?', '<span>opt</span>', 'What would you like us to know before your <span class="glue">visit?<span>opt</span></span>'],
    ['a one-word label is glued whole', 'Email', '<span>opt</span>', '<span class="glue">Email<span>opt</span></span>'],
    ['no mark, no glue', 'Email', null, 'Email'],
  ])('%s', (_, label, mark, want) => {
    const html = renderToString(<LabelWithMark label={label} mark={mark && <span>opt</span>} />);
    expect(html.replace(/class="[^"]*glue[^"]*"/, 'class="glue"')).toBe(want);
  });
});
