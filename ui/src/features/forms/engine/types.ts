// What the engine reads of a form: a definition (tests, the shared vectors)
// and a page's view of it (forms.View) both have this shape.
import type { Rule } from '../../../generated/forms';

export interface EngineOption {
  value: string;
}

export interface EngineField {
  id: string;
  type: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  min?: number;
  max?: number;
  integer?: boolean;
  minDate?: string;
  maxDate?: string;
  options?: EngineOption[];
  minChoices?: number;
  maxChoices?: number;
  scale?: number;
  param?: string;
}

export interface EngineStep {
  id: string;
  fields: EngineField[];
}

export interface EngineForm {
  steps: EngineStep[];
  rules: Rule[] | null;
}

// Answers by field id: a list of values each (one for most types, the
// choices of a multiple choice, none when skipped).
export type Answers = Record<string, string[]>;
