import type { ReactNode } from 'react';
import type { FieldView } from '../../../generated/forms';

// ownText is a text of the business's as its field shows it: marked with
// its language where the business did not translate the field into the
// page's (WCAG 3.1.2), else as it is, so a translated label keeps its
// mark glued to its last word (LabelWithMark).
export function ownText(field: FieldView, text: string | undefined): ReactNode {
  return field.lang && text ? <span lang={field.lang}>{text}</span> : text;
}
