import { proxy, ref } from 'valtio';

export interface QuestionOptions {
  /** The dialog's title; default "Please confirm". */
  header?: string;
  /** The button that says yes; default "Yes". */
  accept?: string;
  /** The button that says no; default "No". */
  reject?: string;
  /** A yes that removes or replaces something: the yes button is red and the no button has focus. */
  danger?: boolean;
}

export interface Question extends Required<QuestionOptions> {
  message: string;
  answer: (yes: boolean) => void;
}

/** The question on screen, if any (one at a time: the console asks, the operator answers). */
export const questionStore = proxy<{ current: Question | null }>({ current: null });

/**
 * Asks the operator a yes/no question in the console's own dialog (not the browser's `confirm`,
 * which blocks the page, cannot be styled and shows the site's address as its title). Resolves true
 * on the yes button; false on no, Escape or closing. A new question answers an unanswered one "no".
 */
export function ask(message: string, options: QuestionOptions = {}): Promise<boolean> {
  return new Promise((resolve) => {
    questionStore.current?.answer(false);
    const question: Question = {
      message,
      header: options.header ?? 'Please confirm',
      accept: options.accept ?? 'Yes',
      reject: options.reject ?? 'No',
      danger: options.danger ?? false,
      answer: (yes) => {
        if (questionStore.current === question) questionStore.current = null;
        resolve(yes);
      },
    };
    questionStore.current = ref(question);
  });
}
