import type { ActionResult, FieldError } from '../../../generated/web';
import type { Answers } from '../engine/types';

// fromAction is what a post without JavaScript sent, back on its page:
// each answer (answers.<id>) with all its values.
export function fromAction(a: ActionResult): Answers {
  const out: Answers = {};
  for (const [name, v] of Object.entries(a.values ?? {})) {
    if (name.startsWith('answers.')) out[name.slice(8)] = a.lists?.[name] ?? [v];
  }
  return out;
}

// messagesOf is a refused post's message for each answer, by question.
export function messagesOf(fields: Record<string, FieldError> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, f] of Object.entries(fields ?? {})) if (path.startsWith('answers.')) out[path.slice(8)] = f.message;
  return out;
}
