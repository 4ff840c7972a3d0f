/** Slate's custom types for the portal's rich-text documents (src/shared/rich-text.ts). */
import type { BaseEditor } from 'slate';
import type { HistoryEditor } from 'slate-history';
import type { ReactEditor } from 'slate-react';
import type { RichTextElement, RichTextText } from '../../../../shared/rich-text';

export type RichTextEditor = BaseEditor & ReactEditor & HistoryEditor;

declare module 'slate' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface CustomTypes {
    Editor: RichTextEditor;
    Element: RichTextElement;
    Text: RichTextText;
  }
}
