import { createEditor, Editor, Transforms } from 'slate';
import { describe, expect, it } from 'vitest';
import { withTimedHistory } from '../../../../src/client/form-engine/widgets/rich-text/timed-history';

function setUp() {
  let clock = 10_000;
  const editor = withTimedHistory(createEditor(), () => clock);
  editor.children = [{ type: 'paragraph', children: [{ text: '' }] }];
  Transforms.select(editor, Editor.end(editor, []));
  const type = (text: string, afterMs: number) => {
    clock += afterMs;
    editor.insertText(text);
    editor.onChange();
  };
  return { editor, type, text: () => Editor.string(editor, []) };
}

describe('rich-text undo history (changes within 1000 ms share a step, at most 100 steps)', () => {
  it('undoes edits made within 1000 ms of each other as one step', () => {
    const { editor, type, text } = setUp();
    type('a', 0);
    type('b', 400);
    type('c', 999);
    type('d', 1000);
    expect(text()).toBe('abcd');
    editor.undo();
    expect(text()).toBe('abc');
    editor.undo();
    expect(text()).toBe('');
  });

  it('groups by time even when the edits are not adjacent typing', () => {
    const { editor, type, text } = setUp();
    type('hello', 0);
    Transforms.select(editor, Editor.start(editor, []));
    type('>', 300);
    editor.undo();
    expect(text()).toBe('');
  });

  it('keeps at most 100 undo steps', () => {
    const { editor, type, text } = setUp();
    for (let i = 0; i < 120; i += 1) type('x', 1500);
    expect(editor.history.undos).toHaveLength(100);
    for (let i = 0; i < 150; i += 1) editor.undo();
    expect(text()).toBe('x'.repeat(20));
  });
});
