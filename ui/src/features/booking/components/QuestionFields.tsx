import type { View } from '../../../generated/forms';
import { FormField } from '../../forms/components/FormField';
import { normalized, walk } from '../../forms/engine/logic';

interface Props {
  questions: View;
  answers: Record<string, string[]>;
  errors: Record<string, string>;
  lang: string;
  onAnswer: (id: string, values: string[]) => void;
}

// QuestionFields are a calendar's own questions after the contact fields:
// a booking form of the form engine, each shown or hidden by its rules as
// the booker answers.
export function QuestionFields({ questions, answers, errors, lang, onAnswer }: Props) {
  const reach = walk(questions, normalized(questions, answers));
  return (
    <>
      {questions.steps
        .flatMap((s) => s.fields)
        .filter((f) => reach.visible.has(f.id))
        .map((f) => (
          <FormField key={f.id} field={f} values={answers[f.id] ?? []} error={errors[f.id]} region={questions.region} lang={lang} onChange={(v) => onAnswer(f.id, v)} />
        ))}
    </>
  );
}
